package dev.jmcp.transport.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.jmcp.schema.McpException;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class StdioTransportWriteTest {
    private static final McpCodec CODEC = McpCodec.defaults();
    private static final JsonProvider JSON = JsonProvider.provider();

    private final Pipe input = new Pipe();
    private final Pipe output = new Pipe();
    private final Recorder recorder = new Recorder();
    private StdioTransport transport;

    @AfterEach
    void closeTransport() {
        if (transport != null) {
            transport.close();
        }
        assertEquals(List.of(), recorder.violations);
    }

    private static JsonRpcPayload parse(String line) {
        return CODEC.read(line.getBytes(StandardCharsets.UTF_8), PendingRequests.NONE);
    }

    @Test
    void sendWritesOneLineAndCompletesAfterTheFlush() throws Exception {
        transport = StdioTransport.of(input.in, output.out);
        transport.start(recorder);
        transport.send(new JsonRpcResultResponse(RequestId.of(3), EmptyResult.of())).get(5, TimeUnit.SECONDS);
        // completed means flushed: the bytes are already in the pipe
        assertEquals("{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{}}", output.readLine(0 + 5));
    }

    @Test
    void concurrentSendsFromEightThreadsNeverInterleave() throws Exception {
        transport = StdioTransport.of(input.in, output.out);
        transport.start(recorder);
        int threads = 8;
        int each = 250;
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> senders = new ArrayList<>();
        List<CompletableFuture<Void>> sent = java.util.Collections.synchronizedList(new ArrayList<>());
        for (int t = 0; t < threads; t++) {
            int sender = t;
            Thread thread = new Thread(() -> {
                try {
                    go.await();
                } catch (InterruptedException e) {
                    return;
                }
                for (int i = 0; i < each; i++) {
                    // long enough that a message spans several writes of the codec's and the pipe's
                    JsonObject params = JSON.createObjectBuilder().add("sender", sender).add("seq", i)
                            .add("filler", Character.toString('a' + sender).repeat(3000 + sender * 1000)).build();
                    sent.add(transport.send(new JsonRpcNotification("test/n", params)));
                }
            });
            senders.add(thread);
            thread.start();
        }
        go.countDown();
        for (Thread thread : senders) {
            thread.join(10_000);
        }
        CompletableFuture.allOf(sent.toArray(CompletableFuture[]::new)).get(10, TimeUnit.SECONDS);

        Map<Integer, Integer> nextSeq = new HashMap<>();
        for (int n = 0; n < threads * each; n++) {
            String line = output.readLine(5);
            JsonRpcNotification notification = assertInstanceOf(JsonRpcNotification.class, parse(line));
            JsonObject params = (JsonObject) notification.params();
            int sender = params.getInt("sender");
            assertEquals(Character.toString('a' + sender).repeat(3000 + sender * 1000), params.getString("filler"));
            assertEquals(nextSeq.getOrDefault(sender, 0), params.getInt("seq"), "each sender's order is kept");
            nextSeq.put(sender, params.getInt("seq") + 1);
        }
        for (int t = 0; t < threads; t++) {
            assertEquals(each, nextSeq.get(t));
        }
    }

    @Test
    void aSixteenMebibyteBlobStreamsFromItsSourceInBoundedWrites() throws Exception {
        long size = 16L * 1024 * 1024;
        MeasuringSink sink = new MeasuringSink();
        transport = StdioTransport.of(input.in, sink);
        transport.start(recorder);
        Blob blob = Blob.ofStream(() -> new GeneratedBytes(size), size);
        JsonRpcResultResponse response = new JsonRpcResultResponse(RequestId.of(9),
                ReadResourceResult.of(BlobResourceContents.of("file:///big.bin", "application/octet-stream", blob)));

        transport.send(response).get(60, TimeUnit.SECONDS);

        long base64 = (size + 2) / 3 * 4;
        assertTrue(sink.total > base64 && sink.total < base64 + 500, "wrote " + sink.total + " bytes");
        assertEquals('\n', sink.last, "the message ends its line");
        assertEquals(1, sink.newlines, "one line");
        assertTrue(sink.largestWrite <= StdioSettings.DEFAULT_WRITE_BUFFER_BYTES,
                "the largest single write was " + sink.largestWrite + " bytes");
        assertTrue(sink.writes > 300, "the output was written in many pieces: " + sink.writes);
        assumeTrue(sink.allocated >= 0, "this JVM cannot count a thread's allocations: the write sizes passed,"
                + " the allocation bound was not checked");
        // the blob is 16 MiB and its base64 text 21 MiB; neither may be built whole
        assertTrue(sink.allocated < 4L * 1024 * 1024, "the writer thread allocated " + sink.allocated + " bytes");
    }

    @Test
    void aFailingOutputFailsTheSendAndClosesTheTransport() throws Exception {
        OutputStream broken = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                throw new IOException("disk on fire");
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                throw new IOException("disk on fire");
            }
        };
        transport = StdioTransport.of(input.in, broken);
        transport.start(recorder);
        ExecutionException failure = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                () -> transport.send(new JsonRpcNotification("n", null)).get(5, TimeUnit.SECONDS));
        assertInstanceOf(McpException.class, failure.getCause());
        assertTrue(failure.getCause().getMessage().contains("disk on fire"), failure.getCause().getMessage());
        Throwable cause = recorder.nextClosed().cause();
        assertNotNull(cause);
        assertTrue(cause.getMessage().contains("disk on fire"), cause.getMessage());
        ExecutionException later = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                () -> transport.send(new JsonRpcNotification("n", null)).get(5, TimeUnit.SECONDS));
        assertInstanceOf(McpException.class, later.getCause());
    }

    @Test
    void closeWritesWhatIsQueuedThenEndsTheOutputAndLaterSendsFail() throws Exception {
        transport = StdioTransport.of(input.in, output.out);
        transport.start(recorder);
        List<CompletableFuture<Void>> sent = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            sent.add(transport.send(new JsonRpcNotification("test/" + i, null)));
        }
        transport.close();
        for (CompletableFuture<Void> future : sent) {
            assertTrue(future.isDone() && !future.isCompletedExceptionally());
        }
        for (int i = 0; i < 200; i++) {
            assertEquals("test/" + i, ((JsonRpcNotification) parse(output.readLine(5))).method());
        }
        assertNull(output.readLine(5));
        assertNull(recorder.nextClosed().cause());
        CompletableFuture<Void> late = transport.send(new JsonRpcNotification("late", null));
        assertTrue(late.isCompletedExceptionally());
    }

    @Test
    void closingFromASendsCallbackWritesWhatIsQueuedAndCloses() throws Exception {
        CountDownLatch gate = new CountDownLatch(1);
        OutputStream gated = new OutputStream() {
            @Override
            public void write(int b) throws IOException {
                write(new byte[] {(byte) b}, 0, 1);
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                try {
                    gate.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    throw new java.io.InterruptedIOException();
                }
                output.out.write(b, off, len);
            }

            @Override
            public void close() throws IOException {
                output.out.close();
            }
        };
        transport = StdioTransport.of(input.in, gated);
        transport.start(recorder);
        CompletableFuture<Void> first = transport.send(new JsonRpcNotification("first", null));
        transport.send(new JsonRpcNotification("second", null));
        List<String> closedOn = new java.util.concurrent.CopyOnWriteArrayList<>();
        first.thenRun(() -> {
            closedOn.add(Thread.currentThread().getName());
            transport.close();
        });
        gate.countDown();
        assertNull(recorder.nextClosed().cause());
        assertTrue(closedOn.get(0).startsWith("jmcp-stdio-writer-"), closedOn::toString);
        assertEquals("first", ((JsonRpcNotification) parse(output.readLine(5))).method());
        assertEquals("second", ((JsonRpcNotification) parse(output.readLine(5))).method());
        assertNull(output.readLine(5));
    }

    @Test
    void shutdownOutputEndsTheOutputButReadingGoesOn() throws Exception {
        transport = StdioTransport.of(input.in, output.out);
        transport.start(recorder);
        transport.send(new JsonRpcNotification("before", null));
        transport.shutdownOutput().get(5, TimeUnit.SECONDS);
        assertEquals("before", ((JsonRpcNotification) parse(output.readLine(5))).method());
        assertNull(output.readLine(5));
        assertTrue(transport.send(new JsonRpcNotification("after", null)).isCompletedExceptionally());

        input.write(StdioTransportReadTest.note("still/read") + "\n");
        assertEquals("still/read", ((JsonRpcNotification) recorder.nextMessage()).method());
        input.out.close();
        assertNull(recorder.nextClosed().cause());
    }

    @Test
    void aResultWhoseBlobCannotBeReadIsReplacedByAnErrorAndTheConnectionGoesOn() throws Exception {
        transport = StdioTransport.of(input.in, output.out);
        transport.start(recorder);
        Blob unreadable = Blob.ofStream(() -> {
            throw new IOException("file vanished");
        }, -1);
        Blob failsHalfway = Blob.ofStream(() -> new GeneratedBytes(1024 * 1024) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (position() > 512 * 1024) {
                    throw new IOException("disk error halfway");
                }
                return super.read(b, off, len);
            }
        }, -1);

        CompletableFuture<Void> first = transport.send(result(1, unreadable));
        CompletableFuture<Void> second = transport.send(result(2, failsHalfway));
        transport.send(new JsonRpcNotification("after", null)).get(5, TimeUnit.SECONDS);

        assertTrue(first.isCompletedExceptionally());
        assertTrue(second.isCompletedExceptionally());
        // nothing of the first reached the output: only the error in its place
        assertError(1, output.readLine(5));
        // the second broke off mid-line: the line is ended, so the peer loses that line only
        ProtocolException broken = org.junit.jupiter.api.Assertions.assertThrows(ProtocolException.class,
                () -> parse(output.readLine(5)));
        assertEquals(ErrorCodes.PARSE_ERROR, broken.code());
        assertError(2, output.readLine(5));
        assertEquals("after", ((JsonRpcNotification) parse(output.readLine(5))).method());
    }

    @Test
    void aResultWhoseBlobGivesMoreOrFewerBytesThanItAnnouncedIsReplacedByAnError() throws Exception {
        transport = StdioTransport.of(input.in, output.out);
        transport.start(recorder);
        Blob shorter = Blob.ofStream(() -> new java.io.ByteArrayInputStream(new byte[90]), 100);
        Blob longer = Blob.ofStream(() -> new java.io.ByteArrayInputStream(new byte[110]), 100);

        CompletableFuture<Void> first = transport.send(result(1, shorter));
        CompletableFuture<Void> second = transport.send(result(2, longer));
        transport.send(new JsonRpcNotification("after", null)).get(5, TimeUnit.SECONDS);

        // neither body went out truncated or padded: each answer is the error in its place
        ExecutionException failed = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class, first::get);
        assertTrue(failed.getCause().getMessage().contains("file:///x announced 100 bytes but its stream ended after 90"),
                failed.getCause().getMessage());
        failed = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class, second::get);
        assertTrue(failed.getCause().getMessage().contains("file:///x announced 100 bytes but its stream has more"),
                failed.getCause().getMessage());
        assertError(1, output.readLine(5));
        assertError(2, output.readLine(5));
        assertEquals("after", ((JsonRpcNotification) parse(output.readLine(5))).method());
    }

    private static JsonRpcResultResponse result(long id, Blob blob) {
        return new JsonRpcResultResponse(RequestId.of(id),
                ReadResourceResult.of(BlobResourceContents.of("file:///x", "application/octet-stream", blob)));
    }

    private static void assertError(long id, String line) {
        JsonRpcErrorResponse error = assertInstanceOf(JsonRpcErrorResponse.class, parse(line));
        assertEquals(RequestId.of(id), error.id());
        assertEquals(ErrorCodes.INTERNAL_ERROR, error.error().code());
    }

    /** Generates bytes without holding them. */
    static class GeneratedBytes extends InputStream {
        private final long size;
        private long position;

        GeneratedBytes(long size) {
            this.size = size;
        }

        long position() {
            return position;
        }

        @Override
        public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            if (position >= size) {
                return -1;
            }
            int n = (int) Math.min(len, size - position);
            for (int i = 0; i < n; i++) {
                b[off + i] = (byte) (position + i);
            }
            position += n;
            return n;
        }
    }

    /**
     * Counts what is written and never stores it; remembers the largest single write and, where the
     * JVM can tell, how many bytes the writing thread allocated between the first write and the last.
     */
    static final class MeasuringSink extends OutputStream {
        long total;
        long writes;
        int largestWrite;
        int newlines;
        int last = -1;
        long allocated = -1;
        private long allocatedAtFirstWrite = -1;

        @Override
        public void write(int b) {
            write(new byte[] {(byte) b}, 0, 1);
        }

        @Override
        public void write(byte[] b, int off, int len) {
            long now = Allocation.ofCurrentThread();
            if (allocatedAtFirstWrite < 0) {
                allocatedAtFirstWrite = now;
            } else if (now >= 0) {
                allocated = now - allocatedAtFirstWrite;
            }
            total += len;
            writes++;
            largestWrite = Math.max(largestWrite, len);
            for (int i = off; i < off + len; i++) {
                if (b[i] == '\n') {
                    newlines++;
                }
            }
            if (len > 0) {
                last = b[off + len - 1];
            }
        }
    }
}
