package dev.jmcp.core.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.InitializeRequestParams;
import dev.jmcp.schema.lifecycle.ProtocolVersions;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * A handler's answer is sent by the thread that completed it, never from inside the transport's
 * call to {@code onMessage}: a transport may hold its locks there (the HTTP session does, and its
 * connections' event loops then waited for each other while one encoded and wrote an answer).
 */
class QuickAnswerThreadTest {
    /** What the server sent, and whether the thread delivering a message sent it, from inside that delivery. */
    private record Sent(JsonRpcPayload payload, boolean insideDelivery) {
    }

    /** Runs each task on a thread of its own and returns once it has finished: every answer is ready early. */
    private static final class FinishedBeforeReturn extends AbstractExecutorService {
        private volatile boolean shutdown;

        @Override
        public void execute(Runnable task) {
            Thread thread = new Thread(task, "handler");
            thread.start();
            try {
                thread.join();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }

        @Override
        public void shutdown() {
            shutdown = true;
        }

        @Override
        public List<Runnable> shutdownNow() {
            shutdown = true;
            return List.of();
        }

        @Override
        public boolean isShutdown() {
            return shutdown;
        }

        @Override
        public boolean isTerminated() {
            return shutdown;
        }

        @Override
        public boolean awaitTermination(long timeout, TimeUnit unit) {
            return true;
        }
    }

    private final BlockingQueue<Sent> sent = new LinkedBlockingQueue<>();
    /** The thread inside the listener's {@code onMessage} now; null between deliveries. */
    private volatile Thread delivering;
    private McpTransport.Listener listener;

    private final McpTransport transport = new McpTransport() {
        @Override
        public void start(Listener value) {
            listener = value;
        }

        @Override
        public CompletableFuture<Void> send(JsonRpcPayload payload) {
            sent.add(new Sent(payload, Thread.currentThread() == delivering));
            return CompletableFuture.completedFuture(null);
        }

        @Override
        public void close() {
            listener.onClosed(null);
        }
    };

    private void deliver(JsonRpcPayload payload) {
        delivering = Thread.currentThread();
        try {
            listener.onMessage(payload);
        } finally {
            delivering = null;
        }
    }

    @Test
    void anAnswerReadyBeforeTheDispatchReturnsIsSentOutsideTheDelivery() throws Exception {
        ServerSession server = ServerSession.builder(transport).serverInfo(Fixtures.SERVER_INFO)
                .executor(new FinishedBeforeReturn())
                .requestHandler("test/quick", (params, context) -> EmptyResult.of()).build();
        try {
            deliver(new JsonRpcRequest(RequestId.of("init"), McpMethodNames.INITIALIZE, InitializeRequestParams.of(
                    ProtocolVersions.V2025_11_25, ClientCapabilities.none(), Fixtures.CLIENT_INFO)));
            assertNotNull(sent.poll(5, TimeUnit.SECONDS), "the initialize answer");
            deliver(new JsonRpcNotification(McpMethodNames.INITIALIZED, null));
            deliver(new JsonRpcRequest(RequestId.of(2), "test/quick", null));

            Sent answer = sent.poll(5, TimeUnit.SECONDS);
            assertNotNull(answer, "the answer to test/quick");
            assertEquals(RequestId.of(2), ((JsonRpcResultResponse) answer.payload()).id());
            assertFalse(answer.insideDelivery(), "sent from inside the transport's onMessage");
        } finally {
            server.close();
        }
    }
}
