package dev.jmcp.dialect.gomcp.internal.wire;

import java.util.Objects;

/**
 * The params of gomcp's change notifications ({@code notifications/resources/updated},
 * {@code notifications/resources/content_changed}): the whole updated resource.
 *
 * @param resource with its new version; never null
 */
public record GomcpResourceChange(GomcpResource resource) {

    public GomcpResourceChange {
        Objects.requireNonNull(resource, "resource");
    }
}
