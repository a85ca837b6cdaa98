package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.core.internal.resources.Router;
import dev.jmcp.core.spi.Caller;

/** The one place the dialect turns a URI into a resource, or into gomcp's {@code -32040} with {@code data.uri}. */
final class Lookup {
    private Lookup() {
    }

    /**
     * @return the provider that describes {@code uri} to {@code caller}, its description and its
     *         template variables
     * @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32040} when no provider describes it;
     *         {@code -32602} when the provider that owns it refuses its spelling
     */
    static Router.Found require(Router router, String uri, Caller caller) {
        return router.find(uri, caller).orElseThrow(() -> GomcpErrors.notFound(uri));
    }
}
