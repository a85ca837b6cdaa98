package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.fail;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.io.StringReader;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.TreeSet;

/**
 * JSON-P trees for tests: parse expected JSON, and compare two trees the way JSON means them:
 * member order does not matter and numbers are compared by value ({@code 1 == 1.0}).
 */
final class JsonTrees {
    private JsonTrees() {
    }

    static JsonValue parse(String json) {
        try (JsonReader reader = Json.createReader(new StringReader(json))) {
            return reader.readValue();
        }
    }

    static JsonValue parse(byte[] utf8) {
        try {
            // strict: bad UTF-8 in the codec's output must fail, not become U+FFFD
            return parse(StandardCharsets.UTF_8.newDecoder().decode(ByteBuffer.wrap(utf8)).toString());
        } catch (CharacterCodingException e) {
            throw new AssertionError("the output is not valid UTF-8", e);
        }
    }

    static byte[] bytes(JsonValue value) {
        StringWriter out = new StringWriter();
        Json.createWriter(out).write(value);
        return out.toString().getBytes(StandardCharsets.UTF_8);
    }

    /** Fails with the path of the first difference, and both documents, when the trees differ. */
    static void assertJsonEquals(JsonValue expected, JsonValue actual, String context) {
        String difference = difference(expected, actual, "$");
        if (difference != null) {
            fail(context + ": " + difference + "\nexpected: " + expected + "\nactual:   " + actual);
        }
    }

    static void assertJsonEquals(String expected, byte[] actual, String context) {
        assertJsonEquals(parse(expected), parse(actual), context);
    }

    /** @return a description of the first difference, or null when the trees are equal as JSON */
    static String difference(JsonValue expected, JsonValue actual, String path) {
        if (expected.getValueType() != actual.getValueType()) {
            return path + ": expected " + expected.getValueType() + " " + expected + ", was " + actual.getValueType()
                    + " " + actual;
        }
        switch (expected.getValueType()) {
            case OBJECT: {
                JsonObject e = expected.asJsonObject();
                JsonObject a = actual.asJsonObject();
                if (!e.keySet().equals(a.keySet())) {
                    TreeSet<String> missing = new TreeSet<>(e.keySet());
                    missing.removeAll(a.keySet());
                    TreeSet<String> extra = new TreeSet<>(a.keySet());
                    extra.removeAll(e.keySet());
                    return path + ": members missing " + missing + ", unexpected " + extra;
                }
                for (String name : e.keySet()) {
                    String inner = difference(e.get(name), a.get(name), path + "." + name);
                    if (inner != null) {
                        return inner;
                    }
                }
                return null;
            }
            case ARRAY: {
                JsonArray e = expected.asJsonArray();
                JsonArray a = actual.asJsonArray();
                if (e.size() != a.size()) {
                    return path + ": expected " + e.size() + " elements, was " + a.size();
                }
                for (int i = 0; i < e.size(); i++) {
                    String inner = difference(e.get(i), a.get(i), path + "[" + i + "]");
                    if (inner != null) {
                        return inner;
                    }
                }
                return null;
            }
            case NUMBER:
                return ((JsonNumber) expected).bigDecimalValue().compareTo(((JsonNumber) actual).bigDecimalValue()) == 0
                        ? null
                        : path + ": expected " + expected + ", was " + actual;
            default:
                return expected.equals(actual) ? null : path + ": expected " + expected + ", was " + actual;
        }
    }
}
