package dev.jmcp.schema.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class InitializeTest {

    private static final Implementation CLIENT = Implementation.of("client", "1");

    @Test
    void requestWithoutProtocolVersionIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> InitializeRequestParams.of(null, ClientCapabilities.none(), CLIENT));
        assertEquals("protocolVersion", e.getMessage());
    }

    @Test
    void requestWithoutCapabilitiesIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> InitializeRequestParams.of(ProtocolVersions.V2025_11_25, null, CLIENT));
        assertEquals("capabilities", e.getMessage());
    }

    @Test
    void requestWithoutClientInfoIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> InitializeRequestParams.of(ProtocolVersions.V2025_11_25, ClientCapabilities.none(), null));
        assertEquals("clientInfo", e.getMessage());
    }

    @Test
    void resultWithoutServerInfoIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> InitializeResult.of(ProtocolVersions.V2025_11_25, ServerCapabilities.none(), null));
        assertEquals("serverInfo", e.getMessage());
    }
}
