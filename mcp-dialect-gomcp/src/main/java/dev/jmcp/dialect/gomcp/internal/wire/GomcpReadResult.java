package dev.jmcp.dialect.gomcp.internal.wire;

import java.util.Objects;

/**
 * The result of gomcp's {@code resources/get} (also {@code resources/read}).
 *
 * @param resource the resource, with the version of the content sent; never null
 * @param contents its content; never null
 */
public record GomcpReadResult(GomcpResource resource, GomcpContents contents) {

    public GomcpReadResult {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(contents, "contents");
    }
}
