package dev.jmcp.core.tasks;

import dev.jmcp.core.session.RequestContext;
import dev.jmcp.schema.Experimental;
import java.util.Map;

/**
 * The name of the tasks extension and whether a request negotiated it.
 *
 * @since 0.1
 */
@Experimental
public final class Tasks {
    /** The extension's identifier, under {@code capabilities.extensions} of both sides. */
    public static final String EXTENSION = "io.modelcontextprotocol/tasks";

    private Tasks() {
    }

    /**
     * @param request a request in either era
     * @return whether its client declared the extension: in the request's own {@code _meta}
     *         (2026-07-28, where a single request may opt in) or at the handshake
     */
    public static boolean negotiated(RequestContext request) {
        Map<String, ?> extensions = request.clientCapabilities().extensions();
        return extensions != null && extensions.containsKey(EXTENSION);
    }
}
