package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The example of {@link McpServer}'s javadoc, with an in-memory connection instead of stdio. */
class McpServerExampleTest {

    @Test
    void theFifteenLineServerWorks() throws Exception {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        // ---- the user's code: a complete resource server ----
        InMemoryResourceProvider notes = InMemoryResourceProvider.create("notes")
                .addCollection(Resource.of("notes://all", "all notes"))
                .addText("notes://all", Resource.builder("notes://all/hello", "hello")
                        .mimeType("text/plain").build(), "Hello, world");
        try (McpServer server = McpServer.builder()
                .serverInfo("notes", "1.0")
                .resourceProvider(notes)
                .build()) {
            server.serve(pair.server());
            // ---- end of the user's code (with stdio: server.serve(URI.create("stdio:-")).idle().join()) ----

            try (McpClient client = McpClient.connect(pair.client())) {
                assertEquals("notes", client.serverInfo().name());
                assertEquals(List.of("notes://all/hello"),
                        client.resources().listAllChildren("notes://all", 5).stream().map(Resource::uri).toList());
                TextResourceContents hello = (TextResourceContents) client.resources().read("notes://all/hello")
                        .contents().get(0);
                assertEquals("Hello, world", hello.text());
                assertEquals("hello", hello.resource().name());
            }
        }
    }
}
