package dev.jmcp.transport.netty.internal.sse;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class SseReaderTest {

    @Test
    void fieldsDataLinesCommentsAndLineEndingsAreRead() throws IOException {
        String stream = ": a comment\r\nid: 1-1\r\ndata:\r\n\r\nid: 1-2\nevent: message\ndata: {\"a\":\ndata:1}\n\n"
                + "event: endpoint\ndata: /messages?sessionId=x\n\nretry: 1500\nid: 1-3\n\ndata: unfinished";
        SseReader reader = new SseReader(new ByteArrayInputStream(stream.getBytes(StandardCharsets.UTF_8)));
        List<String> events = new ArrayList<>();
        assertThrows(java.io.EOFException.class, () -> {
            while (reader.next((event, data) -> events.add(event + "=" + new String(data.readAllBytes(),
                    StandardCharsets.UTF_8)))) {
                // collect
            }
        }, "an event cut off by the end of the stream is not handed over as whole");
        assertEquals(List.of("message=", "message={\"a\":\n1}", "endpoint=/messages?sessionId=x"), events);
        assertEquals("1-3", reader.lastEventId(), "an id without data still moves the cursor");
        assertEquals(1500L, reader.retryMillis());
    }

    @Test
    void anEventIsHandedOverWithoutWaitingForMoreBytes() throws IOException {
        byte[] event = "id: 2-1\nevent: message\ndata: {}\n\n".getBytes(StandardCharsets.UTF_8);
        // a stream that would block (here: fail) if read past the event
        InputStream in = new InputStream() {
            private int position;

            @Override
            public int read() {
                throw new AssertionError("single bytes are not read");
            }

            @Override
            public int read(byte[] target, int offset, int length) {
                if (position == event.length) {
                    throw new AssertionError("read past the end of the event");
                }
                int n = Math.min(length, event.length - position);
                System.arraycopy(event, position, target, offset, n);
                position += n;
                return n;
            }
        };
        SseReader reader = new SseReader(in);
        List<String> seen = new ArrayList<>();
        assertTrue(reader.next((type, data) -> seen.add(new String(data.readAllBytes(), StandardCharsets.UTF_8))));
        assertEquals(List.of("{}"), seen);
        assertEquals("2-1", reader.lastEventId());
    }

    @Test
    void anEmptyStreamHasNoEvents() throws IOException {
        assertFalse(new SseReader(new ByteArrayInputStream(new byte[0])).next((type, data) -> { }));
    }
}
