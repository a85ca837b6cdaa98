package dev.jmcp.cli.interop;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.resources.Subscription;
import dev.jmcp.core.spi.StdioTargets;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceTemplate;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The jmcp CLIENT against the official reference server, server-everything, over stdio and over
 * Streamable HTTP. What that server serves, and its quirks, are in {@code conformance/everything.md}.
 */
@Timeout(600) // a backstop: each step has its own, shorter bound; the first test also installs the Node side
class InteropServerEverythingTest {
    private static final String DOCUMENT = "demo://resource/static/document/";
    private static final String SERVER = "node_modules/@modelcontextprotocol/server-everything/dist/";

    @Test
    void theJmcpClientWorksWithServerEverythingOverStdio() throws Exception {
        Path conformance = Interop.conformance();
        Path log = Interop.logFile("server-everything-stdio");
        // the server's stderr goes to the log instead of this JVM's stderr
        List<String> command = List.of("sh", "-c", "log=$1; shift; exec \"$@\" 2>>\"$log\"", "sh", log.toString(),
                Interop.node(), conformance.resolve(SERVER + "index.js").toString(), "stdio");
        try (McpClient client = McpClient.connect(StdioTargets.uriOf(command))) {
            checkEverything(client, () -> Interop.tail("server-everything-stdio", log));
        }
    }

    @Test
    void theJmcpClientWorksWithServerEverythingOverStreamableHttp() throws Exception {
        Path conformance = Interop.conformance();
        int port = Interop.freePort();
        List<String> command = List.of(Interop.node(), conformance.resolve(SERVER + "index.js").toString(),
                "streamableHttp");
        try (Interop.Child server = Interop.Child.start("server-everything-http", command,
                Map.of("PORT", String.valueOf(port)))) {
            server.awaitOutput(Pattern.compile("listening on port " + port), Duration.ofSeconds(60));
            try (McpClient client = McpClient.connect(URI.create("http://127.0.0.1:" + port + "/mcp"))) {
                checkEverything(client, server::tail);
            }
        }
    }

    private static void checkEverything(McpClient client, Supplier<String> serverLog) throws Exception {
        assertEquals("mcp-servers/everything", client.serverInfo().name(), serverLog);
        // a server of the initialize revisions: the server/discover probe failed, and initialize followed
        assertFalse(client.negotiation().isStateless(), client.negotiation()::toString);
        assertTrue(client.negotiation().reason().startsWith("server/discover failed"), client.negotiation()::toString);
        assertTrue(client.negotiation().reason().contains("initialize asked for 2025-11-25"),
                client.negotiation()::toString);

        // one static document per file of dist/docs, all on one page
        Path docs = Interop.conformance().resolve(SERVER + "docs");
        Set<String> files;
        try (var list = Files.list(docs)) {
            files = list.map(p -> p.getFileName().toString()).collect(Collectors.toCollection(TreeSet::new));
        }
        assertEquals(7, files.size(), () -> "everything.md documents 7 files in " + docs + ": " + files);
        List<Resource> listed = client.resources().listAll(5);
        Set<String> expected = files.stream().map(f -> DOCUMENT + f).collect(Collectors.toCollection(TreeSet::new));
        Set<String> uris = listed.stream().map(Resource::uri).collect(Collectors.toCollection(TreeSet::new));
        assertEquals(expected, uris, serverLog);
        assertEquals(expected.size(), listed.size(), () -> "no duplicates: " + listed);
        for (Resource resource : listed) {
            assertEquals(DOCUMENT + resource.name(), resource.uri());
            assertEquals("text/markdown", resource.mimeType(), resource::toString);
        }

        // a static document: byte for byte the file
        String features = DOCUMENT + "features.md";
        TextResourceContents text = assertInstanceOf(TextResourceContents.class,
                only(client.resources().read(features)));
        assertEquals(features, text.resource().uri());
        assertEquals(Files.readString(docs.resolve("features.md"), StandardCharsets.UTF_8), text.text());

        // templates, and reads through them
        assertEquals(Set.of("demo://resource/dynamic/text/{resourceId}", "demo://resource/dynamic/blob/{resourceId}"),
                client.resources().templates().resourceTemplates().stream().map(ResourceTemplate::uriTemplate)
                        .collect(Collectors.toSet()));
        TextResourceContents dynamic = assertInstanceOf(TextResourceContents.class,
                only(client.resources().read("demo://resource/dynamic/text/7")));
        assertEquals("demo://resource/dynamic/text/7", dynamic.resource().uri());
        assertTrue(dynamic.text().startsWith("Resource 7: This is a plaintext resource created at "), dynamic.text());
        BlobResourceContents blob = assertInstanceOf(BlobResourceContents.class,
                only(client.resources().read("demo://resource/dynamic/blob/3")));
        String decoded = new String(blob.blob().toByteArray(), StandardCharsets.UTF_8);
        assertTrue(decoded.startsWith("Resource 3: This is a base64 blob created at "), decoded);

        // updates come only while the toggle-subscriber-updates tool has them on
        CompletableFuture<String> updated = new CompletableFuture<>();
        try (Subscription subscription = client.resources().subscribe(features, updated::complete)) {
            toggleSubscriberUpdates(client);
            try {
                assertEquals(features, updated.get(15, TimeUnit.SECONDS));
            } catch (java.util.concurrent.TimeoutException e) {
                throw new AssertionError("no notifications/resources/updated for " + features + " within 15 s\n"
                        + serverLog.get(), e);
            } finally {
                toggleSubscriberUpdates(client); // off again
            }
        }

        // unknown URI: -32602, without data (so not necessarily a ResourceNotFoundException)
        ProtocolException missing = assertThrows(ProtocolException.class,
                () -> client.resources().read("demo://nope"));
        assertEquals(-32602, missing.code(), missing::toString);
        assertTrue(missing.getMessage().contains("demo://nope"), missing::toString);
    }

    private static void toggleSubscriberUpdates(McpClient client) throws Exception {
        JsonObject params = Json.createObjectBuilder().add("name", "toggle-subscriber-updates")
                .add("arguments", Json.createObjectBuilder()).build();
        JsonObject result = client.session().sendRequest("tools/call", params, JsonObject.class)
                .get(30, TimeUnit.SECONDS);
        assertTrue(!result.getBoolean("isError", false), result::toString);
    }

    private static Object only(ReadResourceResult result) {
        assertEquals(1, result.contents().size(), result::toString);
        return result.contents().get(0);
    }
}
