package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.dialect.gomcp.internal.wire.GomcpProtocol;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ProtocolException;

/** The dialect's own errors, each with the data a client needs to act on it. */
final class GomcpErrors {
    private GomcpErrors() {
    }

    /** gomcp's {@code -32040}, with {@code data.uri}. */
    static ProtocolException notFound(String uri) {
        return new ProtocolException(GomcpProtocol.NOT_FOUND, "resource not found: " + uri,
                JsonRuntime.provider().createObjectBuilder().add("uri", uri).build());
    }

    /** jmcp's {@code -32050} for gomcp: the held version is current, no content is sent. */
    static ProtocolException notModified(String uri, String version) {
        return new ProtocolException(GomcpProtocol.NOT_MODIFIED, GomcpProtocol.NOT_MODIFIED_MESSAGE + ": " + uri + " is at version " + version,
                JsonRuntime.provider().createObjectBuilder().add("uri", uri).add("version", version).build());
    }
}
