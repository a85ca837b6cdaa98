package dev.jmcp.core.session;

import dev.jmcp.schema.McpMethod;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.common.EmptyResult;
import java.util.concurrent.CompletableFuture;

/**
 * One end of an MCP connection, on top of a {@link dev.jmcp.core.spi.McpTransport}: the same
 * engine on both sides, which correlates responses with requests (in any order), times requests
 * out, carries {@code notifications/cancelled} and {@code notifications/progress} both ways, bounds
 * the inbound requests in flight, answers {@code ping}, and dispatches every other method to the
 * handler registered for it.
 *
 * <h2>Threads</h2>
 * <ul>
 *   <li>The transport delivers inbound messages on its own thread; the session routes them there
 *       without blocking. Futures returned by {@link #sendRequest} complete on that thread (or on the
 *       timer thread for a timeout), as do {@link ProgressListener}s and cancellation listeners, so
 *       these callbacks must be quick: use the {@code *Async} methods of {@code CompletableFuture}
 *       for slow work.</li>
 *   <li>{@link RequestHandler}s and {@link NotificationHandler}s run on the session's handler
 *       executor (4 daemon threads named
 *       {@code jmcp-<side>-<n>-handler-<k>}, or the executor given to the builder: every session of
 *       a {@link dev.jmcp.core.McpServer} runs on the server's one executor), so a slow handler
 *       never stops the session from reading. Notification handlers run one at a time, in arrival
 *       order.</li>
 *   <li>Timeouts fire on one daemon timer thread, {@code jmcp-<side>-<n>-timer-1}, started by the
 *       session's first request.</li>
 *   <li>Every method of this interface may be called from any thread, also from inside a handler.</li>
 * </ul>
 * {@link #close()} stops the timer and the session's own executor (not one given to the builder)
 * and leaves no thread and no pending entry behind.
 *
 * @since 0.1
 */
public sealed interface McpSession extends AutoCloseable permits ServerSession, ClientSession {

    /**
     * Sends a request and returns the future of its result. Each request gets a fresh numeric id.
     * Cancelling the future (or completing it yourself) sends {@code notifications/cancelled}.
     *
     * @param method     the method; never null
     * @param params     the method's params record, a {@link jakarta.json.JsonObject}, or null
     * @param resultType the type the result must have, such as
     *                   {@link dev.jmcp.schema.resources.ReadResourceResult}, or {@code Object.class};
     *                   never null
     * @param options    timeout and progress; never null
     * @return the result. Fails with a {@link dev.jmcp.schema.jsonrpc.ProtocolException} for an
     *         error response (or a result of another type), {@link RequestTimeoutException},
     *         {@link SessionClosedException}, or a {@link dev.jmcp.schema.McpException} when the
     *         request may not be sent yet (before the handshake). Never null
     */
    <R> CompletableFuture<R> sendRequest(String method, Object params, Class<R> resultType, RequestOptions options);

    /**
     * Sends a request typed by its method: {@code request(McpMethods.RESOURCES_READ, params)} is a
     * future of a {@code ReadResourceResult}.
     *
     * @param method  a request method (not a notification) the codec knows, or one given to it
     * @param params  its params; null for none
     * @param options a timeout of its own and a progress listener; never null
     * @param <P>     the method's params
     * @param <R>     the method's result
     * @return the result, as {@link #sendRequest(String, Object, Class, RequestOptions)} completes it
     */
    default <P, R> CompletableFuture<R> request(McpMethod<P, R> method, P params, RequestOptions options) {
        if (method.isNotification()) {
            throw new IllegalArgumentException(method.name() + " is a notification: send it with sendNotification");
        }
        return sendRequest(method.name(), params, method.resultType(), options);
    }

    /** As {@link #request(McpMethod, Object, RequestOptions)} with {@link RequestOptions#defaults()}. */
    default <P, R> CompletableFuture<R> request(McpMethod<P, R> method, P params) {
        return request(method, params, RequestOptions.defaults());
    }

    /** Sends a request with {@link RequestOptions#defaults()}. @see #sendRequest(String, Object, Class, RequestOptions) */
    default <R> CompletableFuture<R> sendRequest(String method, Object params, Class<R> resultType) {
        return sendRequest(method, params, resultType, RequestOptions.defaults());
    }

    /**
     * Sends a notification.
     *
     * @param method never null
     * @param params the params record, a {@link jakarta.json.JsonObject}, or null
     * @return completes when the transport has taken it; never null
     */
    CompletableFuture<Void> sendNotification(String method, Object params);

    /** @return the peer's answer to {@code ping}; allowed at any time, also before the handshake */
    default CompletableFuture<EmptyResult> ping() {
        return sendRequest(McpMethodNames.PING, null, EmptyResult.class);
    }

    /** @return what the handshake settled; null until it has */
    Negotiated negotiated();

    /** @return the protocol revision in use; null until negotiated */
    default String protocolVersion() {
        Negotiated negotiated = negotiated();
        return negotiated == null ? null : negotiated.protocolVersion();
    }

    /**
     * @return the method of each of this side's outstanding requests by id, for a transport to pass
     *         to {@link dev.jmcp.schema.codec.McpCodec#read} so that results are read into records;
     *         a live view; never null
     */
    PendingRequests pendingRequests();

    /** @return false once the session (or its transport) has closed */
    boolean isOpen();

    /** @return completes when the session has closed, whoever closed it; never null */
    CompletableFuture<Void> onClose();

    /**
     * Closes the session and its transport; idempotent. Outbound requests that still wait fail with
     * {@link SessionClosedException}; inbound requests being handled are cancelled.
     */
    @Override
    void close();
}
