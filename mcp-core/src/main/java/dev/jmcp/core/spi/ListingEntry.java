package dev.jmcp.core.spi;

import dev.jmcp.schema.resources.Resource;
import java.util.Objects;

/**
 * One entry of a {@link ResourceProvider#list} page: a resource and its position, the string that
 * orders it among its siblings. Positions must advance ({@link String#compareTo}) through a
 * listing; the engine keeps the last one of a page in the cursor of the next.
 *
 * @param resource the child, described as {@link ResourceProvider#describe} would; never null
 * @param position its place in the listing: a name, a key, a zero-padded number; never empty
 * @since 0.1
 */
public record ListingEntry(Resource resource, String position) {
    public ListingEntry {
        Objects.requireNonNull(resource, "resource");
        if (Objects.requireNonNull(position, "position").isEmpty()) {
            throw new IllegalArgumentException("the position of " + resource.uri() + " is empty: a listing position is never empty");
        }
    }

    /** @return an entry whose position is {@code position} */
    public static ListingEntry of(Resource resource, String position) {
        return new ListingEntry(resource, position);
    }

    /**
     * A position for a provider that lists by index: the index in a fixed width, so that string
     * order is number order.
     *
     * @param index at least 0
     * @return the position of the {@code index}th entry
     */
    public static String indexPosition(long index) {
        if (index < 0) {
            throw new IllegalArgumentException("an index position is never negative, was " + index);
        }
        String digits = Long.toString(index, 36);
        return "0".repeat(13 - digits.length()) + digits; // 13 base-36 digits hold every long
    }
}
