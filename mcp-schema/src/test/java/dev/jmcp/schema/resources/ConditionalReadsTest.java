package dev.jmcp.schema.resources;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.codec.McpCodec;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The wire keys of jmcp's conditional reads, read and written in one place. */
class ConditionalReadsTest {
    private static final Resource NOTE = Resource.builder("mem://a", "a").mimeType("text/plain")
            .meta(jakarta.json.Json.createObjectBuilder().add("other/key", 1).build()).build();

    @Test
    void aVersionJoinsTheMetaKeepingItsOtherKeys() {
        Resource versioned = ConditionalReads.withVersion(NOTE, "v1");
        assertEquals("v1", ConditionalReads.version(versioned));
        assertEquals(1, versioned.meta().getInt("other/key"));
        assertSame(versioned, ConditionalReads.withVersion(versioned, "v1"), "already there: no copy");
        assertNull(ConditionalReads.version(NOTE));
    }

    @Test
    void aReadResultHasAVersionOnlyWhenAllItsElementsShareOne() {
        TextResourceContents v1 = new TextResourceContents(ConditionalReads.withVersion(NOTE, "v1"), "x");
        TextResourceContents v2 = new TextResourceContents(ConditionalReads.withVersion(NOTE, "v2"), "y");
        assertEquals("v1", ConditionalReads.version(ReadResourceResult.of(List.of(v1, v1))));
        assertNull(ConditionalReads.version(ReadResourceResult.of(List.of(v1, v2))), "a collection's children");
        assertNull(ConditionalReads.version(ReadResourceResult.of(List.of(v1, new TextResourceContents(NOTE, "z")))));
    }

    @Test
    void notModifiedIsAResultWithNoContentsAndTheVersionInItsMeta() {
        ReadResourceResult result = ConditionalReads.notModified("v1");
        assertTrue(result.contents().isEmpty());
        assertTrue(ConditionalReads.isNotModified(result));
        assertEquals("v1", ConditionalReads.version(result));
        assertFalse(ConditionalReads.isNotModified(ReadResourceResult.of(List.of())));
        String json = new String(McpCodec.defaults().toBytes(new dev.jmcp.schema.jsonrpc.JsonRpcResultResponse(
                dev.jmcp.schema.jsonrpc.RequestId.of(1), result)), StandardCharsets.UTF_8);
        assertTrue(json.contains("\"contents\":[]") && json.contains("\"_meta\":{\"dev.jmcp/notModified\":true,"
                + "\"dev.jmcp/version\":\"v1\"}"), json);
    }

    @Test
    void aConditionalReadHoldsTheVersionInItsRequestMeta() {
        ReadResourceRequestParams params = ConditionalReads.readIfNoneMatch("mem://a", "v1");
        JsonObject meta = params.meta();
        assertEquals("v1", ConditionalReads.ifNoneMatch(meta));
        assertNull(ConditionalReads.ifNoneMatch(null));
    }
}
