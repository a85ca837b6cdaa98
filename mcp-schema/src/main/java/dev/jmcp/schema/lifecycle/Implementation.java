package dev.jmcp.schema.lifecycle;

import dev.jmcp.schema.common.Icon;
import java.util.List;
import java.util.Objects;

/**
 * Names a client or server program and its version: {@code clientInfo} and {@code serverInfo}.
 *
 * @param name        the programmatic name; never null
 * @param title       a name for people to read (2025-06-18 and later); may be null
 * @param version     the program's version; never null
 * @param description what the program does (2025-11-25 and later); may be null
 * @param icons       icons to show for it (2025-11-25 and later); may be null
 * @param websiteUrl  the program's home page (2025-11-25 and later); may be null
 * @since 0.1
 */
public record Implementation(
        String name,
        String title,
        String version,
        String description,
        List<Icon> icons,
        String websiteUrl) {

    public Implementation {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(version, "version");
        icons = icons == null ? null : List.copyOf(icons);
    }

    /** @return an implementation with only its name and version */
    public static Implementation of(String name, String version) {
        return new Implementation(name, null, version, null, null, null);
    }
}
