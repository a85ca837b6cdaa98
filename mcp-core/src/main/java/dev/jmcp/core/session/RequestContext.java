package dev.jmcp.core.session;

import dev.jmcp.core.spi.Principal;
import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.LoggingLevel;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * What a {@link RequestHandler} knows about the request it answers. Implemented by the session;
 * thread-safe.
 *
 * <p>A request is of one of two eras. A <em>stateless</em> request (2026-07-28 and later) names its
 * revision, the client's capabilities and identity in its own {@code _meta}, and the handler must
 * take them from here, never from earlier requests. Any other request belongs to the session that
 * the {@code initialize} handshake opened (2024-11-05 to 2025-11-25), and these methods answer from
 * the handshake. Handlers written against this interface serve both eras.
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

    /**
     * @return true when the request carries its revision in {@code _meta} (2026-07-28 and later) and
     *         is served on its own, without a session
     */
    boolean isStateless();

    /**
     * @return the revision the request is served under: the one its {@code _meta} names when it is
     *         stateless, else the session's; null only before {@code initialize}
     */
    String protocolVersion();

    /**
     * @return what the client supports for this request: from its {@code _meta} when it is
     *         stateless, else from the handshake; {@link ClientCapabilities#none()} when unknown;
     *         never null
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32602} when the request's
     *         capabilities cannot be read
     */
    ClientCapabilities clientCapabilities();

    /** @return the client program, from the request's {@code _meta} or the handshake; may be null */
    Implementation clientInfo();

    /**
     * @return whom the transport authenticated this request as (over HTTP with
     *         {@link dev.jmcp.core.auth.ResourceProtection}: the principal of the request's own bearer
     *         token, never of an earlier request of the session); empty when the transport takes no
     *         OAuth (stdio) or the server is not protected. Empty by default
     * @since 0.1
     */
    default Optional<Principal> principal() {
        return Optional.empty();
    }

    /**
     * @return for a stateless request, the lowest log level the client asked for in
     *         {@code io.modelcontextprotocol/logLevel}, or null when it wants no log messages; null
     *         for a request of a session (whose level, if any, {@code logging/setLevel} set)
     */
    LoggingLevel logLevel();

    /**
     * Sends {@code notifications/message} about this request, on its response stream. For a
     * stateless request only when it asked for log messages at {@code level} or below: the spec
     * forbids any other. For a request of a session it is always sent; a feature that answers
     * {@code logging/setLevel} filters before it calls this.
     *
     * @param level  never null
     * @param logger the logger's name; may be null
     * @param data   the message: a string or any JSON; never null
     * @return completes when the transport has taken it, or at once when it was not sent; never null
     */
    CompletableFuture<Void> log(LoggingLevel level, String logger, JsonValue data);

    /**
     * @return {@code params.inputResponses} of a retried multi round-trip request: the client's
     *         answers to the input requests of the earlier {@code input_required} result, by key;
     *         empty when there are none; never null
     */
    Map<String, JsonObject> inputResponses();

    /**
     * @return the payload sealed into the {@code params.requestState} this retry carries; null when
     *         it carries none
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32602} naming
     *         {@code params.requestState} when it was changed, has expired, was issued by another
     *         server or for another request
     */
    String requestState();

    /**
     * Seals {@code payload} into a {@code requestState} for an
     * {@link dev.jmcp.schema.common.InputRequiredResult} answering this request: the retry gets it
     * back from {@link #requestState()}, and only a retry of the same method about the same name or
     * URI, before it expires.
     *
     * @param payload the state to carry; readable by the client, so no secrets; never null
     * @return the opaque state to send; never null
     */
    String sealRequestState(String payload);
}
