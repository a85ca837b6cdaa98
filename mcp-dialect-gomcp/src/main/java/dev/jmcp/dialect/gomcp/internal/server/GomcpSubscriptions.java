package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.core.internal.resources.Router;
import dev.jmcp.core.internal.resources.SubscriptionRegistry;
import dev.jmcp.core.session.McpSession;
import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import java.util.HashSet;
import java.util.List;

/**
 * gomcp's {@code resources/subscribe} and {@code resources/unsubscribe} with {@code uris[]}. A
 * subscribe is all or nothing: every URI must name a resource ({@code -32040} for the first that
 * does not), and the session may hold at most {@code maxSubscriptionsPerSession} (else
 * {@code -32602} naming the setting, and none of the URIs is added). Unsubscribing from a URI the
 * session does not hold is no error.
 */
final class GomcpSubscriptions {
    private final Router router;
    private final SubscriptionRegistry registry;
    private final int max;

    GomcpSubscriptions(Router router, SubscriptionRegistry registry, int maxSubscriptionsPerSession) {
        this.router = router;
        this.registry = registry;
        this.max = maxSubscriptionsPerSession;
    }

    Object subscribe(Object params, RequestContext context) {
        String method = context.method();
        List<String> uris = JsonParams.strings(JsonParams.object(params, method), "uris", method);
        int distinct = new HashSet<>(uris).size();
        if (distinct > max) { // refused before a provider is asked about each
            throw overLimit(method, distinct);
        }
        Caller caller = Caller.of(context);
        for (String uri : uris) {
            Lookup.require(router, uri, caller);
        }
        McpSession session = context.session();
        if (!session.isOpen()) {
            return null;
        }
        int wanted = registry.addAll(session, uris, max);
        if (wanted > max) {
            throw overLimit(method, wanted);
        }
        if (!session.isOpen()) {
            registry.removeSession(session); // it closed meanwhile; its onClose may have run already
        }
        return null;
    }

    private ProtocolException overLimit(String method, int wanted) {
        return JsonParams.invalid(method + ": the session would hold " + wanted + " subscriptions, more than "
                + "maxSubscriptionsPerSession=" + max + "; none of these was added");
    }

    Object unsubscribe(Object params, RequestContext context) {
        String method = context.method();
        for (String uri : JsonParams.strings(JsonParams.object(params, method), "uris", method)) {
            registry.remove(context.session(), uri);
        }
        return null;
    }
}
