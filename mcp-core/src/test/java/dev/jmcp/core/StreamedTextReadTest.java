package dev.jmcp.core;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.resources.BlobResourceContents;
import dev.jmcp.schema.resources.ByteRange;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.StreamedTextResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The file-system provider's streamed texts: above {@code streamedTextAboveBytes} a text is sent from
 * its file, and what a client gets is what it would get for the text read whole; a file that is not
 * UTF-8 is still a blob; a ranged read cuts the stream.
 */
class StreamedTextReadTest {
    /** Escapes, controls and characters of every UTF-8 length, across many lines. */
    private static final String TEXT = "a \"quoted\" line\twith \\ and é € 😀 \u0001\n".repeat(400);

    @TempDir
    Path root;

    private Harness harness(long streamedAbove) {
        return new Harness(FileSystemResourceProvider.of(root).withStreamedTextAboveBytes(streamedAbove));
    }

    @Test
    void aTextAboveTheThresholdIsStreamedAndEncodesAsTheTextHeldWhole() throws IOException {
        Path file = Files.writeString(root.resolve("big.txt"), TEXT);
        String uri = file.toRealPath().toUri().toString();
        try (Harness harness = harness(1024)) {
            ReadResourceResult result = harness.client().resources().read(uri);
            StreamedTextResourceContents streamed = assertInstanceOf(StreamedTextResourceContents.class,
                    result.contents().get(0));
            assertEquals(Files.size(file), streamed.resource().size());
            TextResourceContents held = new TextResourceContents(streamed.resource(), TEXT);
            assertArrayEquals(encoded(ReadResourceResult.of(held)), encoded(ReadResourceResult.of(streamed)),
                    "byte for byte the answer of the text held whole");
        }
    }

    @Test
    void aTextAtOrBelowTheThresholdIsHeldAsAString() throws IOException {
        Path file = Files.writeString(root.resolve("small.txt"), TEXT);
        try (Harness harness = harness(Files.size(file))) {
            TextResourceContents held = assertInstanceOf(TextResourceContents.class,
                    harness.client().resources().read(file.toRealPath().toUri().toString()).contents().get(0));
            assertEquals(TEXT, held.text());
        }
    }

    @Test
    void aLargeTextFileThatIsNotUtf8IsABlobAsASmallOneIs() throws IOException {
        byte[] bytes = (TEXT + "\u00ff").getBytes(StandardCharsets.ISO_8859_1); // Latin-1: é and ÿ are not UTF-8
        Path file = Files.write(root.resolve("latin1.txt"), bytes);
        String uri = file.toRealPath().toUri().toString();
        for (long threshold : new long[] {0, bytes.length}) {
            try (Harness harness = harness(threshold)) {
                BlobResourceContents blob = assertInstanceOf(BlobResourceContents.class,
                        harness.client().resources().read(uri).contents().get(0), "threshold " + threshold);
                assertArrayEquals(bytes, blob.blob().toByteArray());
                assertEquals("text/plain", blob.mimeType());
            }
        }
    }

    @Test
    void aRangeOfAStreamedTextIsOfItsUtf8Bytes() throws IOException {
        Path file = Files.writeString(root.resolve("ranged.txt"), TEXT);
        String uri = file.toRealPath().toUri().toString();
        byte[] utf8 = TEXT.getBytes(StandardCharsets.UTF_8);
        try (Harness harness = harness(0)) {
            McpClient client = harness.client();
            String version = ConditionalReads.version(client.resources().metadata(uri));
            ReadResourceResult cut = client.resources().readRange(uri, new ByteRange(100, 5_000L, version));
            assertArrayEquals(Arrays.copyOfRange(utf8, 100, 5_100),
                    ((BlobResourceContents) cut.contents().get(0)).blob().toByteArray());
        }
    }

    @Test
    void theThresholdIsASettingWithADefault() {
        FileSystemResourceProvider provider = FileSystemResourceProvider.of(root);
        assertEquals(FileSystemResourceProvider.DEFAULT_STREAMED_TEXT_ABOVE_BYTES, provider.streamedTextAboveBytes());
        assertEquals(7, provider.withStreamedTextAboveBytes(7).streamedTextAboveBytes());
        assertEquals(7, provider.withStreamedTextAboveBytes(7).withContentHashes(true).streamedTextAboveBytes(),
                "kept by the other settings' copies");
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class,
                () -> provider.withStreamedTextAboveBytes(-1));
        assertEquals("streamedTextAboveBytes must be >= 0, was -1", refused.getMessage());
    }

    private static byte[] encoded(ReadResourceResult result) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        McpCodec.defaults().writeValue(result, out);
        return out.toByteArray();
    }
}
