package dev.jmcp.dialect.gomcp.internal.client;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.resources.ResourceNotFoundException;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import org.junit.jupiter.api.Test;

class GomcpErrorsTest {
    private static ProtocolException error(int code, String message, boolean dataUri) {
        return new ProtocolException(code, message, dataUri
                ? JsonRuntime.provider().createObjectBuilder().add("uri", "mem://x").build() : null, null, null);
    }

    @Test
    void notFoundIsGomcpsCodeOrInvalidParamsNamingTheUri() {
        assertTrue(GomcpErrors.isNotFound(error(-32040, "Resource not found (stub): mem://x", false)));
        assertTrue(GomcpErrors.isNotFound(error(-32602, "unknown resource", true)));
        assertFalse(GomcpErrors.isNotFound(error(-32602, "bad filter", false)));
        assertInstanceOf(ResourceNotFoundException.class, GomcpErrors.translate(
                error(-32040, "gone", true), "mem://x"));
    }

    @Test
    void notModifiedIsTheDialectsCodeOrAMessageThatSaysSo() {
        assertTrue(GomcpErrors.isNotModified(error(-32050, "Not Modified: mem://x is at version 2", true)));
        assertTrue(GomcpErrors.isNotModified(error(-32000, "Not Modified", false)));
        assertFalse(GomcpErrors.isNotModified(error(-32000, "internal", false)));
    }
}
