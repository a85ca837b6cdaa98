package dev.jmcp.skills;

import dev.jmcp.schema.Experimental;
import java.util.Objects;

/**
 * One file of a skill as its entry lists it (SEP-2640's {@code SkillResource}): what a host verifies
 * a read of the file against.
 *
 * @param uri    the file's resource URI; never null
 * @param digest {@code sha256:} and 64 lowercase hex digits of the file's raw bytes; never null
 * @param size   the length in bytes of the file's raw content; not negative
 * @since 0.1
 */
@Experimental
public record SkillFile(String uri, String digest, long size) {
    public SkillFile {
        Objects.requireNonNull(uri, "uri");
        Objects.requireNonNull(digest, "digest");
        if (size < 0) {
            throw new IllegalArgumentException("a file's size is never negative, was " + size);
        }
    }
}
