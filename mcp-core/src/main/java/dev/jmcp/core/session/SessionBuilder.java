package dev.jmcp.core.session;

import dev.jmcp.core.internal.session.HandlerTable;
import dev.jmcp.core.spi.McpTransport;
import java.util.Objects;
import java.util.concurrent.ExecutorService;

/**
 * The settings {@link ClientSession.Builder} and {@link ServerSession.Builder} share. Package-private:
 * users see its methods as the public builders' own. Not thread-safe.
 *
 * @param <B> the builder that returns itself from each setter
 */
abstract class SessionBuilder<B extends SessionBuilder<B>> {
    final McpTransport transport;
    final HandlerTable.Builder handlers = new HandlerTable.Builder();
    SessionSettings settings = SessionSettings.defaults();
    ExecutorService executor;

    SessionBuilder(McpTransport transport) {
        this.transport = Objects.requireNonNull(transport, "transport");
    }

    /**
     * @param value the session's limits; defaults to {@link SessionSettings#defaults()}
     * @return this builder
     */
    public B settings(SessionSettings value) {
        this.settings = Objects.requireNonNull(value, "settings");
        return self();
    }

    /**
     * @param value the executor that runs handlers instead of the session's own pool (4 daemon
     *              threads, idle ones ending after 30 s); the session does not shut it down; null
     *              for the session's own
     * @return this builder
     */
    public B executor(ExecutorService value) {
        this.executor = value;
        return self();
    }

    /**
     * @param method  the request the handler answers (on a client, one the server sends, such as
     *                {@code roots/list}); not one the session answers itself ({@code initialize},
     *                {@code ping}); never null
     * @param handler never null
     * @return this builder
     * @throws IllegalArgumentException when the method already has a handler or is the session's own
     */
    public B requestHandler(String method, RequestHandler handler) {
        handlers.request(method, handler);
        return self();
    }

    /**
     * @param method  the notification the handler receives, such as
     *                {@code notifications/resources/updated}; not one the session handles itself
     *                (initialized, cancelled, progress); never null
     * @param handler never null
     * @return this builder
     * @throws IllegalArgumentException when the method already has a handler or is the session's own
     */
    public B notificationHandler(String method, NotificationHandler handler) {
        handlers.notification(method, handler);
        return self();
    }

    /**
     * Makes the params of inbound {@code method} reach its handler as the peer sent them (a
     * {@link jakarta.json.JsonObject}, or null), not read into the record MCP defines for that method:
     * for a peer that speaks another protocol under some of MCP's method names, such as a
     * {@link dev.jmcp.core.spi.ResourceDialect} whose {@code resources/list} or
     * {@code notifications/resources/updated} has other members. Needs a transport that reads with the
     * session's {@link McpSession#pendingRequests()}, as jmcp's do.
     *
     * @param method a request or notification; never null
     * @return this builder
     * @since 0.1
     */
    public B jsonParams(String method) {
        handlers.jsonParams(method);
        return self();
    }

    @SuppressWarnings("unchecked") // B is the subclass by construction: Builder extends SessionBuilder<Builder>
    private B self() {
        return (B) this;
    }
}
