package dev.jmcp.core.session;

/**
 * Answers the requests of one {@link dev.jmcp.schema.McpMethod}, typed by it: the params arrive as
 * its params record, and the result is its result record. What is thrown becomes the error response,
 * as for a {@link RequestHandler}.
 *
 * @param <P> the method's params
 * @param <R> the method's result
 * @since 0.1
 */
@FunctionalInterface
public interface TypedRequestHandler<P, R> {

    /**
     * @param params  the request's params; null when the request had none
     * @param context the request's id, cancellation, progress, era and session; never null
     * @return the result; null for an empty result {@code {}}
     * @throws Exception any failure; a {@link dev.jmcp.schema.jsonrpc.ProtocolException} becomes that error response
     */
    R handle(P params, RequestContext context) throws Exception;
}
