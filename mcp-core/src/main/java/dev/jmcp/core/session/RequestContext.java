package dev.jmcp.core.session;

import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.RequestId;
import jakarta.json.JsonObject;
import java.util.concurrent.CompletableFuture;

/**
 * What a {@link RequestHandler} knows about the request it answers. Implemented by the session;
 * thread-safe.
 *
 * @since 0.1
 */
public interface RequestContext {

    /** @return the request's id; never null */
    RequestId requestId();

    /** @return the request's method; never null */
    String method();

    /** @return the request's {@code _meta}; may be null */
    JsonObject meta();

    /**
     * @return true once the peer has sent {@code notifications/cancelled} for this request or the
     *         session has closed; the handler should then stop, and its answer is not sent
     */
    boolean isCancelled();

    /**
     * Runs {@code listener} when the request is cancelled, at once when it already is. Listeners
     * run on the thread that delivers the cancellation: they must be quick and must not block.
     *
     * @param listener never null
     */
    void onCancel(Runnable listener);

    /** @return the {@code _meta.progressToken} the request carried; null when it asked for no progress */
    ProgressToken progressToken();

    /**
     * Sends {@code notifications/progress} for this request; does nothing when the request carried
     * no progress token or is cancelled.
     *
     * @param progress how far the work has got; must be finite and greater than the last value sent
     * @param total    the value {@code progress} will reach; may be null
     * @param message  a status line for people (dropped under 2024-11-05); may be null
     * @return completes when the transport has taken the notification; never null
     * @throws IllegalArgumentException when {@code progress} does not grow, as the spec requires
     */
    CompletableFuture<Void> progress(double progress, Double total, String message);

    /** @return the session the request arrived on, to send requests or notifications to the peer */
    McpSession session();
}
