package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ByteRange;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.ReadResourceResult;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A range of a served file is read from its offset: the bytes before it are not read again, which
 * is what lets a download resumed at 1 GiB cost the rest only. Measured by the bytes this process
 * read ({@code rchar} of {@code /proc/self/io}), not by time.
 */
class RangedFileReadTest {
    private static final int SIZE = 64 << 20;
    private static final int TAIL = 4096;

    @TempDir
    Path dir;

    private static long bytesReadByThisProcess() throws Exception {
        for (String line : Files.readAllLines(Path.of("/proc/self/io"))) {
            if (line.startsWith("rchar:")) {
                return Long.parseLong(line.substring("rchar:".length()).trim());
            }
        }
        throw new AssertionError("/proc/self/io has no rchar line");
    }

    @Test
    void aRangeAtTheEndOfALargeFileDoesNotReadWhatComesBeforeIt() throws Exception {
        Path root = dir.toRealPath();
        byte[] bytes = new byte[SIZE];
        new Random(26).nextBytes(bytes);
        Path file = Files.write(root.resolve("big.bin"), bytes);
        // the folder withholds the version of a file written in the last seconds, and a range needs one
        Files.setLastModifiedTime(file, FileTime.from(Instant.now().minusSeconds(3600)));
        try (Harness harness = new Harness(FileSystemResourceProvider.of(root))) {
            McpClient client = harness.client(new Harness.Recording(), VersionNegotiation.auto());
            String uri = file.toUri().toString();
            String version = ConditionalReads.version(client.resources().metadata(uri));

            long before = bytesReadByThisProcess();
            ReadResourceResult tail = client.resources().readRange(uri, new ByteRange(SIZE - TAIL, null, version));
            byte[] got = ((BlobResourceContents) tail.contents().get(0)).blob().toByteArray();
            long read = bytesReadByThisProcess() - before;

            assertArrayEquals(Arrays.copyOfRange(bytes, SIZE - TAIL, SIZE), got);
            assertTrue(read < SIZE / 4, "a range of the last " + TAIL + " bytes of a " + SIZE + "-byte file read "
                    + read + " bytes");
        }
    }
}
