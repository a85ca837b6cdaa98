package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.Annotations;
import dev.jmcp.schema.common.CacheScope;
import dev.jmcp.schema.common.Icon;
import dev.jmcp.schema.common.IconTheme;
import dev.jmcp.schema.common.Role;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.EmbeddedResource;
import dev.jmcp.schema.resources.ListResourcesRequestParams;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.ReadResourceMetadataRequestParams;
import dev.jmcp.schema.resources.ReadResourceMetadataResult;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceUpdatedNotificationParams;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Golden tests for the SEP-2093 shapes: records built in Java are written as the expected JSON,
 * and the expected JSON reads back into equal records.
 */
class Sep2093GoldenTest {
    private static final McpCodec CODEC = McpCodec.defaults();
    private static final PendingRequests READ = id -> McpMethodNames.RESOURCES_READ;

    /** Writes {@code message}, compares it with {@code expected}, and reads {@code expected} back. */
    private static void assertGolden(JsonRpcMessage message, String expected, PendingRequests pending) {
        JsonTrees.assertJsonEquals(expected, CODEC.toBytes(message), "written");
        assertEquals(message, CODEC.read(expected.getBytes(StandardCharsets.UTF_8), pending), "read back");
    }

    private static byte[] writeValue(Object value) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CODEC.writeValue(value, out);
        return out.toByteArray();
    }

    @Test
    void collectionReadCarriesChildrenWithTheirOwnUrisAndMetadata() {
        ReadResourceResult result = ReadResourceResult.of(List.of(
                new TextResourceContents(Resource.builder("file:///srv/orchard/src/plan.ts", "plan.ts")
                        .mimeType("text/typescript").isCollection(false).size(33L).build(),
                        "import { rows } from './rows';\n..."),
                new TextResourceContents(Resource.builder("file:///srv/orchard/src/rows.ts", "rows.ts")
                        .title("Rows").mimeType("text/typescript").isCollection(false).build(),
                        "export const rows = ..."),
                new TextResourceContents(Resource.builder("file:///srv/orchard/src/util/", "util")
                        .mimeType("inode/directory").isCollection(true).build(), "dates.ts\n")));
        assertGolden(new JsonRpcResultResponse(RequestId.of(2), result), """
                {
                  "jsonrpc": "2.0",
                  "id": 2,
                  "result": {
                    "contents": [
                      {
                        "uri": "file:///srv/orchard/src/plan.ts",
                        "name": "plan.ts",
                        "mimeType": "text/typescript",
                        "size": 33,
                        "isCollection": false,
                        "text": "import { rows } from './rows';\\n..."
                      },
                      {
                        "uri": "file:///srv/orchard/src/rows.ts",
                        "name": "rows.ts",
                        "title": "Rows",
                        "mimeType": "text/typescript",
                        "isCollection": false,
                        "text": "export const rows = ..."
                      },
                      {
                        "uri": "file:///srv/orchard/src/util/",
                        "name": "util",
                        "mimeType": "inode/directory",
                        "isCollection": true,
                        "text": "dates.ts\\n"
                      }
                    ]
                  }
                }
                """, READ);
    }

    @Test
    void formatAlternativesShareOneUriWithASizePerElement() {
        byte[] pdf = "%PDF-1.7\n".getBytes(StandardCharsets.US_ASCII);
        Resource.Builder report = Resource.builder("file:///srv/orchard/report.pdf", "Harvest Report").isCollection(false);
        Resource asPdf = report.mimeType("application/pdf").size((long) pdf.length).build();
        Resource asText = report.mimeType("text/plain").size(34L).build();
        String expected = """
                {
                  "jsonrpc": "2.0",
                  "id": "read-7",
                  "result": {
                    "contents": [
                      {
                        "uri": "file:///srv/orchard/report.pdf",
                        "name": "Harvest Report",
                        "mimeType": "application/pdf",
                        "isCollection": false,
                        "size": 9,
                        "blob": "JVBERi0xLjcK"
                      },
                      {
                        "uri": "file:///srv/orchard/report.pdf",
                        "name": "Harvest Report",
                        "mimeType": "text/plain",
                        "isCollection": false,
                        "size": 34,
                        "text": "Pears: 412 kg from row five, 2026."
                      }
                    ],
                    "resultType": "complete",
                    "ttlMs": 60000,
                    "cacheScope": "private"
                  }
                }
                """;
        // as it arrives on the wire: base64 text, decoded while it is read
        JsonRpcResultResponse received = new JsonRpcResultResponse(RequestId.of("read-7"), ReadResourceResult.of(List.of(
                new BlobResourceContents(asPdf, Blob.of("%PDF-1.7\n".getBytes(java.nio.charset.StandardCharsets.US_ASCII))),
                new TextResourceContents(asText, "Pears: 412 kg from row five, 2026.")))
                .withCaching(60_000, CacheScope.PRIVATE));
        assertGolden(received, expected, READ);

        // as a server builds it: raw bytes, encoded by the codec, give the same JSON
        JsonRpcResultResponse built = new JsonRpcResultResponse(RequestId.of("read-7"), ReadResourceResult.of(List.of(
                new BlobResourceContents(asPdf, Blob.of(pdf)),
                new TextResourceContents(asText, "Pears: 412 kg from row five, 2026.")))
                .withCaching(60_000, CacheScope.PRIVATE));
        JsonTrees.assertJsonEquals(expected, CODEC.toBytes(built), "written from raw bytes");
        ReadResourceResult read = (ReadResourceResult) ((JsonRpcResultResponse) CODEC.read(
                expected.getBytes(StandardCharsets.UTF_8), READ)).result();
        assertArrayEquals(pdf, ((BlobResourceContents) read.contents().get(0)).blob().toByteArray());
        assertEquals(9, ((BlobResourceContents) read.contents().get(0)).blob().length());
    }

    @Test
    void metadataResultIsOneResourceWithoutContent() {
        Resource resource = Resource.builder("file:///srv/orchard/docs/", "docs")
                .title("Documentation")
                .description("Every record of the orchard")
                .mimeType("inode/directory")
                .isCollection(true)
                .annotations(new Annotations(List.of(Role.USER, Role.ASSISTANT), 0.5, "2026-02-11T09:41:07Z"))
                .icons(List.of(new Icon("https://orchard.example.org/icons/folder.png", "image/png", List.of("48x48"), IconTheme.DARK)))
                .meta(Json.createObjectBuilder().add("example.com/owner", "docs-team").build())
                .build();
        assertGolden(new JsonRpcResultResponse(RequestId.of(5), ReadResourceMetadataResult.of(resource)), """
                {
                  "jsonrpc": "2.0",
                  "id": 5,
                  "result": {
                    "resource": {
                      "uri": "file:///srv/orchard/docs/",
                      "name": "docs",
                      "title": "Documentation",
                      "description": "Every record of the orchard",
                      "mimeType": "inode/directory",
                      "isCollection": true,
                      "annotations": {
                        "audience": ["user", "assistant"],
                        "priority": 0.5,
                        "lastModified": "2026-02-11T09:41:07Z"
                      },
                      "icons": [
                        {"src": "https://orchard.example.org/icons/folder.png", "mimeType": "image/png", "sizes": ["48x48"], "theme": "dark"}
                      ],
                      "_meta": {"example.com/owner": "docs-team"}
                    }
                  }
                }
                """, id -> McpMethodNames.RESOURCES_METADATA);
        assertGolden(new JsonRpcRequest(RequestId.of(5), McpMethodNames.RESOURCES_METADATA,
                ReadResourceMetadataRequestParams.of("file:///srv/orchard/docs/")), """
                {"jsonrpc": "2.0", "id": 5, "method": "resources/metadata", "params": {"uri": "file:///srv/orchard/docs/"}}
                """, PendingRequests.NONE);
    }

    @Test
    void collectionChildrenAreListedWithTheCollectionUri() {
        assertGolden(new JsonRpcRequest(RequestId.of(8), McpMethodNames.RESOURCES_LIST,
                ListResourcesRequestParams.children("file:///srv/orchard/docs/", "page-2")), """
                {"jsonrpc": "2.0", "id": 8, "method": "resources/list",
                 "params": {"cursor": "page-2", "uri": "file:///srv/orchard/docs/"}}
                """, PendingRequests.NONE);
        assertGolden(new JsonRpcResultResponse(RequestId.of(8), ListResourcesResult.of(List.of(
                Resource.builder("file:///srv/orchard/docs/a.md", "a.md").isCollection(false).build(),
                Resource.builder("file:///srv/orchard/docs/old/", "old").isCollection(true).build()), null)), """
                {"jsonrpc": "2.0", "id": 8, "result": {"resources": [
                  {"uri": "file:///srv/orchard/docs/a.md", "name": "a.md", "isCollection": false},
                  {"uri": "file:///srv/orchard/docs/old/", "name": "old", "isCollection": true}
                ]}}
                """, id -> McpMethodNames.RESOURCES_LIST);
    }

    @Test
    void missingResourceIsInvalidParamsWithTheUriAsData() {
        JsonObject data = Json.createObjectBuilder().add("uri", "file:///srv/orchard/absent.txt").build();
        JsonRpcErrorResponse error = new JsonRpcErrorResponse(RequestId.of(2),
                new JsonRpcError(ErrorCodes.INVALID_PARAMS, "Resource not found", data));
        assertGolden(error, """
                {
                  "jsonrpc": "2.0",
                  "id": 2,
                  "error": {
                    "code": -32602,
                    "message": "Resource not found",
                    "data": {"uri": "file:///srv/orchard/absent.txt"}
                  }
                }
                """, READ);
    }

    @Test
    void embeddedResourceTopLevelAnnotationsMoveIntoTheResource() throws IOException {
        String printed = """
                {
                  "type": "resource",
                  "resource": {"uri": "file:///srv/orchard/a.py", "mimeType": "text/x-python", "text": "print(1)"},
                  "annotations": {"audience": ["user"], "priority": 0.7, "lastModified": "2026-03-09T07:20:00Z"},
                  "_meta": {"k": 1}
                }
                """;
        EmbeddedResource read = CODEC.readValue(printed.getBytes(StandardCharsets.UTF_8), EmbeddedResource.class);
        Annotations annotations = new Annotations(List.of(Role.USER), 0.7, "2026-03-09T07:20:00Z");
        assertEquals(annotations, read.resource().resource().annotations());
        byte[] written = writeValue(read);
        JsonObject tree = JsonTrees.parse(written).asJsonObject();
        assertFalse(tree.containsKey("annotations"), "written with a top-level annotations member: " + tree);
        JsonTrees.assertJsonEquals("""
                {
                  "type": "resource",
                  "resource": {"uri": "file:///srv/orchard/a.py", "mimeType": "text/x-python", "text": "print(1)",
                               "annotations": {"audience": ["user"], "priority": 0.7,
                                               "lastModified": "2026-03-09T07:20:00Z"}},
                  "_meta": {"k": 1}
                }
                """, written, "written");
        assertEquals(read, CODEC.readValue(written, EmbeddedResource.class));
    }

    @Test
    void embeddedResourceKeepsItsOwnAnnotationsOverTopLevelOnes() {
        EmbeddedResource read = CODEC.readValue("""
                {"type": "resource",
                 "annotations": {"priority": 0.1},
                 "resource": {"uri": "file:///a", "text": "a", "annotations": {"priority": 0.9}}}
                """.getBytes(StandardCharsets.UTF_8), EmbeddedResource.class);
        assertEquals(new Annotations(null, 0.9, null), read.resource().resource().annotations());
    }

    @Test
    void metaRoundTripsUnchanged() throws IOException {
        String meta = """
                {"nested": {"deeper": {"list": [1, -2, 3.25, 1e3, 12345678901234567890123, 0.1, -0.0]}},
                 "array": [{"a": null}, [], {}, true, false, "x"],
                 "text": "tab\\t quote\\" slash\\\\ \\u00e9 \\ud83d\\ude00 <>&",
                 "io.modelcontextprotocol/subscriptionId": "listen-9",
                 "number": 9007199254740993}
                """;
        JsonObject expectedMeta = JsonTrees.parse(meta).asJsonObject();
        String resource = "{\"uri\": \"file:///m\", \"name\": \"m\", \"_meta\": " + meta + "}";
        Resource read = CODEC.readValue(resource.getBytes(StandardCharsets.UTF_8), Resource.class);
        assertEquals(expectedMeta, read.meta());
        byte[] written = writeValue(read);
        JsonTrees.assertJsonEquals(resource, written, "written");
        // not just equal by value: the big integers keep every digit
        assertEquals("12345678901234567890123", JsonTrees.parse(written).asJsonObject().getJsonObject("_meta")
                .getJsonObject("nested").getJsonObject("deeper").getJsonArray("list").getJsonNumber(4)
                .bigIntegerValueExact().toString());
        assertEquals(read, CODEC.readValue(written, Resource.class));

        // and on a notification's params
        JsonRpcNotification updated = new JsonRpcNotification(McpMethodNames.RESOURCES_UPDATED,
                new ResourceUpdatedNotificationParams("file:///m", expectedMeta));
        assertGolden(updated, "{\"jsonrpc\": \"2.0\", \"method\": \"notifications/resources/updated\","
                + " \"params\": {\"uri\": \"file:///m\", \"_meta\": " + meta + "}}", PendingRequests.NONE);
    }

    @Test
    void unknownMembersAreIgnored() {
        String withUnknowns = """
                {"jsonrpc": "2.0", "future": {"deep": [1, {"x": [2]}]}, "id": 3,
                 "result": {"contents": [{"uri": "file:///a", "name": "a", "isCollection": false,
                                          "futureField": [1, 2, {"y": null}], "text": "hi", "etag": "W/1"}],
                            "unknownTopLevel": true},
                 "trailer": null}
                """;
        JsonRpcPayload read = CODEC.read(withUnknowns.getBytes(StandardCharsets.UTF_8), READ);
        JsonRpcResultResponse expected = new JsonRpcResultResponse(RequestId.of(3), ReadResourceResult.of(
                new TextResourceContents(Resource.builder("file:///a", "a").isCollection(false).build(), "hi")));
        assertEquals(expected, read);
        JsonTrees.assertJsonEquals("""
                {"jsonrpc": "2.0", "id": 3, "result": {"contents": [
                  {"uri": "file:///a", "name": "a", "isCollection": false, "text": "hi"}]}}
                """, CODEC.toBytes(read), "written without the unknown members");

        // in params too, and in a record read on its own
        JsonRpcRequest request = (JsonRpcRequest) CODEC.read("""
                {"jsonrpc": "2.0", "id": 4, "method": "resources/metadata",
                 "params": {"uri": "file:///a", "includeHidden": true, "depth": 3}}
                """.getBytes(StandardCharsets.UTF_8), PendingRequests.NONE);
        assertEquals(ReadResourceMetadataRequestParams.of("file:///a"), request.params());
        Resource resource = CODEC.readValue("{\"uri\": \"u\", \"name\": \"n\", \"kind\": \"file\", \"version\": \"3\"}"
                .getBytes(StandardCharsets.UTF_8), Resource.class);
        assertEquals(Resource.of("u", "n"), resource);
        assertNull(resource.meta());
        assertInstanceOf(ReadResourceMetadataRequestParams.class, request.params());
    }
}
