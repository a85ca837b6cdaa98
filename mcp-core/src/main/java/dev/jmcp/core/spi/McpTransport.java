package dev.jmcp.core.spi;

import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.util.concurrent.CompletableFuture;

/**
 * The object-level connection a session runs on: it carries {@link JsonRpcPayload}s (messages and
 * batches) to and from one peer. A transport owns the bytes (it reads and writes them with
 * {@link dev.jmcp.schema.codec.McpCodec}); the session never sees them.
 *
 * <p>Contract:
 * <ul>
 *   <li>{@link #start} is called once, by the session, before anything is sent.</li>
 *   <li>The transport calls the {@link Listener}'s methods from one thread at a time, in the order
 *       the input arrived, and never again after {@link Listener#onClosed}. Messages that arrive
 *       before {@code start} are kept and delivered after it.</li>
 *   <li>{@link #send} may be called from any thread at any time, also from inside a listener
 *       callback, and must not block on the peer.</li>
 *   <li>{@link #close} is idempotent; it ends with exactly one {@link Listener#onClosed}, as does
 *       a connection that the peer or the network ends.</li>
 * </ul>
 *
 * @since 0.1
 */
public interface McpTransport {

    /**
     * Starts delivering inbound payloads to {@code listener}.
     *
     * @param listener the session's inbound side; never null
     * @throws IllegalStateException when called a second time
     */
    void start(Listener listener);

    /**
     * Sends one message or batch.
     *
     * @param payload never null
     * @return completes when the transport has taken the payload (written it or buffered it within
     *         its own limits); a transport applies back-pressure by completing it later. Fails with
     *         an {@link dev.jmcp.schema.McpException} when the transport is closed or the write fails.
     *         Never null
     */
    CompletableFuture<Void> send(JsonRpcPayload payload);

    /** Closes the connection; idempotent. The listener then receives {@link Listener#onClosed}. */
    void close();

    /**
     * @return true when the transport carries exactly one stateless request and its answer, then
     *         closes (Streamable HTTP's transport for one 2026-07-28 POST): a server serves it
     *         without counting it among its sessions or its clients. False by default: a
     *         connection that may carry a session
     */
    default boolean carriesOneRequest() {
        return false;
    }

    /**
     * @return the budget that the answers sent on this transport take from while they are made and
     *         until {@link #send} has completed: a session charges what it makes for an answer
     *         (text decoded from a file, blobs staged to report progress) from the moment it is made,
     *         and refuses the request with {@code -32603} naming the budget's setting when it does not
     *         fit; the transport charges what it holds itself (encoded answers waiting for a slow
     *         reader). Shared by every connection and session of one server endpoint. Null by
     *         default: nothing is counted
     * @since 0.1
     */
    @dev.jmcp.schema.Experimental
    default Budget answerBudget() {
        return null;
    }

    /**
     * The session's inbound side, as a transport sees it.
     *
     * @since 0.1
     */
    interface Listener {

        /** @param payload a message or batch that arrived; never null */
        void onMessage(JsonRpcPayload payload);

        /**
         * A message or batch that arrived with the credentials of its request: what a transport that
         * authenticates its requests (HTTP with {@link dev.jmcp.core.auth.ResourceProtection}) calls,
         * once per HTTP request, so that each request is served as the principal of its own token. By
         * default the principal is dropped and {@link #onMessage(JsonRpcPayload)} called: a listener
         * that serves requests (a server session) overrides it.
         *
         * @param payload   a message or batch that arrived; never null
         * @param principal whom the transport authenticated it as; null when it did not
         * @since 0.1
         */
        default void onMessage(JsonRpcPayload payload, Principal principal) {
            onMessage(payload);
        }

        /**
         * Input arrived that could not be read as a message, for example bad JSON or a broken
         * {@link dev.jmcp.schema.codec.CodecLimits} limit. The session fails its own request when
         * the error names one of its outstanding ids; otherwise a server session answers with an
         * error response, and a client session logs it and sends nothing (JSON-RPC has the server
         * answer bad input).
         *
         * @param error what {@link dev.jmcp.schema.codec.McpCodec#read} threw; never null
         */
        void onUnreadable(ProtocolException error);

        /**
         * The connection has ended; nothing more will be delivered.
         *
         * @param cause why, when it failed; null for an orderly close
         */
        void onClosed(Throwable cause);

        /**
         * @return which method each outstanding request of this side called, to pass to
         *         {@link dev.jmcp.schema.codec.McpCodec#read} so that results are read into their
         *         records; never null
         */
        default PendingRequests pendingRequests() {
            return PendingRequests.NONE;
        }

        /**
         * @return the input schemas of the tools the receiving side serves, for a transport that
         *         checks what it mirrors of a {@code tools/call}'s arguments (Streamable HTTP's
         *         {@code Mcp-Param-*} headers of 2026-07-28) before it delivers the call; none by
         *         default: a listener that serves stateless requests overrides it
         * @since 0.1
         */
        @dev.jmcp.schema.Experimental
        default ToolSchemas toolSchemas() {
            return ToolSchemas.none();
        }
    }
}
