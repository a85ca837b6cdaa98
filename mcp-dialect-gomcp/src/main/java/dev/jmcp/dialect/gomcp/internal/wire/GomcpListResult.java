package dev.jmcp.dialect.gomcp.internal.wire;

import java.util.List;

/**
 * The result of gomcp's {@code resources/list}.
 *
 * @param resources  the page; never null
 * @param nextCursor the cursor of the next page; null on the last
 */
public record GomcpListResult(List<GomcpResource> resources, String nextCursor) {

    public GomcpListResult {
        resources = List.copyOf(resources);
    }
}
