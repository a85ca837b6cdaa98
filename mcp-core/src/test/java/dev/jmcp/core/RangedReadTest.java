package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ByteRange;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.RangedReads;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** jmcp's ranged reads (docs/ranged-reads.md) between a jmcp client and server, in both eras. */
class RangedReadTest {
    private static final byte[] BYTES = new byte[10_000];
    private static final String TEXT = "añb€c"; // UTF-8: a, c3 b1, b, e2 82 ac, c

    static {
        for (int i = 0; i < BYTES.length; i++) {
            BYTES[i] = (byte) (i * 31);
        }
    }

    private InMemoryResourceProvider memory;
    private Harness harness;

    @BeforeEach
    void start() {
        memory = InMemoryResourceProvider.create("memory")
                .addBlob(Resource.builder("mem://blob", "blob").mimeType("application/octet-stream").build(), Blob.of(BYTES))
                .addText(Resource.builder("mem://text", "text").mimeType("text/plain").build(), TEXT);
        harness = new Harness(memory);
    }

    @AfterEach
    void stop() {
        harness.close();
    }

    private McpClient client(boolean stateless) {
        return harness.client(new Harness.Recording(), stateless ? VersionNegotiation.auto() : VersionNegotiation.handshake());
    }

    private static byte[] bytes(ReadResourceResult result) {
        return ((BlobResourceContents) result.contents().get(0)).blob().toByteArray();
    }

    @ParameterizedTest(name = "stateless={0}")
    @ValueSource(booleans = {false, true})
    void aRangeOfTheCurrentVersionIsThoseBytes(boolean stateless) {
        McpClient client = client(stateless);
        assertTrue(client.resources().offersRanges());
        String version = ConditionalReads.version(client.resources().metadata("mem://blob"));

        ReadResourceResult middle = client.resources().readRange("mem://blob", new ByteRange(4_000, 2_500L, version));
        ReadResourceResult rest = client.resources().readRange("mem://blob", new ByteRange(9_990, null, version));

        assertArrayEquals(Arrays.copyOfRange(BYTES, 4_000, 6_500), bytes(middle));
        assertEquals(10_000, RangedReads.total(middle));
        assertEquals(version, ConditionalReads.version(middle));
        assertArrayEquals(Arrays.copyOfRange(BYTES, 9_990, 10_000), bytes(rest));
    }

    @ParameterizedTest(name = "stateless={0}")
    @ValueSource(booleans = {false, true})
    void aRangeOfTextIsOfItsUtf8Bytes(boolean stateless) {
        McpClient client = client(stateless);
        String version = ConditionalReads.version(client.resources().metadata("mem://text"));

        ReadResourceResult cut = client.resources().readRange("mem://text", new ByteRange(2, 4L, version));

        assertArrayEquals(Arrays.copyOfRange(TEXT.getBytes(StandardCharsets.UTF_8), 2, 6), bytes(cut));
        assertEquals(8, RangedReads.total(cut));
    }

    @ParameterizedTest(name = "stateless={0}")
    @ValueSource(booleans = {false, true})
    void aRangeOfAStaleVersionIsRefusedNamingTheCurrentOne(boolean stateless) {
        McpClient client = client(stateless);
        String old = ConditionalReads.version(client.resources().metadata("mem://blob"));
        memory.update("mem://blob", Blob.of(new byte[] {1, 2, 3}));
        String now = ConditionalReads.version(client.resources().read("mem://blob"));

        ProtocolException refused = assertThrows(ProtocolException.class,
                () -> client.resources().readRange("mem://blob", new ByteRange(0, 10L, old)));

        assertEquals(ErrorCodes.INVALID_PARAMS, refused.code());
        assertEquals("resources/read of mem://blob: the range is of version " + old + ", and it now has version " + now
                + "; read it again from the start", refused.getMessage());
        assertEquals(now, ((JsonObject) refused.data()).getString("version"));
    }

    @ParameterizedTest(name = "stateless={0}")
    @ValueSource(booleans = {false, true})
    void aRangePastTheEndIsRefused(boolean stateless) {
        McpClient client = client(stateless);
        String version = ConditionalReads.version(client.resources().metadata("mem://blob"));

        ProtocolException refused = assertThrows(ProtocolException.class,
                () -> client.resources().readRange("mem://blob", new ByteRange(10_001, null, version)));

        assertEquals("resources/read of mem://blob: the range starts at byte 10001, past its end at 10000",
                refused.getMessage());
    }
}
