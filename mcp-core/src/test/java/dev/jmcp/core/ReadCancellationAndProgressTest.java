package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.session.RequestOptions;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.ProgressNotificationParams;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReadCancellationAndProgressTest {
    private static final int MIB = 1 << 20;

    /** A source of {@code length} bytes ({@code i % 251}) that counts what is read from it. */
    private static final class CountingSource implements Blob.Source {
        final AtomicLong read = new AtomicLong();
        final AtomicBoolean closed = new AtomicBoolean();
        private final long length;
        private final long slowAfter;

        CountingSource(long length, long slowAfter) {
            this.length = length;
            this.slowAfter = slowAfter;
        }

        @Override
        public InputStream open() {
            return new InputStream() {
                private long position;

                @Override
                public int read() {
                    byte[] one = new byte[1];
                    return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
                }

                @Override
                public int read(byte[] buffer, int offset, int count) {
                    if (position >= length) {
                        return -1;
                    }
                    if (position >= slowAfter) {
                        sleep(); // a slow disk, so that the cancellation lands in the middle
                    }
                    int n = (int) Math.min(count, length - position);
                    for (int i = 0; i < n; i++) {
                        buffer[offset + i] = (byte) ((position + i) % 251);
                    }
                    position += n;
                    read.addAndGet(n);
                    return n;
                }

                @Override
                public void close() {
                    closed.set(true);
                }
            };
        }

        private static void sleep() {
            try {
                Thread.sleep(2); // a slow source, on purpose: the read must still be under way when it is cancelled
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static ResourceSettings staging64() {
        return ResourceSettings.builder().maxStagedBlobBytes(64L * MIB).build();
    }

    @Test
    void cancellingABlobReadStopsReadingItsSourceAndNoResponseIsSent() throws Exception {
        CountingSource source = new CountingSource(64L * MIB, 8L * MIB);
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("big")
                .addBlob(Resource.builder("mem://big.bin", "big.bin").mimeType("application/octet-stream").build(),
                        Blob.ofStream(source, 64L * MIB));
        Harness.Recording recording = new Harness.Recording();
        ExecutorService handlers = Executors.newCachedThreadPool();
        try (Harness harness = new Harness(handlers, staging64(), memory)) {
            McpClient client = harness.client(recording);
            CompletableFuture<Void> eightMiB = new CompletableFuture<>();
            List<ProgressNotificationParams> progress = new CopyOnWriteArrayList<>();
            CompletableFuture<ReadResourceResult> read = client.resources().readAsync("mem://big.bin",
                    RequestOptions.progress(p -> {
                        progress.add(p);
                        if (p.progress() >= 8.0 * MIB) {
                            eightMiB.complete(null);
                        }
                    }));
            eightMiB.get(10, TimeUnit.SECONDS);
            read.cancel(true); // sends notifications/cancelled

            // the server stops: its handler returns (reading the rest, 2 ms a read, would take minutes),
            // and after that nothing can read the source or answer the read: the barrier for both checks
            Harness.await("the source to be closed", source.closed::get);
            handlers.shutdown();
            assertTrue(handlers.awaitTermination(10, TimeUnit.SECONDS), "the read's handler still runs after the "
                    + "cancellation, " + source.read.get() + " bytes read");
            assertTrue(source.read.get() < 64L * MIB, "read " + source.read.get());

            RequestId id = recording.received.stream()
                    .filter(p -> p instanceof JsonRpcRequest r && r.method().equals(McpMethodNames.RESOURCES_READ))
                    .map(p -> ((JsonRpcRequest) p).id()).findFirst().orElseThrow();
            for (JsonRpcPayload sent : recording.sent) {
                boolean answersRead = sent instanceof JsonRpcResultResponse r && r.id().equals(id)
                        || sent instanceof JsonRpcErrorResponse e && id.equals(e.id());
                assertFalse(answersRead, "the server answered the cancelled read: " + sent);
            }
            assertTrue(progress.size() >= 8, "progress: " + progress.size());
            assertEquals(64.0 * MIB, progress.get(0).total());
        }
    }

    @Test
    void aBlobReadThatAsksForProgressReportsTheBytesRead() throws Exception {
        CountingSource source = new CountingSource(5L * MIB + 123, Long.MAX_VALUE);
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("five")
                .addBlob(Resource.of("mem://five.bin", "five.bin"), Blob.ofStream(source, 5L * MIB + 123));
        try (Harness harness = new Harness(memory)) {
            List<ProgressNotificationParams> progress = new CopyOnWriteArrayList<>();
            ReadResourceResult result = harness.client().resources().read("mem://five.bin",
                    RequestOptions.progress(progress::add));
            // one per MiB, then the last bytes; all before the answer
            assertEquals(List.of(1.0 * MIB, 2.0 * MIB, 3.0 * MIB, 4.0 * MIB, 5.0 * MIB, 5.0 * MIB + 123),
                    progress.stream().map(ProgressNotificationParams::progress).toList());
            progress.forEach(p -> assertEquals(5.0 * MIB + 123, p.total()));
            long before = source.read.get();
            assertEquals(5L * MIB + 123, before);
            byte[] bytes = ((BlobResourceContents) result.contents().get(0)).blob().toByteArray();
            assertEquals(5 * MIB + 123, bytes.length);
            assertEquals((byte) (1000 % 251), bytes[1000]);
            assertEquals(before, source.read.get(), "the staged bytes are answered without reading the source again");
        }
    }

    @Test
    void withoutProgressABlobIsNotReadBeforeItIsWritten() throws Exception {
        CountingSource source = new CountingSource(3 * MIB, Long.MAX_VALUE);
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("lazy")
                .addBlob(Resource.of("mem://lazy.bin", "lazy.bin"), Blob.ofStream(source, 3 * MIB));
        try (Harness harness = new Harness(memory)) {
            ReadResourceResult result = harness.client().resources().read("mem://lazy.bin");
            assertEquals(0, source.read.get());
            // the in-memory transport hands the blob itself over; reading it reads the source
            Blob blob = ((BlobResourceContents) result.contents().get(0)).blob();
            assertEquals(3L * MIB, blob.length());
            assertArrayEquals(new byte[] {0, 1, 2}, java.util.Arrays.copyOf(blob.toByteArray(), 3));
            assertEquals(3L * MIB, source.read.get());
        }
    }

    @Test
    void aBlobLongerThanTheStagingLimitIsCountedForProgressAndReadAgainWhenWritten() throws Exception {
        CountingSource source = new CountingSource(2 * MIB + 5, Long.MAX_VALUE);
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("long")
                .addBlob(Resource.of("mem://long.bin", "long.bin"), Blob.ofStream(source, 2 * MIB + 5));
        try (Harness harness = new Harness(ResourceSettings.builder().maxStagedBlobBytes(MIB).build(), memory)) {
            List<ProgressNotificationParams> progress = new CopyOnWriteArrayList<>();
            ReadResourceResult result = harness.client().resources().read("mem://long.bin",
                    RequestOptions.progress(progress::add));
            assertEquals(List.of(1.0 * MIB, 2.0 * MIB, 2.0 * MIB + 5),
                    progress.stream().map(ProgressNotificationParams::progress).toList());
            progress.forEach(p -> assertEquals(2.0 * MIB + 5, p.total()));
            assertEquals(2L * MIB + 5, source.read.get(), "read through once, before the answer");
            // not held: the in-memory transport hands over the blob itself, and reading it reads the source again
            Blob blob = ((BlobResourceContents) result.contents().get(0)).blob();
            assertFalse(blob instanceof Blob.InMemory, blob.toString());
            assertEquals((byte) (MIB % 251), blob.toByteArray()[MIB]);
            assertEquals(2L * (2 * MIB + 5), source.read.get());
        }
    }

    @Test
    void aFileNotStagedIsCountedFromItsOpenChannelAndStillSentOnce(@TempDir Path root) throws Exception {
        byte[] bytes = new byte[2 * MIB + 5];
        new Random(7).nextBytes(bytes);
        Files.write(root.resolve("f.bin"), bytes);
        String uri = root.resolve("f.bin").toRealPath().toUri().toString();
        try (Harness harness = new Harness(ResourceSettings.builder().maxStagedBlobBytes(0).build(),
                FileSystemResourceProvider.of(root))) {
            List<ProgressNotificationParams> progress = new CopyOnWriteArrayList<>();
            ReadResourceResult result = harness.client().resources().read(uri, RequestOptions.progress(progress::add));
            assertEquals(List.of(1.0 * MIB, 2.0 * MIB, 2.0 * MIB + 5),
                    progress.stream().map(ProgressNotificationParams::progress).toList());
            Blob blob = ((BlobResourceContents) result.contents().get(0)).blob();
            assertArrayEquals(bytes, blob.toByteArray(), "the count left the open file to be sent whole");
            assertThrows(UncheckedIOException.class, blob::toByteArray, "sent once, never opened again by name");
        }
    }

    @Test
    void anUnknownLengthThatOutgrowsTheStagingLimitIsReportedOnceAndInOrder() throws Exception {
        CountingSource source = new CountingSource(3 * MIB, Long.MAX_VALUE);
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("unknown")
                .addBlob(Resource.of("mem://u.bin", "u.bin"), Blob.ofStream(source, -1));
        try (Harness harness = new Harness(ResourceSettings.builder().maxStagedBlobBytes(MIB + 7).build(), memory)) {
            List<ProgressNotificationParams> progress = new CopyOnWriteArrayList<>();
            ReadResourceResult result = harness.client().resources().read("mem://u.bin", RequestOptions.progress(progress::add));
            // staging reads past 1 MiB before it gives up; the count goes on from there, not from 0
            assertEquals(List.of(1.0 * MIB, 2.0 * MIB, 3.0 * MIB),
                    progress.stream().map(ProgressNotificationParams::progress).toList());
            assertNull(progress.get(0).total());
            assertEquals(3L * MIB, ((BlobResourceContents) result.contents().get(0)).blob().toByteArray().length);
        }
    }

    @Test
    void unknownLengthIsReportedWithoutTotal() throws Exception {
        CountingSource source = new CountingSource(2 * MIB, Long.MAX_VALUE);
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("unknown")
                .addBlob(Resource.of("mem://u.bin", "u.bin"), Blob.ofStream(source, -1));
        try (Harness harness = new Harness(memory)) {
            List<ProgressNotificationParams> progress = new CopyOnWriteArrayList<>();
            ReadResourceResult result = harness.client().resources().read("mem://u.bin", RequestOptions.progress(progress::add));
            assertEquals(List.of(1.0 * MIB, 2.0 * MIB), progress.stream().map(ProgressNotificationParams::progress).toList());
            assertNull(progress.get(0).total());
            assertEquals(2L * MIB, ((BlobResourceContents) result.contents().get(0)).blob().length());
        }
    }
}
