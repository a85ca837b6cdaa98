package dev.jmcp.transport.netty.internal.body;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.ResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

class ResponseBodiesTest {
    private static JsonRpcResultResponse read(Blob... blobs) {
        List<ResourceContents> contents = new ArrayList<>();
        contents.add(TextResourceContents.of("test:t", "text/plain", "x"));
        for (Blob blob : blobs) {
            contents.add(BlobResourceContents.of("test:b", "application/octet-stream", blob));
        }
        return new JsonRpcResultResponse(RequestId.of(1), ReadResourceResult.of(contents));
    }

    @Test
    void theBufferOfAReadsAnswerIsMadeForTheBase64OfItsBlobsInMemory() {
        for (int length : new int[] {0, 1, 2, 3, 4, 1 << 20}) {
            byte[] bytes = new byte[length];
            int expected = Base64.getEncoder().encode(bytes).length;
            assertEquals(expected, ResponseBodies.base64Bytes(read(Blob.of(bytes))), "length " + length);
            assertEquals(2 * expected, ResponseBodies.base64Bytes(read(Blob.of(bytes), Blob.of(bytes))));
        }
    }

    @Test
    void blobsNotInMemoryAndOtherMessagesGetNoHint() {
        assertEquals(0, ResponseBodies.base64Bytes(read(Blob.ofFile(Path.of("x.bin")))));
        assertEquals(0, ResponseBodies.base64Bytes(new JsonRpcResultResponse(RequestId.of(1), EmptyResult.of())));
    }
}
