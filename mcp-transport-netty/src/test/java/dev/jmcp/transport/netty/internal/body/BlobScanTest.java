package dev.jmcp.transport.netty.internal.body;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.jsonrpc.JsonRpcBatch;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.EmbeddedResource;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.StreamedTextResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.JsonValue;
import java.io.ByteArrayInputStream;
import java.nio.file.Path;
import java.util.AbstractList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class BlobScanTest {
    private static final Blob FILE = Blob.ofFile(Path.of("/nowhere/b.bin"));
    private static final Blob STREAM = Blob.ofStream(() -> new ByteArrayInputStream(new byte[1]), 1);

    /** A result of a feature the transport knows nothing about, as a tool's would be. */
    record ToolResult(List<Object> content, Map<String, Object> extra) {
    }

    /** A result whose declared types cannot hold a blob at all. */
    record Listing(List<Resource> resources, String cursor) {
    }

    private static JsonRpcResultResponse answer(Object result) {
        return new JsonRpcResultResponse(RequestId.of(1), result);
    }

    private static JsonRpcResultResponse read(ResourceContents... contents) {
        return answer(ReadResourceResult.of(List.of(contents)));
    }

    private static BlobResourceContents blob(Blob blob) {
        return BlobResourceContents.of("test:b", "application/octet-stream", blob);
    }

    @Test
    void aReadOfAFileOrAStreamReadsASource() {
        assertTrue(BlobScan.readsSource(read(blob(FILE))));
        assertTrue(BlobScan.readsSource(read(TextResourceContents.of("test:t", "text/plain", "x"), blob(STREAM))));
    }

    @Test
    void aStreamedTextReadsItsSourceUnlessItsBytesAreInMemory() {
        Resource text = Resource.builder("test:t", "t").mimeType("text/plain").build();
        assertTrue(BlobScan.readsSource(read(new StreamedTextResourceContents(text, STREAM))));
        assertTrue(BlobScan.readsSource(read(new StreamedTextResourceContents(text, FILE))));
        assertFalse(BlobScan.readsSource(read(new StreamedTextResourceContents(text, Blob.of(new byte[] {'x'})))));
        // found by the walk too, inside a record the transport knows nothing about
        assertTrue(BlobScan.readsSource(answer(new ToolResult(List.of(new StreamedTextResourceContents(text, STREAM)),
                Map.of()))));
    }

    @Test
    void aReadOfTextOrOfBytesInMemoryReadsNone() {
        assertFalse(BlobScan.readsSource(read(TextResourceContents.of("test:t", "text/plain", "x"))));
        assertFalse(BlobScan.readsSource(read(blob(Blob.of(new byte[] {1, 2})), blob(Blob.ofBase64("AQI=")))));
    }

    @Test
    void aBlobAnywhereInARecordOfAnotherFeatureIsFound() {
        assertTrue(BlobScan.readsSource(answer(new ToolResult(List.of("text", EmbeddedResource.of(blob(STREAM))),
                Map.of()))));
        assertTrue(BlobScan.readsSource(answer(new ToolResult(List.of(), Map.of("file", FILE)))));
        assertFalse(BlobScan.readsSource(answer(new ToolResult(List.of(EmbeddedResource.of(blob(Blob.of(new byte[1])))),
                Map.of("n", 1)))));
    }

    @Test
    void aBatchReadsASourceWhenOneOfItsMessagesDoes() {
        List<JsonRpcMessage> messages = List.of(answer(EmptyResult.of()), read(blob(FILE)));
        assertTrue(BlobScan.readsSource(new JsonRpcBatch(messages)));
    }

    @Test
    void messagesWithoutBlobsReadNone() {
        assertFalse(BlobScan.readsSource(answer(EmptyResult.of())));
        assertFalse(BlobScan.readsSource(answer(JsonValue.EMPTY_JSON_OBJECT)));
        assertFalse(BlobScan.readsSource(new JsonRpcNotification("notifications/message", null)));
        assertFalse(BlobScan.readsSource(JsonRpcErrorResponse.of(
                new ProtocolException(-32603, "no"))));
    }

    @Test
    void componentsWhoseTypesCannotHoldABlobAreNotWalked() {
        List<Resource> untouchable = new AbstractList<>() {
            @Override
            public Resource get(int index) {
                throw new AssertionError("the list was walked");
            }

            @Override
            public int size() {
                throw new AssertionError("the list was walked");
            }
        };
        assertFalse(BlobScan.readsSource(answer(new Listing(untouchable, null))));
    }
}
