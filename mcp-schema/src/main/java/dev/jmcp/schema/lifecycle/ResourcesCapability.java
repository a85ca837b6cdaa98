package dev.jmcp.schema.lifecycle;

/**
 * The server's {@code resources} capability. Present (even empty) means the server serves
 * resources.
 *
 * @param subscribe   true when the server sends updates for single resources (through
 *                    {@code resources/subscribe}, or from 2026-07-28 through
 *                    {@code subscriptions/listen}); may be null
 * @param listChanged true when the server sends {@code notifications/resources/list_changed};
 *                    may be null
 * @since 0.1
 */
public record ResourcesCapability(Boolean subscribe, Boolean listChanged) {

    /** @return the capability without subscriptions or change notifications: {@code {}} */
    public static ResourcesCapability of() {
        return new ResourcesCapability(null, null);
    }

    /** @return the capability with both options set */
    public static ResourcesCapability of(boolean subscribe, boolean listChanged) {
        return new ResourcesCapability(subscribe, listChanged);
    }
}
