package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.core.internal.resources.Router;
import dev.jmcp.schema.resources.Resource;

/**
 * A URI the server knows: the route to its provider, and what the provider says of it. The one place
 * the dialect turns a URI into a resource, or into gomcp's {@code -32040} with {@code data.uri}.
 *
 * @param route    the provider and the template variables of the URI
 * @param resource the provider's metadata of it
 */
record Found(Router.Route route, Resource resource) {

    /** @throws dev.jmcp.schema.jsonrpc.ProtocolException {@code -32040} when no provider describes {@code uri} */
    static Found of(Router router, String uri) {
        Router.Route route = router.route(uri).orElseThrow(() -> GomcpErrors.notFound(uri));
        return new Found(route, route.provider().metadata(uri).orElseThrow(() -> GomcpErrors.notFound(uri)));
    }
}
