package dev.jmcp.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpClient;
import dev.jmcp.core.resources.ResourceNotFoundException;
import dev.jmcp.core.resources.Subscription;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import java.net.URI;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * jmcp's HTTP client reaches a gomcp-style server in gomcp's HTTP+SSE shape on 127.0.0.1 (the POST of
 * {@code initialize} is refused, so it falls back to the GET stream and its endpoint) at 2025-03-26.
 */
class GomcpClientOverHttpTest {

    @Test
    void answersOnTheStreamCarryTheHandshakeReadsAndChangeNotifications() throws Exception {
        readsAndHearsChanges();
    }

    /** gomcp's own server answers each POST in its body (errors with 400 or 404) and keeps the stream for notifications. */
    @Test
    void answersInThePostBodiesAsGomcpsOwnServerSendsThemAreReadToo() throws Exception {
        readsAndHearsChanges("body-answers", "get-only");
    }

    private static void readsAndHearsChanges(String... options) throws Exception {
        try (FakeGomcp.Http server = new FakeGomcp.Http(options);
                McpClient client = McpClient.connect(URI.create(server.url()), GomcpClientOverStdioTest.options())) {
            assertEquals("2025-03-26", client.protocolVersion());
            assertEquals(List.of("initialize", "initialized"), GomcpClientOverStdioTest.methods(client).subList(0, 2));
            assertEquals(5, client.resources().listAll(10).size());
            Resource notes = client.resources().metadata("mem://notes.txt");
            assertEquals("notes.txt", notes.name());

            ReadResourceResult read = client.resources().read("mem://notes.txt");
            assertEquals("notes", ((TextResourceContents) read.contents().get(0)).text());
            assertTrue(ConditionalReads.isNotModified(client.resources().readIfChanged("mem://notes.txt",
                    ConditionalReads.version(read))));

            BlockingQueue<String> heard = new LinkedBlockingQueue<>();
            try (Subscription subscription = client.resources().subscribe("mem://notes.txt", heard::add)) {
                server.change("mem://notes.txt", "new notes", "notifications/resources/content_changed");
                assertEquals("mem://notes.txt", heard.poll(30, TimeUnit.SECONDS));
                server.change("mem://notes.txt", "newer notes", "notifications/resources/updated");
                assertEquals("mem://notes.txt", heard.poll(30, TimeUnit.SECONDS));
            }
            assertEquals("newer notes", ((TextResourceContents) client.resources().read("mem://notes.txt").contents()
                    .get(0)).text());
            assertThrows(ResourceNotFoundException.class, () -> client.resources().read("mem://nothing"));
        }
    }
}
