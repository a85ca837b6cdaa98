package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.resources.ResourceNotFoundException;
import dev.jmcp.core.spi.ReadContext;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import jakarta.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResourcesMetadataTest {

    /** A provider whose every read fails the test. */
    private static final class NoReads extends StaticProvider {
        NoReads() {
            super("noreads", 0, "big");
        }

        @Override
        public List<ResourceContents> read(Resource resource, ReadContext context) {
            reads.incrementAndGet();
            throw new AssertionError("resources/metadata must never read content");
        }
    }

    @Test
    void metadataNeverCallsRead() throws Exception {
        NoReads provider = new NoReads();
        try (Harness harness = new Harness(provider)) {
            Resource resource = harness.client().resources().metadata("noreads://big");
            assertEquals("big", resource.name());
            assertEquals("the big", resource.title());
            assertEquals("text/plain", resource.mimeType());
            assertEquals(0, provider.reads.get());
        }
    }

    @Test
    void metadataOfACollectionSaysSo() throws Exception {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("m").addCollection(Resource.of("mem://dir", "dir"));
        try (Harness harness = new Harness(memory)) {
            assertEquals(Boolean.TRUE, harness.client().resources().metadata("mem://dir").isCollection());
        }
    }

    @Test
    void metadataOfMissingUriIsInvalidParamsWithDataUri() throws Exception {
        try (Harness harness = new Harness(new NoReads())) {
            McpClient client = harness.client();
            ProtocolException e = Harness.protocolError(() -> client.resources().metadata("noreads://gone"));
            assertInstanceOf(ResourceNotFoundException.class, e);
            assertEquals(ErrorCodes.INVALID_PARAMS, e.code());
            assertEquals("noreads://gone", ((JsonObject) e.data()).getString("uri"));
        }
    }
}
