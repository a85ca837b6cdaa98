package dev.jmcp.core.spi;

import dev.jmcp.schema.Experimental;
import java.util.Objects;

/**
 * One change of a server's resources as it travels between the replicas of a server through
 * {@link ChangeEvents}: what a provider reported into its {@link ResourceChanges}, or what another
 * source (a database trigger, say) says of the same resources.
 *
 * @param provider the id of the provider that reported it; null when the source knows no provider
 *                 (the receiving server then routes it by URI: the first provider that
 *                 {@linkplain ResourceProvider#owns owns} it)
 * @param kind     what changed; never null
 * @param uri      for {@link Kind#UPDATED}, the resource; for {@link Kind#LIST_CHANGED}, a resource of
 *                 the changed listing, or null when any listing may have changed (after a transport
 *                 lost events, say)
 * @since 0.1
 */
@Experimental
public record ChangeEvent(String provider, Kind kind, String uri) {

    /** What changed. */
    public enum Kind {
        /** A resource's content or metadata. */
        UPDATED,
        /** Resources were added or removed. */
        LIST_CHANGED
    }

    public ChangeEvent {
        Objects.requireNonNull(kind, "kind");
        if (kind == Kind.UPDATED) {
            Objects.requireNonNull(uri, "the uri of an UPDATED event");
        }
    }

    /** @return the event of {@code uri} changing, from no provider in particular */
    public static ChangeEvent updated(String uri) {
        return new ChangeEvent(null, Kind.UPDATED, uri);
    }

    /** @return the event that any listing may have changed: what listeners hear when events may have been lost */
    public static ChangeEvent anyListChanged() {
        return new ChangeEvent(null, Kind.LIST_CHANGED, null);
    }
}
