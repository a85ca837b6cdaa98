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
    SessionSettings settings = SessionSettings.DEFAULTS;
    ExecutorService executor;

    SessionBuilder(McpTransport transport) {
        this.transport = Objects.requireNonNull(transport, "transport");
    }

    /**
     * @param value the session's limits; defaults to {@link SessionSettings#DEFAULTS}
     * @return this builder
     */
    public B settings(SessionSettings value) {
        this.settings = Objects.requireNonNull(value, "settings");
        return self();
    }

    /**
     * @param value the executor that runs handlers instead of the session's own pool; the
     *              session does not shut it down; null for the session's own
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

    @SuppressWarnings("unchecked") // B is the subclass by construction: Builder extends SessionBuilder<Builder>
    private B self() {
        return (B) this;
    }
}
