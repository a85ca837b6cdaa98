package dev.jmcp.schema.resources;

import dev.jmcp.schema.Experimental;
import java.util.Objects;

/**
 * A range of a resource's content in bytes (of a blob's bytes, or of a text's UTF-8), tied to the
 * version it was taken from, as jmcp's ranged reads send it ({@link RangedReads}).
 *
 * @param offset  the first byte; not negative
 * @param length  how many bytes at most; null for all to the end
 * @param version the version of the content the range is of ({@code _meta["dev.jmcp/version"]}); a
 *                server refuses a range of any other version; never null
 * @since 0.1
 */
@Experimental
public record ByteRange(long offset, Long length, String version) {
    public ByteRange {
        if (offset < 0) {
            throw new IllegalArgumentException("a range's offset is never negative, was " + offset);
        }
        if (length != null && length < 0) {
            throw new IllegalArgumentException("a range's length is never negative, was " + length);
        }
        if (Objects.requireNonNull(version, "version").isEmpty()) {
            throw new IllegalArgumentException("a range is tied to a version, which is never empty");
        }
    }
}
