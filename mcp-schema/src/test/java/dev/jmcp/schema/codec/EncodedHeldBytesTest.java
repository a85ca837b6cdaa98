package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link McpCodec#encode}'s stream says, through {@code available()}, how many encoded bytes it
 * holds in memory ready to read: what a transport must budget for while a slow client takes them.
 */
class EncodedHeldBytesTest {
    private final McpCodec codec = McpCodec.defaults();

    @Test
    void aMessageWithoutBlobsHoldsAllOfItsJson() throws Exception {
        JsonRpcResultResponse text = new JsonRpcResultResponse(RequestId.of(1), ReadResourceResult.of(List.of(
                TextResourceContents.of("file:///a.txt", "text/plain", "line\n".repeat(2000)))));
        try (InputStream encoded = codec.encode(text)) {
            int total = codec.toBytes(text).length;
            assertEquals(total, encoded.available());
            encoded.readNBytes(100);
            assertEquals(total - 100, encoded.available());
        }
    }

    @Test
    void whatFollowsABlobFromASourceIsNotReadyToRead() throws Exception {
        JsonRpcResultResponse blob = new JsonRpcResultResponse(RequestId.of(1), ReadResourceResult.of(List.of(
                BlobResourceContents.of("file:///a.bin", "application/octet-stream",
                        Blob.ofStream(() -> new ByteArrayInputStream(new byte[3000]), 3000)))));
        try (InputStream encoded = codec.encode(blob)) {
            String json = new String(codec.toBytes(blob), java.nio.charset.StandardCharsets.UTF_8);
            int beforeBlob = json.indexOf("\"blob\":\"") + "\"blob\":\"".length();
            assertEquals(beforeBlob, encoded.available());
            encoded.readNBytes(beforeBlob + 10);
            assertEquals(json.length() - beforeBlob - 10, encoded.available(),
                    "the source is read to its end: the rest of the blob and the JSON after it are ready");
        }
    }
}
