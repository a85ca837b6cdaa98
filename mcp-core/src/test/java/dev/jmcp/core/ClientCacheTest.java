package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.spi.CacheHint;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import java.time.Duration;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client's cache of results, against a server whose results may be kept an hour. */
class ClientCacheTest {
    private InMemoryResourceProvider memory;
    private McpServer server;

    @BeforeEach
    void start() {
        memory = InMemoryResourceProvider.create("memory").addText(Resource.of("mem://note", "note"), "v1");
        server = McpServer.builder().serverInfo("cache-test", "1").resourceProvider(memory)
                .settings(ServerSettings.builder().defaultCacheHint(CacheHint.privateFor(3_600_000)).build()).build();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private McpClient client(ClientOptions options) {
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        server.serve(pair.server());
        return McpClient.connect(pair.client(), options.toBuilder().callTimeout(Duration.ofSeconds(30)).build());
    }

    private static String text(ReadResourceResult result) {
        return ((TextResourceContents) result.contents().get(0)).text();
    }

    @Test
    void aFreshResultIsServedAgainWithoutAskingTheServer() {
        try (McpClient client = client(ClientOptions.defaults())) {
            ReadResourceResult first = client.resources().read("mem://note");
            assertSame(first, client.resources().read("mem://note"));
            assertSame(client.resources().list(null), client.resources().list(null));
        }
    }

    @Test
    void theCacheCanBeSwitchedOff() {
        try (McpClient client = client(ClientOptions.builder().maxCachedResults(0).build())) {
            assertNotSame(client.resources().read("mem://note"), client.resources().read("mem://note"));
        }
    }

    @Test
    void anUpdateDropsTheCachedContent() throws Exception {
        try (McpClient client = client(ClientOptions.defaults())) {
            assertEquals("v1", text(client.resources().read("mem://note")));
            BlockingQueue<String> updates = new LinkedBlockingQueue<>();
            client.resources().subscribe("mem://note", updates::add);
            memory.update("mem://note", "v2");
            assertEquals("mem://note", updates.poll(30, TimeUnit.SECONDS));
            assertEquals("v2", text(client.resources().read("mem://note")));
        }
    }
}
