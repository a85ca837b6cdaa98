package dev.jmcp.core.internal.resourcetools;

import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.spi.JsonProvider;

/** The three tools as {@code tools/list} describes them: names, what a model reads of them, and their input schemas. */
final class ToolCatalog {
    static final String LIST = "resources_list";
    static final String READ = "resources_read";
    static final String SEARCH = "resources_search";

    private static final JsonObject LISTING = build();

    private ToolCatalog() {
    }

    static JsonObject listing() {
        return LISTING;
    }

    private static JsonObject build() {
        JsonProvider json = Answers.json();
        return json.createObjectBuilder().add("tools", json.createArrayBuilder()
                .add(tool(json, LIST, "List resources",
                        "Lists the server's resources (one line each: URI, name, type, size), and on the first page the URI"
                                + " templates whose filled-in URIs can be read too. Give 'uri' of a collection to list its"
                                + " entries. When more remain, the answer names the 'cursor' to pass next.",
                        properties(json).add("uri", string(json, "a collection to list; omit for the top level"))
                                .add("cursor", string(json, "the cursor a previous answer named, to get the next entries")),
                        null))
                .add(tool(json, READ, "Read a resource",
                        "Reads one resource by URI. Text comes in parts: when more remains, the answer names the 'offset'"
                                + " to pass next. Binary content comes embedded when small, else as a resource link."
                                + " A collection is answered with its entries.",
                        properties(json).add("uri", string(json, "the resource's URI, as listed or found"))
                                .add("offset", json.createObjectBuilder().add("type", "integer").add("minimum", 0)
                                        .add("description", "the character to start from, as a previous answer named; 0 by default")),
                        "uri"))
                .add(tool(json, SEARCH, "Search resources",
                        "Finds resources whose URI, name, title or description contain every word of 'query'"
                                + " (case does not matter), looking into collections too.",
                        properties(json).add("query", string(json, "words that must all appear")),
                        "query")))
                .build();
    }

    private static JsonObjectBuilder tool(JsonProvider json, String name, String title, String description,
                                          JsonObjectBuilder properties, String required) {
        JsonObjectBuilder schema = json.createObjectBuilder().add("type", "object").add("properties", properties);
        if (required != null) {
            schema.add("required", json.createArrayBuilder().add(required));
        }
        return json.createObjectBuilder().add("name", name).add("title", title).add("description", description)
                .add("inputSchema", schema)
                .add("annotations", json.createObjectBuilder().add("readOnlyHint", true).add("openWorldHint", false));
    }

    private static JsonObjectBuilder properties(JsonProvider json) {
        return json.createObjectBuilder();
    }

    private static JsonObjectBuilder string(JsonProvider json, String description) {
        return json.createObjectBuilder().add("type", "string").add("description", description);
    }
}
