package dev.jmcp.schema;

/**
 * The method names of {@link McpMethods} as compile-time constants, for {@code switch} statements
 * and annotations.
 *
 * @since 0.1
 */
public final class McpMethodNames {
    /** {@code initialize} (up to 2025-11-25). */
    public static final String INITIALIZE = "initialize";
    /** {@code notifications/initialized} (up to 2025-11-25). */
    public static final String INITIALIZED = "notifications/initialized";
    /** {@code ping} (up to 2025-11-25). */
    public static final String PING = "ping";
    /** {@code notifications/cancelled}. */
    public static final String CANCELLED = "notifications/cancelled";
    /** {@code notifications/progress}. */
    public static final String PROGRESS = "notifications/progress";
    /** {@code logging/setLevel} (up to 2025-11-25). */
    public static final String SET_LEVEL = "logging/setLevel";
    /** {@code notifications/message}. */
    public static final String LOGGING_MESSAGE = "notifications/message";
    /** {@code resources/list}. */
    public static final String RESOURCES_LIST = "resources/list";
    /** {@code resources/read}. */
    public static final String RESOURCES_READ = "resources/read";
    /** {@code resources/metadata} (SEP-2093). */
    public static final String RESOURCES_METADATA = "resources/metadata";
    /** {@code resources/directory/read} (SEP-2640, the skills extension). */
    @Experimental
    public static final String RESOURCES_DIRECTORY_READ = "resources/directory/read";
    /** {@code resources/templates/list}. */
    public static final String RESOURCES_TEMPLATES_LIST = "resources/templates/list";
    /** {@code resources/subscribe} (up to 2025-11-25). */
    public static final String RESOURCES_SUBSCRIBE = "resources/subscribe";
    /** {@code resources/unsubscribe} (up to 2025-11-25). */
    public static final String RESOURCES_UNSUBSCRIBE = "resources/unsubscribe";
    /** {@code notifications/resources/updated}. */
    public static final String RESOURCES_UPDATED = "notifications/resources/updated";
    /** {@code notifications/resources/list_changed}. */
    public static final String RESOURCES_LIST_CHANGED = "notifications/resources/list_changed";
    /** {@code server/discover} (2026-07-28). */
    public static final String SERVER_DISCOVER = "server/discover";
    /** {@code subscriptions/listen} (2026-07-28). */
    public static final String SUBSCRIPTIONS_LISTEN = "subscriptions/listen";
    /** {@code notifications/subscriptions/acknowledged} (2026-07-28). */
    public static final String SUBSCRIPTIONS_ACKNOWLEDGED = "notifications/subscriptions/acknowledged";

    private McpMethodNames() {
    }
}
