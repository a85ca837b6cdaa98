package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.core.internal.resources.Listings;
import dev.jmcp.core.internal.resources.Router;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.dialect.gomcp.internal.wire.GomcpListResult;
import dev.jmcp.dialect.gomcp.internal.wire.GomcpProtocol;
import dev.jmcp.dialect.gomcp.internal.wire.GomcpResource;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;

/**
 * gomcp's {@code resources/list}: the pages and cursors of MCP's listing (signed cursors holding
 * the provider's position; {@code pageSize} from the server's settings),
 * filtered. A page holds the matches among the next listed resources: when a whole page of the
 * listing matches nothing, the next one is taken, so that a page is empty only at the end.
 */
final class GomcpListing {
    private final Router router;
    private final Listings listings;

    GomcpListing(Router router, Listings listings) {
        this.router = router;
        this.listings = listings;
    }

    GomcpListResult list(Object params, RequestContext context) {
        String method = GomcpProtocol.LIST;
        JsonObject p = JsonParams.object(params, method);
        ListFilter filter = ListFilter.parse(p.get("filter"), method);
        String cursor = JsonParams.optionalString(p, "cursor", method);
        Caller caller = Caller.of(context);
        Router.Found parent = filter.parent() == null ? null : collection(filter.parent(), caller);
        List<GomcpResource> matches = new ArrayList<>();
        do {
            if (context.isCancelled()) {
                throw new CancellationException(method + " was cancelled");
            }
            // gomcp's resources carry their version always: its clients compare it to what they hold
            ListResourcesResult page = parent == null ? listings.top(cursor, caller, true)
                    : listings.children(parent.provider(), filter.parent(), cursor, caller, true);
            for (Resource resource : page.resources()) {
                GomcpResource view = ResourceViews.of(resource, ConditionalReads.version(resource));
                if (filter.matches(view)) {
                    matches.add(view);
                }
            }
            cursor = page.nextCursor();
        } while (matches.isEmpty() && cursor != null);
        return new GomcpListResult(matches, cursor);
    }

    private Router.Found collection(String uri, Caller caller) {
        Router.Found found = Lookup.require(router, uri, caller);
        if (!found.resource().collection()) {
            throw JsonParams.invalid(GomcpProtocol.LIST + ": params.filter.parent " + uri
                    + " is not a collection: it has no children to list");
        }
        return found;
    }
}
