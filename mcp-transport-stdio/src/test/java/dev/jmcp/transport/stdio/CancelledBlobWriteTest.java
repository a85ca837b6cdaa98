package dev.jmcp.transport.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.ReadResourceRequestParams;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/**
 * A read is cancelled while the server is already writing its response: the blob is read lazily
 * as it is written, so the cancellation must reach the source through the transport, and the
 * source is read no further.
 */
class CancelledBlobWriteTest {
    private static final long SIZE = 64L * 1024 * 1024;

    @Test
    void aReadCancelledWhileItsBlobIsWrittenStopsReadingTheSource() throws Exception {
        AtomicLong served = new AtomicLong();
        CountDownLatch started = new CountDownLatch(1);
        CountDownLatch closed = new CountDownLatch(1);
        InMemoryResourceProvider provider = InMemoryResourceProvider.create("slow")
                .addBlob(Resource.builder("slow://big", "big").mimeType("application/octet-stream").size(SIZE)
                        .isCollection(false).build(), Blob.ofStream(() -> new SlowZeros(served, started, closed), SIZE));
        Pipe toServer = new Pipe();
        Pipe toClient = new Pipe();
        try (McpServer server = McpServer.builder().serverInfo("slow", "1").resourceProvider(provider).build()) {
            server.serve(StdioTransport.of(toServer.in, toClient.out));
            try (McpClient client = McpClient.connect(StdioTransport.of(toClient.in, toServer.out))) {
                CompletableFuture<ReadResourceResult> read = client.session().sendRequest(McpMethodNames.RESOURCES_READ,
                        new ReadResourceRequestParams("slow://big", null, null, null), ReadResourceResult.class);
                assertTrue(started.await(10, TimeUnit.SECONDS), "the server started writing the blob");
                read.cancel(true);

                // the source stops: the server closes it, far below the whole blob, and reads it no more
                assertTrue(closed.await(10, TimeUnit.SECONDS), "the server closed the source after the cancel");
                long settled = served.get();
                assertTrue(settled < SIZE / 2, "the source was read no further after the cancel: " + settled + " bytes");
                assertThrows(CancellationException.class, read::join);
                // and the connection goes on (2026-07-28 has no ping: any request shows it)
                client.resources().list(null);
            }
        }
    }

    /** Zeros served slowly, so that the read is still under way when it is cancelled. */
    private static final class SlowZeros extends InputStream {
        static final int CHUNK = 64 * 1024;
        private final AtomicLong served;
        private final CountDownLatch started;
        private final CountDownLatch closed;
        private long left = SIZE;

        /** @param started counted down once two chunks were served; @param closed counted down on close */
        SlowZeros(AtomicLong served, CountDownLatch started, CountDownLatch closed) {
            this.served = served;
            this.started = started;
            this.closed = closed;
        }

        @Override
        public void close() {
            closed.countDown();
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : 0;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            if (left == 0) {
                return -1;
            }
            try {
                Thread.sleep(2); // a slow source, on purpose: the read must still be under way when it is cancelled
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new java.io.InterruptedIOException();
            }
            int n = (int) Math.min(Math.min(length, CHUNK), left);
            java.util.Arrays.fill(buffer, offset, offset + n, (byte) 0);
            left -= n;
            if (served.addAndGet(n) >= 2 * CHUNK) {
                started.countDown();
            }
            return n;
        }
    }
}
