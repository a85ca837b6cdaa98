package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.core.transport.InMemoryTransport;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.ResourcesCapability;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.ReadResourceRequestParams;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The client's cache revalidates with versions, and only with a server that offers conditional reads. */
class ConditionalCacheTest {

    private static String text(ReadResourceResult result) {
        return ((TextResourceContents) result.contents().get(0)).text();
    }

    /** @return the last read result the server sent */
    private static ReadResourceResult lastSent(Harness.Recording recording) {
        List<JsonRpcPayload> sent = recording.sent;
        for (int i = sent.size() - 1; i >= 0; i--) {
            if (sent.get(i) instanceof JsonRpcResultResponse response && response.result() instanceof ReadResourceResult read) {
                return read;
            }
        }
        throw new AssertionError("no read result was sent");
    }

    @ParameterizedTest(name = "stateless={0}")
    @ValueSource(booleans = {false, true})
    void aStaleEntryIsRevalidatedWithItsVersionInsteadOfFetchedAgain(boolean stateless) {
        // the server's default hint is ttlMs 0 (stateless) and session results have none: always stale
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory")
                .addText(Resource.builder("mem://note", "note").mimeType("text/plain").build(), "v1");
        Harness.Recording recording = new Harness.Recording();
        try (Harness harness = new Harness(memory)) {
            McpClient client = harness.client(recording,
                    stateless ? VersionNegotiation.auto() : VersionNegotiation.handshake());
            ReadResourceResult first = client.resources().read("mem://note");
            int readsBefore = recording.received.size();

            assertSame(first, client.resources().read("mem://note"), "the held result, revalidated");
            assertEquals(readsBefore + 1, recording.received.size(), "one request went to the server");
            assertTrue(ConditionalReads.isNotModified(lastSent(recording)), "and it answered without content");

            memory.update("mem://note", "v2"); // nobody subscribed: nothing tells the client
            assertEquals("v2", text(client.resources().read("mem://note")), "a changed resource comes whole");
            assertFalse(ConditionalReads.isNotModified(lastSent(recording)));
        }
    }

    @Test
    void aServerWithoutTheExtensionIsNeverSentTheKey() {
        List<ReadResourceRequestParams> reads = new CopyOnWriteArrayList<>();
        Resource versioned = ConditionalReads.withVersion(Resource.builder("top://a", "a").mimeType("text/plain").build(), "v1");
        InMemoryTransport.Pair pair = InMemoryTransport.pair();
        // a server of another SDK that happens to put the same key in _meta, but does not advertise the extension
        ServerSession server = ServerSession.builder(pair.server())
                .serverInfo(Implementation.of("other-sdk", "1.0"))
                .capabilities(ServerCapabilities.ofResources(ResourcesCapability.of()))
                .requestHandler("resources/read", (params, context) -> {
                    reads.add((ReadResourceRequestParams) params);
                    return ReadResourceResult.of(new TextResourceContents(versioned, "a"));
                })
                .build();
        try (server; McpClient client = McpClient.connect(pair.client())) {
            ReadResourceResult result = client.resources().readIfChanged("top://a", "v1");
            client.resources().read("top://a");
            client.resources().read("top://a");

            assertEquals("a", text(result));
            assertEquals(3, reads.size(), "nothing was revalidated or served from the cache");
            for (ReadResourceRequestParams read : reads) {
                assertNull(read.meta() == null ? null : read.meta().get(ConditionalReads.IF_NONE_MATCH), read::toString);
            }
        }
    }
}
