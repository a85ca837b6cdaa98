package dev.jmcp.core.spi;

import dev.jmcp.core.session.NotificationHandler;
import dev.jmcp.core.session.RequestHandler;

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
}
