package dev.jmcp.core.internal.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.lifecycle.ProtocolVersions;
import dev.jmcp.schema.lifecycle.RequestMetaKeys;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class EraTest {
    private static final JsonProvider JSON = JsonRuntime.provider();

    private static JsonObject params(String metaKey) {
        return JSON.createObjectBuilder().add("_meta", JSON.createObjectBuilder().add(metaKey, "x")).build();
    }

    @Test
    void everySupportedRevisionBelongsToExactlyOneEra() {
        List<String> both = new ArrayList<>(Era.HANDSHAKE_VERSIONS);
        both.addAll(Era.STATELESS_VERSIONS);
        assertEquals(ProtocolVersions.SUPPORTED.size(), both.size());
        assertTrue(both.containsAll(ProtocolVersions.SUPPORTED));
    }

    @Test
    void aNamedRevisionThatIsNoHandshakeRevisionIsStatelessEvenWhenTheServerDoesNotSpeakIt() {
        for (String version : Era.HANDSHAKE_VERSIONS) {
            assertFalse(Era.statelessVersion(version), version);
            assertFalse(Era.servedStatelessly(version), version);
        }
        for (String version : Era.STATELESS_VERSIONS) {
            assertTrue(Era.statelessVersion(version), version);
            assertTrue(Era.servedStatelessly(version), version);
        }
        assertTrue(Era.statelessVersion("2099-01-01"));
        assertFalse(Era.servedStatelessly("2099-01-01"));
        assertFalse(Era.statelessVersion(null), "no revision named: the body decides");
    }

    @Test
    void aMetaThatNamesARevisionOrTheClientsCapabilitiesClaimsTheStatelessEra() {
        assertTrue(Era.claimedBy(new JsonRpcRequest(RequestId.of(1), "tools/list",
                params(RequestMetaKeys.PROTOCOL_VERSION))));
        assertTrue(Era.claimedBy(new JsonRpcNotification("notifications/cancelled",
                params(RequestMetaKeys.CLIENT_CAPABILITIES))));
        assertFalse(Era.claimedBy(new JsonRpcRequest(RequestId.of(1), "tools/list", params("progressToken"))));
        assertFalse(Era.claimedBy(new JsonRpcRequest(RequestId.of(1), "tools/list", null)));
        assertFalse(Era.claimedBy(new JsonRpcResultResponse(RequestId.of(1), EmptyResult.of())),
                "a response belongs to whoever asked");
        assertFalse(Era.claimedBy((JsonObject) null));
    }
}
