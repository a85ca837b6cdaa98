package dev.jmcp.transport.stdio;

import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.jsonrpc.JsonRpcBatch;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.CancelledNotificationParams;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.BooleanSupplier;

/**
 * The ids of the requests the peer sent that have not been answered yet, so that the end of the
 * input can wait for their answers before the transport reports the close: {@link
 * dev.jmcp.core.spi.McpTransport.Listener} has no "input ended, output still open" signal, and
 * {@code onClosed} makes a session cancel what it is handling.
 *
 * <p>A request leaves the set when its response has been written, or when the peer cancels it
 * (a cancelled request gets no response). A {@code subscriptions/listen} request never enters it:
 * it is a stream that stays open until the server ends it, so the end of the input (the client
 * going away) has no answer to wait for, and waiting would keep the server from exiting for the
 * whole drain timeout.
 */
final class Unanswered {
    private final Set<RequestId> ids = new HashSet<>();

    /** Notes the requests of an inbound payload, and forgets the ones the peer cancels. */
    synchronized void received(JsonRpcPayload payload) {
        for (JsonRpcMessage message : messages(payload)) {
            if (message instanceof JsonRpcRequest request) {
                if (!McpMethodNames.SUBSCRIPTIONS_LISTEN.equals(request.method())) {
                    ids.add(request.id());
                }
            } else if (message instanceof JsonRpcNotification notification
                    && McpMethodNames.CANCELLED.equals(notification.method())
                    && notification.params() instanceof CancelledNotificationParams params
                    && params.requestId() != null) {
                ids.remove(params.requestId());
            }
        }
        notifyAll();
    }

    /** Forgets the requests that an outbound payload, now written, answers. */
    synchronized void written(JsonRpcPayload payload) {
        for (JsonRpcMessage message : messages(payload)) {
            if (message instanceof JsonRpcResultResponse response) {
                ids.remove(response.id());
            } else if (message instanceof JsonRpcErrorResponse response && response.id() != null) {
                ids.remove(response.id());
            }
        }
        notifyAll();
    }

    synchronized int size() {
        return ids.size();
    }

    /**
     * Waits until every request is answered, {@code stop} is true, or the time is up.
     *
     * @return the number of requests still unanswered
     */
    synchronized int awaitEmpty(long timeoutNanos, BooleanSupplier stop) throws InterruptedException {
        long deadline = System.nanoTime() + timeoutNanos;
        while (!ids.isEmpty() && !stop.getAsBoolean()) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                break;
            }
            long millis = Math.max(1, Math.min(left / 1_000_000, 100));
            // woken by received/written/wake; the cap re-reads stop, which others change without the lock
            wait(millis);
        }
        return ids.size();
    }

    synchronized void wake() {
        notifyAll();
    }

    private static List<JsonRpcMessage> messages(JsonRpcPayload payload) {
        if (payload instanceof JsonRpcBatch batch) {
            return batch.messages();
        }
        return List.of((JsonRpcMessage) payload);
    }
}
