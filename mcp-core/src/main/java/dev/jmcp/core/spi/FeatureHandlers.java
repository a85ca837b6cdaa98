package dev.jmcp.core.spi;

import dev.jmcp.core.session.NotificationHandler;
import dev.jmcp.core.session.RequestHandler;
import dev.jmcp.core.session.TypedRequestHandler;
import dev.jmcp.schema.McpMethod;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.util.Objects;

/**
 * What a {@link ServerFeature} registers its handlers with: the part of a session's dispatch table a
 * feature may touch, and nothing of the session's other settings. Not thread-safe: used while the
 * server builds a session.
 *
 * @since 0.1
 */
public interface FeatureHandlers {

    /**
     * @param method  a request method such as {@code tools/call}; one handler per method
     * @param handler answers it, in either era ({@link dev.jmcp.core.session.RequestContext} says which)
     * @return this
     * @throws IllegalArgumentException when the method has a handler already
     */
    FeatureHandlers requestHandler(String method, RequestHandler handler);

    /**
     * A handler typed by its method: params that are not the method's params record are refused with
     * {@code -32602} before the handler runs.
     *
     * @param method  the method, such as {@code McpMethods.RESOURCES_READ}; a request, not a notification
     * @param handler answers it
     * @param <P>     the method's params
     * @param <R>     the method's result
     * @return this
     */
    default <P, R> FeatureHandlers requestHandler(McpMethod<P, R> method, TypedRequestHandler<P, R> handler) {
        if (method.isNotification()) {
            throw new IllegalArgumentException(method.name() + " is a notification: it has no request handler");
        }
        Objects.requireNonNull(handler, "handler");
        return requestHandler(method.name(), (params, context) -> {
            if (params != null && !method.paramsType().isInstance(params)) {
                throw new ProtocolException(ErrorCodes.INVALID_PARAMS, "params of " + method.name()
                        + " could not be read as " + method.paramsType().getSimpleName());
            }
            return handler.handle(method.paramsType().cast(params), context);
        });
    }

    /**
     * @param method  a notification method
     * @param handler receives it
     * @return this
     */
    FeatureHandlers notificationHandler(String method, NotificationHandler handler);

    /**
     * Hands the params of {@code method} to its handler as a {@link jakarta.json.JsonObject} instead
     * of the record the codec knows for it: for a feature whose method shares a name with MCP's
     * but not its shape (a resources dialect).
     *
     * @param method the method
     * @return this
     */
    FeatureHandlers jsonParams(String method);

    /**
     * Tells the transports the input schemas of the tools this feature's {@code tools/call} handler
     * serves, so that a transport which mirrors tool arguments into its own framing (Streamable
     * HTTP's {@code Mcp-Param-*} headers) can check them before the call runs. One feature per server
     * gives them: the one that serves {@code tools/call}.
     *
     * @param schemas the lookup; never null
     * @return this
     * @throws IllegalArgumentException when another feature gave tool schemas already
     * @since 0.1
     */
    @dev.jmcp.schema.Experimental
    FeatureHandlers toolSchemas(ToolSchemas schemas);
}
