package dev.jmcp.schema.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CapabilitiesTest {

    private static Map<String, JsonObject> orderedMap(String... keys) {
        Map<String, JsonObject> map = new LinkedHashMap<>();
        for (String key : keys) {
            map.put(key, JsonValue.EMPTY_JSON_OBJECT);
        }
        return map;
    }

    @Test
    void extensionsAreCopiedAndImmutable() {
        Map<String, JsonObject> extensions = orderedMap("io.modelcontextprotocol/ui");
        ClientCapabilities capabilities = ClientCapabilities.builder().extensions(extensions).build();
        extensions.clear();
        assertEquals(1, capabilities.extensions().size());
        assertThrows(UnsupportedOperationException.class,
                () -> capabilities.extensions().put("x/y", JsonValue.EMPTY_JSON_OBJECT));
    }

    @Test
    void experimentalKeepsTheCallersKeyOrder() {
        String[] keys = {"zeta", "alpha", "mu", "beta", "omega", "gamma"};
        ServerCapabilities capabilities = ServerCapabilities.builder().experimental(orderedMap(keys)).build();
        assertEquals(List.of(keys), List.copyOf(capabilities.experimental().keySet()));
    }

    @Test
    void nullExtensionValueIsRejected() {
        Map<String, JsonObject> extensions = new HashMap<>();
        extensions.put("a/b", null);
        assertThrows(NullPointerException.class,
                () -> new ServerCapabilities(null, null, null, null, null, null, null, extensions));
    }

    @Test
    void absentMapsStayAbsent() {
        ClientCapabilities none = ClientCapabilities.none();
        assertNull(none.experimental());
        assertNull(none.extensions());
    }

    @Test
    void builderSetsEachMember() {
        ServerCapabilities capabilities = ServerCapabilities.builder()
                .logging(JsonValue.EMPTY_JSON_OBJECT)
                .resources(ResourcesCapability.of(true, false))
                .tools(ListChangedCapability.of(true))
                .build();
        assertEquals(JsonValue.EMPTY_JSON_OBJECT, capabilities.logging());
        assertEquals(Boolean.TRUE, capabilities.resources().subscribe());
        assertEquals(Boolean.FALSE, capabilities.resources().listChanged());
        assertTrue(capabilities.tools().notifiesChanges());
        assertNull(capabilities.prompts());
    }

    @Test
    void listChangedFlagIsTriState() {
        assertNull(ListChangedCapability.of().listChanged());
        assertFalse(ListChangedCapability.of().notifiesChanges());
        assertFalse(ListChangedCapability.of(false).notifiesChanges());
    }

    @Test
    void extensionAddsToTheDeclaredExtensionsInsteadOfReplacingThem() {
        JsonObject directoryRead = jakarta.json.Json.createObjectBuilder().add("directoryRead", true).build();
        ServerCapabilities capabilities = ServerCapabilities.builder()
                .extensions(Map.of("dev.jmcp/resource-children", JsonValue.EMPTY_JSON_OBJECT))
                .extension("io.modelcontextprotocol/skills", directoryRead)
                .build();

        assertEquals(Map.of("dev.jmcp/resource-children", JsonValue.EMPTY_JSON_OBJECT,
                "io.modelcontextprotocol/skills", directoryRead), capabilities.extensions());
        assertThrows(NullPointerException.class, () -> ServerCapabilities.builder().extension("x", null));
    }
}
