package dev.jmcp.schema.internal.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class CompactObjectTest {
    private static JsonValue read(String json) {
        JsonInput in = JsonInput.of(new ByteArrayInputStream(json.getBytes(StandardCharsets.UTF_8)),
                CodecLimits.defaults(), BlobSink.IN_MEMORY);
        in.next();
        return in.tree();
    }

    private static JsonObject parsson(String json) {
        return JsonRuntime.provider().createReader(new StringReader(json)).readObject();
    }

    @Test
    void smallObjectIsReadCompactAndEqualsParssonsInBothDirections() {
        String json = "{\"dev.jmcp/version\":\"abc-1\",\"n\":12,\"t\":true,\"o\":{\"a\":[1,\"x\",null]}}";
        JsonValue compact = read(json);
        assertInstanceOf(CompactObject.class, compact);
        JsonObject expected = parsson(json);
        assertEquals(expected, compact);
        assertEquals(compact, expected);
        assertEquals(expected.hashCode(), compact.hashCode());
        assertEquals(expected.toString(), compact.toString());
        assertEquals(List.copyOf(expected.keySet()), List.copyOf(((JsonObject) compact).keySet()));
    }

    @Test
    void lookupsAnswerAsParssonDoes() {
        JsonObject object = (JsonObject) read("{\"s\":\"v\",\"n\":7,\"t\":true,\"f\":false,\"z\":null,\"o\":{},\"a\":[]}");
        assertEquals("v", object.getString("s"));
        assertEquals("d", object.getString("n", "d"));
        assertEquals("d", object.getString("missing", "d"));
        assertEquals(7, object.getInt("n"));
        assertEquals(3, object.getInt("s", 3));
        assertTrue(object.getBoolean("t"));
        assertFalse(object.getBoolean("f"));
        assertTrue(object.getBoolean("s", true));
        assertFalse(object.getBoolean("f", true));
        assertThrows(NullPointerException.class, () -> object.getBoolean("missing"));
        assertThrows(ClassCastException.class, () -> object.getBoolean("s"));
        assertTrue(object.isNull("z"));
        assertFalse(object.isNull("s"));
        assertTrue(object.getJsonObject("o").isEmpty());
        assertTrue(object.getJsonArray("a").isEmpty());
        assertNull(object.get("missing"));
        assertFalse(object.containsKey("missing"));
        assertThrows(UnsupportedOperationException.class, () -> object.put("x", JsonValue.NULL));
    }

    @Test
    void aRepeatedNameKeepsItsFirstPlaceAndTakesTheLastValue() {
        JsonObject object = (JsonObject) read("{\"a\":1,\"b\":2,\"a\":3}");
        assertEquals(parsson("{\"a\":3,\"b\":2}"), object);
        assertEquals(List.of("a", "b"), List.copyOf(object.keySet()));
    }

    @Test
    void anObjectPastTheMostMembersIsParssonsWithEveryMember() {
        StringBuilder json = new StringBuilder("{");
        for (int i = 0; i <= CompactObject.MAX_MEMBERS; i++) {
            json.append(i == 0 ? "" : ",").append("\"m").append(i).append("\":").append(i);
        }
        JsonValue large = read(json.append('}').toString());
        assertFalse(large instanceof CompactObject);
        assertEquals(parsson(json.toString()), large);
    }

    @Test
    void anEmptyObjectIsEmpty() {
        assertEquals(JsonValue.EMPTY_JSON_OBJECT, read("{}"));
    }

    @Test
    void withAddsOrReplacesAMemberAndLeavesTheOriginalAlone() {
        JsonObject original = parsson("{\"a\":1,\"v\":\"old\"}");
        JsonObject replaced = CompactObject.with(original, "v", JsonRuntime.provider().createValue("new"));
        assertEquals(parsson("{\"a\":1,\"v\":\"new\"}"), replaced);
        assertEquals(parsson("{\"a\":1,\"v\":\"old\"}"), original);
        JsonObject added = CompactObject.with(null, "v", JsonValue.TRUE);
        assertEquals(parsson("{\"v\":true}"), added);
        assertNotSame(original, replaced);
    }

    @Test
    void aResourcesMetaIsWrittenAsItWasRead() throws IOException {
        byte[] json = "{\"uri\":\"x:/a\",\"name\":\"a\",\"_meta\":{\"dev.jmcp/version\":\"v-1\",\"k\":[1,{\"b\":false}]}}"
                .getBytes(StandardCharsets.UTF_8);
        Resource resource = McpCodec.defaults().readValue(json, Resource.class);
        assertInstanceOf(CompactObject.class, resource.meta());
        ByteArrayOutputStream written = new ByteArrayOutputStream();
        McpCodec.defaults().writeValue(resource, written);
        assertEquals(new String(json, StandardCharsets.UTF_8), written.toString(StandardCharsets.UTF_8));
    }
}
