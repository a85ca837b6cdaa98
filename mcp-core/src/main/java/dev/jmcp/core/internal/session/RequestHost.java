package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.McpSession;
import dev.jmcp.core.session.Negotiated;
import dev.jmcp.core.spi.Budget;
import java.util.concurrent.CompletableFuture;

/**
 * What a request's {@link HandlerContext} needs of the connection the request arrived on: a
 * session's {@link SessionEngine}, or the {@link StatelessCall} of one stateless request.
 */
interface RequestHost {

    /** Sends a notification of the request, such as its progress. */
    CompletableFuture<Void> notify(String method, Object params);

    /** Sends a log message that the context has checked against its request's level. */
    CompletableFuture<Void> notifyLog(Object params);

    /** @return the session a handler sees; never null once the host has started */
    McpSession facade();

    /** @return what the session's handshake negotiated; null before it, and always for a stateless request */
    Negotiated negotiated();

    /** @return what seals and opens the request's multi round-trip state; never null */
    RequestStates requestStates();

    /** @return what the request's answer takes from while it is made and written; null for nothing */
    Budget answerBudget();
}
