package dev.jmcp.core.spi;

import java.util.Objects;
import java.util.Optional;

/**
 * What {@link ResourceProvider#list} is asked for: one page of the children of a collection, or of
 * the provider's top level. Immutable.
 *
 * @since 0.1
 */
public final class Listing {
    private final String collection;
    private final String after;
    private final int limit;
    private final Caller caller;
    private final boolean versions;

    private Listing(String collection, String after, int limit, Caller caller, boolean versions) {
        if (limit < 1) {
            throw new IllegalArgumentException("a listing's limit is at least 1, was " + limit);
        }
        if (after != null && after.isEmpty()) {
            throw new IllegalArgumentException("a listing position is never empty");
        }
        this.collection = collection;
        this.after = after;
        this.limit = limit;
        this.caller = Objects.requireNonNull(caller, "caller");
        this.versions = versions;
    }

    /**
     * @param after  the position of the last entry of the page before; null for the first page
     * @param limit  the most entries the engine takes; at least 1
     * @param caller who asks; never null
     * @return a page of the provider's top level
     */
    public static Listing top(String after, int limit, Caller caller) {
        return new Listing(null, after, limit, caller, true);
    }

    /**
     * @param collection the URI of a collection the provider described; never null
     * @param after      the position of the last entry of the page before; null for the first page
     * @param limit      the most entries the engine takes; at least 1
     * @param caller     who asks; never null
     * @return a page of that collection's children
     */
    public static Listing children(String collection, String after, int limit, Caller caller) {
        return new Listing(Objects.requireNonNull(collection, "collection"), after, limit, caller, true);
    }

    /** @return the collection whose children to list; empty for the provider's top level */
    public Optional<String> collection() {
        return Optional.ofNullable(collection);
    }

    /**
     * @return the position of the last entry the client has: list only entries whose position sorts
     *         after it ({@link String#compareTo}); empty for the first page. A position is only ever
     *         compared, never looked up: the entry it named may be gone.
     */
    public Optional<String> after() {
        return Optional.ofNullable(after);
    }

    /** @return the most entries to return; at least 1. More are not read; fewer mean the listing ended */
    public int limit() {
        return limit;
    }

    /** @return who asks; never null */
    public Caller caller() {
        return caller;
    }

    /**
     * @return whether the client wants each entry's content version ({@link ResourceProvider#version}) in
     *         its {@code _meta}: true unless it did not declare conditional reads. When false, a provider
     *         that stamps versions into its entries may list them unstamped, and one that does not is not
     *         asked for them; the engine leaves out whatever version an entry still carries.
     * @since 0.1
     */
    public boolean versions() {
        return versions;
    }

    /** @return this listing, with {@link #versions()} as given */
    public Listing withVersions(boolean value) {
        return value == versions ? this : new Listing(collection, after, limit, caller, value);
    }

    @Override
    public String toString() {
        return "Listing[" + (collection == null ? "top" : collection) + (after == null ? "" : " after '" + after + "'")
                + ", limit " + limit + (versions ? "" : ", no versions") + "]";
    }
}
