package dev.jmcp.schema.lifecycle;

/**
 * A capability whose only option is change notifications: the server's {@code prompts} and
 * {@code tools}, and the client's {@code roots}. Present (even with a null flag) means supported.
 *
 * @param listChanged true when the peer sends a {@code list_changed} notification for it; null
 *                    when it did not say (2026-07-28 drops the flag from {@code roots})
 * @since 0.1
 */
public record ListChangedCapability(Boolean listChanged) {

    /** @return the capability without change notifications: {@code {}} */
    public static ListChangedCapability of() {
        return new ListChangedCapability(null);
    }

    /** @return the capability with change notifications on or off */
    public static ListChangedCapability of(boolean listChanged) {
        return new ListChangedCapability(listChanged);
    }

    /** @return true only when the peer said it sends change notifications */
    public boolean notifiesChanges() {
        return Boolean.TRUE.equals(listChanged);
    }
}
