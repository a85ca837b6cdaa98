package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ReadResourceResult;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A message whose stream blob gives fewer or more bytes than it announced fails to encode, by the
 * push ({@code write}) and the pull ({@code encode}) paths alike, with an error naming the
 * resource's URI and both counts: it is never sent truncated or with bytes nobody announced.
 */
class AnnouncedBlobLengthTest {
    private static final McpCodec CODEC = McpCodec.defaults();
    private static final String URI = "file:///liar.bin";

    /** Sizes around the encoder's 48 KiB chunk, where the end of a stream is found differently. */
    @ParameterizedTest(name = "{0} bytes announced, {1} given")
    @CsvSource({"100, 90", "100, 110", "0, 1", "1, 0", "49152, 49151", "49152, 49153", "98304, 98314"})
    void aBlobThatLiesAboutItsLengthFailsBothWritePathsNamingItsUriAndBothCounts(int announced, int given) {
        JsonRpcResultResponse message = response(new byte[given], announced);
        String expected = URI + " announced " + announced + " bytes but its stream "
                + (given < announced ? "ended after " + given : "has more (at least " + (announced + 1) + ")");

        IOException written = assertThrows(IOException.class, () -> CODEC.write(message, OutputStream.nullOutputStream()));
        assertTrue(written.getMessage().contains(expected), written.getMessage());

        IOException encoded = assertThrows(IOException.class, () -> {
            try (InputStream in = CODEC.encode(message)) {
                in.transferTo(OutputStream.nullOutputStream());
            }
        });
        assertTrue(encoded.getMessage().contains(expected), encoded.getMessage());
    }

    @ParameterizedTest(name = "{0} bytes")
    @ValueSource(ints = {0, 10, 49152, 98314})
    void aBlobOfExactlyItsAnnouncedLengthIsWrittenByBothPaths(int size) throws IOException {
        byte[] bytes = new byte[size];
        JsonRpcResultResponse message = response(bytes, size);
        String blob = "\"blob\":\"" + Base64.getEncoder().encodeToString(bytes) + "\"";

        ByteArrayOutputStream written = new ByteArrayOutputStream();
        CODEC.write(message, written);
        assertTrue(written.toString(StandardCharsets.UTF_8).contains(blob), "write()");
        try (InputStream in = CODEC.encode(message)) {
            assertEquals(written.toString(StandardCharsets.UTF_8), new String(in.readAllBytes(), StandardCharsets.UTF_8),
                    "encode()");
        }
    }

    private static JsonRpcResultResponse response(byte[] given, long announced) {
        Blob blob = Blob.ofStream(() -> new ByteArrayInputStream(given), announced);
        return new JsonRpcResultResponse(RequestId.of(3),
                ReadResourceResult.of(BlobResourceContents.of(URI, "application/octet-stream", blob)));
    }
}
