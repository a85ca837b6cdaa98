package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** jmcp's conditional reads (docs/conditional-reads.md) between a jmcp client and server, in both eras. */
class ConditionalReadTest {
    private static final String BIG = "x".repeat(100_000);

    private InMemoryResourceProvider memory;
    private Harness harness;
    private Harness.Recording recording;

    @BeforeEach
    void start() {
        memory = InMemoryResourceProvider.create("memory")
                .addText(Resource.builder("mem://big", "big").mimeType("text/plain").build(), BIG);
        harness = new Harness(memory);
        recording = new Harness.Recording();
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    private McpClient client(boolean stateless) {
        return harness.client(recording, stateless ? VersionNegotiation.auto() : VersionNegotiation.handshake());
    }

    /** @return the bytes of the last read result the server sent, as the codec writes them on any transport */
    private int lastReadResultBytes() {
        List<JsonRpcPayload> sent = recording.sent;
        for (int i = sent.size() - 1; i >= 0; i--) {
            if (sent.get(i) instanceof JsonRpcResultResponse response && response.result() instanceof ReadResourceResult) {
                return McpCodec.defaults().toBytes(response).length;
            }
        }
        throw new AssertionError("no read result was sent: " + sent);
    }

    @ParameterizedTest(name = "stateless={0}")
    @ValueSource(booleans = {false, true})
    void everyDescriptionCarriesTheVersionForAClientThatDeclaredTheExtension(boolean stateless) {
        McpClient client = harness.client(recording, stateless ? VersionNegotiation.auto() : VersionNegotiation.handshake(),
                true);
        assertTrue(client.serverCapabilities().extensions().containsKey(ConditionalReads.EXTENSION));
        String version = ConditionalReads.version(client.resources().read("mem://big"));
        assertNotNull(version);
        assertEquals(version, ConditionalReads.version(client.resources().list().resources().get(0)));
        assertEquals(version, ConditionalReads.version(client.resources().metadata("mem://big")));
    }

    @ParameterizedTest(name = "stateless={0}")
    @ValueSource(booleans = {false, true})
    void aListingCarriesNoVersionsForAClientThatDidNotDeclareTheExtensionAndAReadStillDoes(boolean stateless) {
        McpClient client = client(stateless);
        Resource listed = client.resources().list().resources().get(0);
        assertEquals("mem://big", listed.uri());
        assertNull(ConditionalReads.version(listed));
        assertNull(listed.meta(), "the version was the only key of its _meta");
        assertNotNull(ConditionalReads.version(client.resources().read("mem://big")));
        assertNotNull(ConditionalReads.version(client.resources().metadata("mem://big")));
    }

    @ParameterizedTest(name = "stateless={0}")
    @ValueSource(booleans = {false, true})
    void aReadOfTheHeldVersionSendsNoContent(boolean stateless) {
        McpClient client = client(stateless);
        ReadResourceResult full = client.resources().read("mem://big");
        int fullBytes = lastReadResultBytes();
        String version = ConditionalReads.version(full);

        ReadResourceResult again = client.resources().readIfChanged("mem://big", version);

        assertTrue(ConditionalReads.isNotModified(again), again::toString);
        assertTrue(again.contents().isEmpty());
        assertEquals(version, ConditionalReads.version(again));
        int notModifiedBytes = lastReadResultBytes();
        assertTrue(fullBytes > BIG.length() && notModifiedBytes < 1_000,
                "full " + fullBytes + " bytes, not modified " + notModifiedBytes);
        if (stateless) {
            assertNotNull(again.ttlMs(), "a not-modified result is still a complete, cacheable result");
        }
    }

    @ParameterizedTest(name = "stateless={0}")
    @ValueSource(booleans = {false, true})
    void aStaleVersionGetsTheContentAndTheNewVersion(boolean stateless) {
        McpClient client = client(stateless);
        String old = ConditionalReads.version(client.resources().read("mem://big"));
        memory.update("mem://big", "changed");

        ReadResourceResult result = client.resources().readIfChanged("mem://big", old);

        assertFalse(ConditionalReads.isNotModified(result));
        assertEquals("changed", ((TextResourceContents) result.contents().get(0)).text());
        String now = ConditionalReads.version(result);
        assertNotNull(now);
        assertNotEquals(old, now);
    }

    @ParameterizedTest(name = "stateless={0}")
    @ValueSource(booleans = {false, true})
    void aResourceWithoutVersionIsAlwaysSentWhole(boolean stateless) {
        memory.addTemplate(dev.jmcp.schema.resources.ResourceTemplate.of("mem://t/{x}", "t"),
                (uri, variables) -> List.of(TextResourceContents.of(uri, "text/plain", "t")));
        McpClient client = client(stateless);
        ReadResourceResult result = client.resources().readIfChanged("mem://t/1", "anything");
        assertNull(ConditionalReads.version(result));
        assertEquals("t", ((TextResourceContents) result.contents().get(0)).text());
    }
}
