package dev.jmcp.dialect.gomcp.internal.client;

import dev.jmcp.dialect.gomcp.internal.wire.GomcpProtocol;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.ListResourcesResult;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.JsonObject;
import java.io.StringReader;
import org.junit.jupiter.api.Test;

class ResourceMappingTest {
    private static JsonObject json(String text) {
        return JsonRuntime.provider().createReader(new StringReader(text)).readObject();
    }

    @Test
    void aResourceIsNamedByItsLastSegmentAndKeepsVersionKindAndMetadataInMeta() {
        Resource resource = ResourceMapping.resource(json("{\"uri\":\"file:///srv/docs/guide.md\",\"kind\":\"file\","
                + "\"title\":\"Guide\",\"description\":\"how\",\"version\":\"v7\",\"size\":12,"
                + "\"metadata\":{\"mimeType\":\"text/markdown\",\"owner\":\"ana\"}}"));

        assertEquals("guide.md", resource.name());
        assertEquals("Guide", resource.title());
        assertEquals("how", resource.description());
        assertEquals(12L, resource.size());
        assertEquals("text/markdown", resource.mimeType());
        assertEquals("v7", ConditionalReads.version(resource));
        assertEquals("file", resource.meta().getString(GomcpProtocol.KIND_META));
        assertEquals("ana", resource.meta().getJsonObject(GomcpProtocol.METADATA_META).getString("owner"));
        assertNull(resource.isCollection());
    }

    @Test
    void aCollectionKindOrFlagMarksACollection() {
        assertEquals(Boolean.TRUE, ResourceMapping.resource(json("{\"uri\":\"mem://a/\",\"kind\":\"collection\"}"))
                .isCollection());
        assertEquals(Boolean.FALSE, ResourceMapping.resource(json("{\"uri\":\"mem://b\",\"metadata\":{\"isCollection\""
                + ":false}}")).isCollection());
        assertEquals("a", ResourceMapping.resource(json("{\"uri\":\"mem://a/\"}")).name());
        assertNull(ResourceMapping.resource(json("{\"uri\":\"mem://plain\"}")).meta());
    }

    @Test
    void aPageKeepsItsCursor() {
        ListResourcesResult page = ResourceMapping.page(json("{\"resources\":[{\"uri\":\"mem://x\"}],\"nextCursor\":\"c\"}"));
        assertEquals("x", page.resources().get(0).name());
        assertEquals("c", page.nextCursor());
    }

    @Test
    void aReadIsOneElementWithTheResourcesMetadataAndTheTextOrTheBlob() {
        ReadResourceResult text = ResourceMapping.read(json("{\"resource\":{\"uri\":\"mem://t\",\"version\":\"3\"},"
                + "\"contents\":{\"contentType\":\"text/plain\",\"content\":\"hi\"}}"));
        TextResourceContents element = assertInstanceOf(TextResourceContents.class, text.contents().get(0));
        assertEquals("hi", element.text());
        assertEquals("text/plain", element.resource().mimeType());
        assertEquals("3", ConditionalReads.version(text));

        ReadResourceResult blob = ResourceMapping.read(json("{\"resource\":{\"uri\":\"mem://b\"},"
                + "\"contents\":{\"contentType\":\"application/octet-stream\",\"blob\":\"AAEC\"}}"));
        assertEquals(3, assertInstanceOf(BlobResourceContents.class, blob.contents().get(0)).blob().toByteArray().length);
    }

    @Test
    void contentsWithoutTextOrBlobAreAnInvalidAnswer() {
        ProtocolException e = assertThrows(ProtocolException.class, () -> ResourceMapping.read(json(
                "{\"resource\":{\"uri\":\"mem://b\"},\"contents\":{\"contentType\":\"text/plain\"}}")));
        assertEquals(-32600, e.code());
    }
}
