package dev.jmcp.schema.resources;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Random;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** A stream blob with a known length gives exactly that many bytes, or its read fails naming both counts. */
class BlobOfStreamLengthTest {

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {0, 1, 10, 8192, 100_003})
    void aStreamOfExactlyTheAnnouncedLengthIsReadWhole(int size) throws IOException {
        byte[] bytes = bytes(size);
        Blob blob = Blob.ofStream(() -> new ByteArrayInputStream(bytes), size);

        assertArrayEquals(bytes, blob.toByteArray());
        assertEquals(size, blob.transferTo(OutputStream.nullOutputStream()));
        try (InputStream in = blob.open()) {
            for (byte expected : bytes) {
                assertEquals(expected & 0xFF, in.read());
            }
            assertEquals(-1, in.read());
        }
    }

    @Test
    void aStreamShorterThanAnnouncedFailsTheReadNamingBothCounts() {
        Blob blob = Blob.ofStream(() -> new ByteArrayInputStream(bytes(90)), 100);

        IOException e = assertThrows(IOException.class, () -> blob.transferTo(OutputStream.nullOutputStream()));
        assertTrue(e.getMessage().contains("announced 100 bytes but its stream ended after 90"), e.getMessage());
    }

    @Test
    void aStreamLongerThanAnnouncedFailsTheReadNamingBothCounts() {
        Blob blob = Blob.ofStream(() -> new ByteArrayInputStream(bytes(110)), 100);

        IOException e = assertThrows(IOException.class, () -> blob.transferTo(OutputStream.nullOutputStream()));
        assertTrue(e.getMessage().contains("announced 100 bytes but its stream has more (at least 101)"),
                e.getMessage());
    }

    @Test
    void aLongerStreamGivesNoByteBeyondTheAnnouncedLengthAndIsReadOneBytePastIt() throws IOException {
        AtomicLong taken = new AtomicLong();
        Blob blob = Blob.ofStream(() -> new Endless(taken), 100);

        try (InputStream in = blob.open()) {
            byte[] buffer = new byte[1000];
            int got = 0;
            for (int n; got < 100 && (n = in.read(buffer, got, buffer.length - got)) > 0; ) {
                got += n;
            }
            assertEquals(100, got, "the reader gets the announced bytes");
            assertEquals(100, taken.get(), "nothing past the announced length is read until asked for");
            assertThrows(IOException.class, () -> in.read(buffer));
            assertEquals(101, taken.get(), "an endless stream is read one byte past the announced length, no more");
        }
    }

    @Test
    void aStreamOfUnknownLengthIsNotChecked() {
        Blob blob = Blob.ofStream(() -> new ByteArrayInputStream(bytes(7)), -1);

        assertEquals(7, blob.toByteArray().length);
    }

    @Test
    void skippedBytesAreSkippedByTheSourceNotReadAndCount() throws IOException {
        byte[] bytes = bytes(10_000);
        AtomicLong readThrough = new AtomicLong();
        Blob blob = Blob.ofStream(() -> new ByteArrayInputStream(bytes) {
            @Override
            public synchronized int read(byte[] buffer, int offset, int length) {
                int n = super.read(buffer, offset, length);
                readThrough.addAndGet(Math.max(n, 0));
                return n;
            }
        }, bytes.length);

        try (InputStream in = blob.open()) {
            in.skipNBytes(9_000);
            assertEquals(0, readThrough.get(), "a skip reads nothing through the source");
            assertArrayEquals(java.util.Arrays.copyOfRange(bytes, 9_000, 10_000), in.readAllBytes());
            assertEquals(0, in.skip(5), "nothing is skipped past the announced length");
        }
    }

    @Test
    void aStreamShorterThanAnnouncedStillFailsAfterASkip() {
        Blob blob = Blob.ofStream(() -> new ByteArrayInputStream(bytes(90)), 100);

        IOException e = assertThrows(IOException.class, () -> {
            try (InputStream in = blob.open()) {
                in.skipNBytes(50);
                in.readAllBytes();
            }
        });
        assertTrue(e.getMessage().contains("announced 100 bytes but its stream ended after 90"), e.getMessage());
    }

    private static byte[] bytes(int size) {
        byte[] bytes = new byte[size];
        new Random(size).nextBytes(bytes);
        return bytes;
    }

    /** Gives zeros forever, counting them. */
    private static final class Endless extends InputStream {
        private final AtomicLong taken;

        Endless(AtomicLong taken) {
            this.taken = taken;
        }

        @Override
        public int read() {
            taken.incrementAndGet();
            return 0;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) {
            taken.addAndGet(length);
            return length;
        }
    }
}
