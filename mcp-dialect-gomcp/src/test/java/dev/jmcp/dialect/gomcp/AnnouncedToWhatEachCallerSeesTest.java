package dev.jmcp.dialect.gomcp;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.spi.Caller;
import dev.jmcp.core.spi.Listing;
import dev.jmcp.core.spi.ListingEntry;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.core.spi.ResourceChanges;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.dialect.gomcp.testing.GomcpPeer;
import dev.jmcp.dialect.gomcp.testing.SseWire;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.JsonObject;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A change is described to each subscriber's caller: a resource its provider no longer shows one
 * client is announced to the others, not to that one.
 */
class AnnouncedToWhatEachCallerSeesTest {
    private static final String SECRET = "memo://secret";
    private static final String PUBLIC = "memo://public";

    private final Memos memos = new Memos();
    private McpServer server;
    private URI sse;

    @BeforeEach
    void serve() {
        server = McpServer.builder().serverInfo("callers", "1").resourceProvider(memos).dialect("gomcp").build();
        sse = server.serve(URI.create("http://127.0.0.1:0/mcp")).address().resolve("/sse");
    }

    @AfterEach
    void close() {
        server.close();
    }

    @Test
    void aResourceHiddenFromOneCallerIsAnnouncedOnlyToTheOthers() throws Exception {
        try (GomcpPeer seer = subscribed("seer"); GomcpPeer outsider = subscribed("outsider")) {
            memos.hiddenFrom = "outsider";
            memos.changes.updated(SECRET);
            memos.changes.updated(PUBLIC); // the barrier: after it, an announcement of the secret would have come

            assertEquals(SECRET, changed(seer));
            assertEquals(PUBLIC, changed(seer));
            assertEquals(PUBLIC, changed(outsider), "the outsider is not told of what it may no longer see");
        }
    }

    private GomcpPeer subscribed(String name) throws Exception {
        GomcpPeer peer = GomcpPeer.initialized(new SseWire(sse), name);
        peer.result("resources/read", "{\"uri\":\"" + PUBLIC + "\"}"); // one notification name: updated
        peer.result("resources/subscribe", "{\"uris\":[\"" + SECRET + "\",\"" + PUBLIC + "\"]}");
        return peer;
    }

    private static String changed(GomcpPeer peer) throws InterruptedException {
        JsonObject params = peer.nextNotification("notifications/resources/updated").getJsonObject("params");
        return params.getJsonObject("resource").getString("uri");
    }

    /** Two memos; the secret one is hidden from the client named {@link #hiddenFrom}, once that is set. */
    private static final class Memos implements ResourceProvider {
        volatile String hiddenFrom;
        volatile ResourceChanges changes = ResourceChanges.none();

        @Override
        public String id() {
            return "memos";
        }

        @Override
        public Optional<Resource> describe(String uri, Caller caller) {
            boolean hidden = SECRET.equals(uri)
                    && caller.clientInfo().map(client -> client.name().equals(hiddenFrom)).orElse(false);
            return (SECRET.equals(uri) || PUBLIC.equals(uri)) && !hidden
                    ? Optional.of(Resource.builder(uri, uri.substring(7)).mimeType("text/plain").isCollection(false).build())
                    : Optional.empty();
        }

        @Override
        public Stream<ListingEntry> list(Listing listing) {
            return Stream.of(PUBLIC, SECRET)
                    .filter(uri -> listing.collection().isEmpty() && listing.after().map(a -> uri.compareTo(a) > 0).orElse(true))
                    .flatMap(uri -> describe(uri, listing.caller()).stream())
                    .map(resource -> ListingEntry.of(resource, resource.uri()));
        }

        @Override
        public List<ResourceContents> read(Resource resource, ReadContext context) {
            return List.of(new TextResourceContents(resource, "a memo"));
        }

        @Override
        public Optional<String> version(Resource resource) {
            return Optional.of("1");
        }

        @Override
        public boolean reportsUpdates() {
            return true;
        }

        @Override
        public void start(ResourceChanges changes) {
            this.changes = changes;
        }
    }
}
