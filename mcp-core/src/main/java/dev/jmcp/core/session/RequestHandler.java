package dev.jmcp.core.session;

/**
 * Answers the inbound requests of one method. Runs on the session's handler executor, never on
 * the transport's thread.
 *
 * <p>What the handler returns becomes the response: a result record (or a
 * {@link jakarta.json.JsonObject}) is sent as the {@code result}; null is sent as an empty result
 * {@code {}}; a {@link java.util.concurrent.CompletionStage} is answered when it completes, which
 * frees the handler thread for work that waits on I/O. A
 * {@link dev.jmcp.schema.jsonrpc.ProtocolException}, thrown or completing the stage, becomes that
 * error response; anything else becomes {@code -32603} with a message that reveals nothing of the
 * failure, which is logged instead. The session goes on either way.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface RequestHandler {

    /**
     * @param params  the request's params: the method's record, a {@link jakarta.json.JsonObject}
     *                for a method the codec does not know, or null when there were none
     * @param context the request's id, cancellation, progress and session; never null
     * @return the result, null for {@code {}}, or a {@code CompletionStage} of either
     * @throws Exception any failure; see the type's description for the response it becomes
     */
    Object handle(Object params, RequestContext context) throws Exception;
}
