package dev.jmcp.transport.netty.internal.client;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EventBoundariesTest {

    @Test
    void eventsEndAtBlankLinesOfEveryLineEndingWhereverThePiecesAreCut() {
        String stream = "id: 1\ndata:\n\n" + "id: 2\r\ndata: {}\r\n\r\n" + ": comment\rdata: x\r\r" + "data: unfinished\n";
        byte[] bytes = stream.getBytes(StandardCharsets.US_ASCII);
        List<Integer> whole = ends(bytes, bytes.length);
        assertEquals(List.of(13, 31, 51), whole, "the index after each blank line's first line break");
        for (int piece = 1; piece < bytes.length; piece++) {
            assertEquals(whole, ends(bytes, piece), "pieces of " + piece + " bytes");
        }
    }

    private static List<Integer> ends(byte[] bytes, int piece) {
        EventBoundaries boundaries = new EventBoundaries();
        ByteBuf buffer = Unpooled.buffer();
        List<Integer> ends = new ArrayList<>();
        for (int from = 0; from < bytes.length; from += piece) {
            int scanned = buffer.writerIndex();
            buffer.writeBytes(bytes, from, Math.min(piece, bytes.length - from));
            for (int end; (end = boundaries.next(buffer, scanned, buffer.writerIndex())) >= 0; scanned = end) {
                ends.add(end);
            }
        }
        return ends;
    }
}
