package dev.jmcp.core.session;

/**
 * Receives the inbound notifications of one method. Notifications are handed to handlers one at
 * a time, in arrival order, on the session's handler executor. Nothing a handler throws reaches the
 * peer (notifications are never answered); it is logged.
 *
 * @since 0.1
 */
@FunctionalInterface
public interface NotificationHandler {

    /**
     * @param params  the notification's params record, a {@link jakarta.json.JsonObject}, or null
     * @param session the session it arrived on, to answer with requests or notifications; never null
     * @throws Exception any failure; it is logged
     */
    void handle(Object params, McpSession session) throws Exception;
}
