package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.resources.Blob;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class CountingBlobSinkTest {
    @Test
    void reportsTheBytesOfEveryBlobAsTheyAreDecodedAndPassesThemOn() throws Exception {
        List<Long> reported = new ArrayList<>();
        BlobSink sink = new CountingBlobSink(BlobSink.IN_MEMORY, reported::add);

        BlobSink.Target first = sink.open();
        first.write(new byte[] {1, 2, 3, 4}, 1, 2);
        first.write(new byte[] {5}, 0, 1);
        Blob blob = first.finish();
        BlobSink.Target second = sink.open();
        second.write(new byte[10], 0, 10);
        second.finish();

        assertEquals(List.of(2L, 3L, 13L), reported);
        assertArrayEquals(new byte[] {2, 3, 5}, blob.toByteArray());
    }
}
