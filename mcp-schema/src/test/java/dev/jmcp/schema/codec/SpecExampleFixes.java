package dev.jmcp.schema.codec;

import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.function.UnaryOperator;

/**
 * The reviewed list of spec examples that cannot be round-tripped exactly as printed, with what is
 * done about each and why. Every entry must match exactly one example (its document, its block
 * index, and a piece of text the block must contain), so an entry that no longer applies fails the
 * test instead of lingering.
 */
final class SpecExampleFixes {

    /**
     * What to do with one example.
     *
     * @param document   the document, relative to the shared folder
     * @param block      the index of the {@code ```json} block in it
     * @param contains   text the block must contain, so that a renumbering is noticed
     * @param normalise  a faithful rewrite of the printed text into JSON; may be null
     * @param unwrap     read only this member of the printed object (a fragment of a larger type); may be null
     * @param readAs     the type to read the (unwrapped) fragment as; may be null
     * @param respondsTo the method a response answers, when the page says so but shows no request; may be null
     * @param expected   how the codec's output legitimately differs from the input; may be null
     * @param rejected   the codec must refuse it with this code and a message containing {@code rejectedText}; 0 if not
     * @param rejectedText what the refusal must say
     * @param reason     why, for the reviewer
     */
    record Fix(String document, int block, String contains, UnaryOperator<String> normalise, String unwrap,
            Class<?> readAs, String respondsTo, UnaryOperator<JsonValue> expected, int rejected, String rejectedText,
            String reason) {

        Fix normalise(UnaryOperator<String> value) {
            return new Fix(document, block, contains, value, unwrap, readAs, respondsTo, expected, rejected,
                    rejectedText, reason);
        }

        Fix unwrap(String member, Class<?> type) {
            return new Fix(document, block, contains, normalise, member, type, respondsTo, expected, rejected,
                    rejectedText, reason);
        }

        Fix readAs(Class<?> type) {
            return new Fix(document, block, contains, normalise, unwrap, type, respondsTo, expected, rejected,
                    rejectedText, reason);
        }

        Fix respondsTo(String method) {
            return new Fix(document, block, contains, normalise, unwrap, readAs, method, expected, rejected,
                    rejectedText, reason);
        }

        Fix expected(UnaryOperator<JsonValue> value) {
            return new Fix(document, block, contains, normalise, unwrap, readAs, respondsTo, value, rejected,
                    rejectedText, reason);
        }

        Fix rejected(int code, String text) {
            return new Fix(document, block, contains, normalise, unwrap, readAs, respondsTo, expected, code, text,
                    reason);
        }

        boolean matches(SpecExamples.Example example) {
            return example.document().equals(document) && example.block() == block && example.text().contains(contains);
        }

        String name() {
            return document + " #" + block + " (\"" + contains + "\")";
        }
    }

    private static Fix fix(String document, int block, String contains, String reason) {
        return new Fix(document, block, contains, null, null, null, null, null, 0, null, reason);
    }

    private static final String SEED_2024 = "seeds/mcp-2024-11-05-resources.md";
    private static final String SEP = "seeds/sep-2093-resource-contents-metadata.md";
    private static final String R2025 = "spec/2025-11-25/server/resources.mdx";
    private static final String R2026 = "spec/2026-07-28/server/resources.mdx";

    private static final String CAPABILITIES_FRAGMENT = "a bare {\"capabilities\": ...} is a fragment of the"
            + " initialize (or discover) result, of no single type; its value is read as the capabilities record";
    private static final String COMMENTS = "`// ...` comments are not JSON; they are stripped (outside strings)";
    private static final String PLACEHOLDER_BLOB = "the blob is a placeholder that is not base64 (its length is not"
            + " a multiple of 4); the codec must refuse it with a message naming the member";

    static final List<Fix> FIXES = List.of(
            // the 2024-11-05 seed
            fix(SEED_2024, 0, "\"listChanged\": true", CAPABILITIES_FRAGMENT)
                    .unwrap("capabilities", ServerCapabilities.class),
            fix(SEED_2024, 1, "// Neither feature supported", COMMENTS + "; " + CAPABILITIES_FRAGMENT)
                    .normalise(SpecExampleFixes::stripLineComments).unwrap("capabilities", ServerCapabilities.class),
            fix(SEED_2024, 2, "// Only subscriptions supported", COMMENTS + "; " + CAPABILITIES_FRAGMENT)
                    .normalise(SpecExampleFixes::stripLineComments).unwrap("capabilities", ServerCapabilities.class),
            fix(SEED_2024, 3, "// Only list change notifications", COMMENTS + "; " + CAPABILITIES_FRAGMENT)
                    .normalise(SpecExampleFixes::stripLineComments).unwrap("capabilities", ServerCapabilities.class),
            fix(SEED_2024, 7, "fn main() {\n", "the page prints the text with raw newlines inside the JSON string;"
                    + " they are escaped as \\n, which is what the example means")
                    .normalise(SpecExampleFixes::escapeRawNewlinesInStrings),
            fix(SEED_2024, 14, "\"blob\": \"base64-encoded-data\"", PLACEHOLDER_BLOB)
                    .rejected(ErrorCodes.INVALID_REQUEST, "blob"),

            // the SEP-2093 seed: its responses show no request, but the text says they answer resources/read
            fix(SEP, 0, "file:///projects/src/main.ts", "\"Example collection read response\": a resources/read result")
                    .respondsTo(McpMethodNames.RESOURCES_READ),
            fix(SEP, 1, "\"blob\": \"JVBERi0xLjQK...\"", "\"non-collection read response with format alternatives\": a"
                    + " resources/read result; " + PLACEHOLDER_BLOB + " (Sep2093GoldenTest covers this shape with real"
                    + " base64)").respondsTo(McpMethodNames.RESOURCES_READ).rejected(ErrorCodes.INVALID_REQUEST, "blob"),

            // 2025-11-25 pages
            fix(R2025, 0, "\"listChanged\": true", CAPABILITIES_FRAGMENT).unwrap("capabilities", ServerCapabilities.class),
            fix(R2025, 1, "// Neither feature supported", COMMENTS + "; " + CAPABILITIES_FRAGMENT)
                    .normalise(SpecExampleFixes::stripLineComments).unwrap("capabilities", ServerCapabilities.class),
            fix(R2025, 2, "// Only subscriptions supported", COMMENTS + "; " + CAPABILITIES_FRAGMENT)
                    .normalise(SpecExampleFixes::stripLineComments).unwrap("capabilities", ServerCapabilities.class),
            fix(R2025, 3, "// Only list change notifications", COMMENTS + "; " + CAPABILITIES_FRAGMENT)
                    .normalise(SpecExampleFixes::stripLineComments).unwrap("capabilities", ServerCapabilities.class),
            fix(R2025, 14, "\"blob\": \"base64-encoded-data\"", PLACEHOLDER_BLOB)
                    .rejected(ErrorCodes.INVALID_REQUEST, "blob"),
            fix("spec/2025-11-25/basic/index.mdx", 0, "\"required\": [\"name\"]", "a JSON Schema document, not an"
                    + " MCP type: read as a JsonObject (the codec's generic value path)").readAs(JsonObject.class),
            fix("spec/2025-11-25/basic/index.mdx", 1, "\"$schema\"", "a JSON Schema document, not an MCP type: read"
                    + " as a JsonObject").readAs(JsonObject.class),
            fix("spec/2025-11-25/basic/utilities/tasks.mdx", 0, "\"tools\": {", "server side (tasks.requests.tools);"
                    + " " + CAPABILITIES_FRAGMENT).unwrap("capabilities", ServerCapabilities.class),
            fix("spec/2025-11-25/basic/utilities/tasks.mdx", 1, "\"createMessage\"", "client side"
                    + " (tasks.requests.sampling); " + CAPABILITIES_FRAGMENT)
                    .unwrap("capabilities", ClientCapabilities.class),
            fix("spec/2025-11-25/basic/utilities/tasks.mdx", 13, "\"ttl\": 60000", "a fragment of task-augmented"
                    + " request params (tasks are not modelled): read as a JsonObject").readAs(JsonObject.class),
            fix("spec/2025-11-25/basic/utilities/tasks.mdx", 14, "io.modelcontextprotocol/related-task", "a _meta"
                    + " fragment (tasks are not modelled): read as a JsonObject").readAs(JsonObject.class),
            fix("spec/2025-11-25/server/utilities/completion.mdx", 0, "\"completions\"", CAPABILITIES_FRAGMENT)
                    .unwrap("capabilities", ServerCapabilities.class),
            fix("spec/2025-11-25/server/utilities/logging.mdx", 0, "\"logging\"", CAPABILITIES_FRAGMENT)
                    .unwrap("capabilities", ServerCapabilities.class),
            fix("spec/2025-11-25/server/utilities/pagination.mdx", 0, "\"resources\": [...]", "`[...]` elides the"
                    + " page's resources; it is read as an empty page. The page says this answers resources/list")
                    .normalise(text -> text.replace("[...]", "[]")).respondsTo(McpMethodNames.RESOURCES_LIST),

            // 2026-07-28 pages
            fix(R2026, 0, "\"subscribe\": true", CAPABILITIES_FRAGMENT).unwrap("capabilities", ServerCapabilities.class),
            fix(R2026, 1, "\"resources\": {}", CAPABILITIES_FRAGMENT).unwrap("capabilities", ServerCapabilities.class),
            fix(R2026, 11, "\"blob\": \"base64-encoded-data\"", PLACEHOLDER_BLOB)
                    .rejected(ErrorCodes.INVALID_REQUEST, "blob"),
            fix("spec/2026-07-28/basic/index.mdx", 0, "\"required\": [\"name\"]", "a JSON Schema document, not an"
                    + " MCP type: read as a JsonObject").readAs(JsonObject.class),
            fix("spec/2026-07-28/basic/index.mdx", 1, "\"$schema\"", "a JSON Schema document, not an MCP type: read"
                    + " as a JsonObject").readAs(JsonObject.class),
            fix("spec/2026-07-28/basic/patterns/mrtr.mdx", 0, "\"github_login\"", "an InputRequests map (a member"
                    + " of InputRequiredResult, of no record of its own): read as a JsonObject").readAs(JsonObject.class),
            fix("spec/2026-07-28/basic/patterns/mrtr.mdx", 1, "\"action\": \"accept\"", "an InputResponses map (a"
                    + " member of request params, of no record of its own): read as a JsonObject")
                    .readAs(JsonObject.class),
            fix("spec/2026-07-28/basic/patterns/mrtr.mdx", 2, "// Elicitation request.", COMMENTS)
                    .normalise(SpecExampleFixes::stripLineComments),
            fix("spec/2026-07-28/basic/transports/streamable-http.mdx", 0, "\"x-mcp-header\"", "a Tool definition"
                    + " (tools are not modelled): read as a JsonObject").readAs(JsonObject.class),
            fix("spec/2026-07-28/basic/versioning.mdx", 1, "\"roots\": {}", "client side (roots); "
                    + CAPABILITIES_FRAGMENT).unwrap("capabilities", ClientCapabilities.class),
            fix("spec/2026-07-28/basic/versioning.mdx", 2, "\"tools\": {}", "server side (tools); "
                    + CAPABILITIES_FRAGMENT).unwrap("capabilities", ServerCapabilities.class),

            // 2026-07-28 example files
            fix("spec/2026-07-28/examples/EmbeddedResource/embedded-file-resource-with-annotations.json", 0,
                    "\"annotations\"", "SEP-2093 removes EmbeddedResource.annotations: the codec moves top-level"
                    + " annotations into resource.annotations, so that is where the output has them")
                    .expected(SpecExampleFixes::moveAnnotationsIntoResource));

    private SpecExampleFixes() {
    }

    /** Removes {@code // ...} up to the end of the line, outside strings. */
    static String stripLineComments(String json) {
        StringBuilder out = new StringBuilder(json.length());
        boolean inString = false;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (inString) {
                out.append(c);
                if (c == '\\' && i + 1 < json.length()) {
                    out.append(json.charAt(++i));
                } else if (c == '"') {
                    inString = false;
                }
            } else if (c == '/' && i + 1 < json.length() && json.charAt(i + 1) == '/') {
                while (i < json.length() && json.charAt(i) != '\n') {
                    i++;
                }
                out.append('\n');
            } else {
                inString = c == '"';
                out.append(c);
            }
        }
        return out.toString();
    }

    /** Escapes raw line breaks inside strings as {@code \n}; the JSON outside strings is untouched. */
    static String escapeRawNewlinesInStrings(String json) {
        StringBuilder out = new StringBuilder(json.length());
        boolean inString = false;
        for (int i = 0; i < json.length(); i++) {
            char c = json.charAt(i);
            if (inString && c == '\\' && i + 1 < json.length()) {
                out.append(c).append(json.charAt(++i));
            } else if (inString && c == '\n') {
                out.append("\\n");
            } else {
                if (c == '"') {
                    inString = !inString;
                }
                out.append(c);
            }
        }
        return out.toString();
    }

    /** The pre-SEP-2093 EmbeddedResource with top-level annotations, as jmcp writes it. */
    static JsonValue moveAnnotationsIntoResource(JsonValue printed) {
        JsonObject block = printed.asJsonObject();
        JsonObjectBuilder resource = Json.createObjectBuilder(block.getJsonObject("resource"))
                .add("annotations", block.get("annotations"));
        return Json.createObjectBuilder(block).remove("annotations").add("resource", resource).build();
    }
}
