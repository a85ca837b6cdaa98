package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code jmcp serve --resources-as-tools} over stdio, as a 2026-07-28 host that only calls tools meets
 * it: the tools are listed, a long file is read in two parts through the offset the first answer
 * names, and without the option the server serves no tools. The TypeScript SDK clients over HTTP, in
 * both eras, are in {@code interop.InteropResourceToolsTest}.
 */
@Timeout(value = 60, unit = TimeUnit.SECONDS)
class ServeResourcesAsToolsTest {
    private static final String META = "{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    @TempDir
    Path dir;

    private static String request(int id, String method, String members) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":{\"_meta\":" + META
                + members + "}}";
    }

    @Test
    void aLongFileIsReadInPartsThroughTheOffsetTheFirstAnswerNames() throws Exception {
        Path root = dir.toRealPath();
        String text = "0123456789\n".repeat(2_300); // 25,300 characters: more than the 20,000 of one answer
        Files.writeString(root.resolve("long.txt"), text);
        String uri = root.resolve("long.txt").toUri().toString();
        List<JsonObject> answers = ServeStatelessTest.exchange(root, List.of("--resources-as-tools"),
                request(1, "tools/list", ""),
                request(2, "tools/call", ",\"name\":\"resources_read\",\"arguments\":{\"uri\":\"" + uri + "\"}"),
                request(3, "tools/call", ",\"name\":\"resources_read\",\"arguments\":{\"uri\":\"" + uri
                        + "\",\"offset\":20000}"));
        JsonObject listed = answers.get(0).getJsonObject("result");
        assertNotNull(listed, answers.get(0)::toString);
        assertEquals(List.of("resources_list", "resources_read", "resources_search"), listed.getJsonArray("tools")
                .getValuesAs(JsonObject.class).stream().map(t -> t.getString("name")).toList());
        JsonObject first = answers.get(1).getJsonObject("result");
        assertNotNull(first, answers.get(1)::toString);
        assertEquals(text.substring(0, 20_000), first.getJsonArray("content").getJsonObject(0).getString("text"));
        String note = first.getJsonArray("content").getJsonObject(1).getString("text");
        assertTrue(note.contains("\"offset\": 20000") && note.contains("maxTextChars"), note);
        JsonObject rest = answers.get(2).getJsonObject("result");
        assertEquals(text.substring(20_000), rest.getJsonArray("content").getJsonObject(0).getString("text"));
        assertEquals(1, rest.getJsonArray("content").size(), "the last part names no next offset: " + rest);
        assertFalse(rest.getBoolean("isError", false));
    }

    @Test
    void withoutTheOptionTheServerServesNoTools() throws Exception {
        JsonObject answer = ServeStatelessTest.exchange(dir.toRealPath(), List.of(), request(1, "tools/list", "")).get(0);
        assertEquals(-32601, answer.getJsonObject("error").getInt("code"), answer::toString);
    }
}
