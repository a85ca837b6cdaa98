package dev.jmcp.schema.internal.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.ReadResourceResult;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.StreamedTextResourceContents;
import dev.jmcp.schema.resources.TextResourceContents;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The streamed text's escaping: what it writes must be byte for byte what {@link JsonOutput#string}
 * writes for the same text, wherever the source's chunks and the output's buffer end, and bytes
 * that are not well-formed UTF-8 must fail the write, naming where.
 */
class TextEscaperTest {
    /** Every kind of character: plain, escaped, control, DEL, 2-, 3- and 4-byte, U+2028, U+FFFF. */
    private static final String[] PIECES = {"a", "plain text ", "\"", "\\", "\n", "\r", "\t", "\b", "\f", "\u0000",
        "\u001f", "\u007f", "/", "é", "ß", "\u07ff", "\u0800", "€", "\u2028", "\uffff", "😀", "\udbff\udfff", "中文"};

    @Test
    void randomTextsAreWrittenAsTheStringWriterWritesThemWhateverTheChunkSizes() throws IOException {
        Random random = new Random(29);
        for (int round = 0; round < 400; round++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(60); i > 0; i--) {
                text.append(PIECES[random.nextInt(PIECES.length)]);
            }
            byte[] utf8 = text.toString().getBytes(StandardCharsets.UTF_8);
            // chunks of 1 to 9 source bytes split every character and escape somewhere; an output of
            // 6 to 16 bytes ends at every point of an escape
            int chunk = 1 + random.nextInt(9);
            int room = TextEscaper.MAX_ESCAPE + random.nextInt(11);
            assertEquals(stringWriter(text.toString()), escaped(utf8, chunk, room),
                    "text " + text + ", chunks of " + chunk + ", output of " + room);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"é", "€", "😀", "\"", "\n", "\u0001"})
    void aCharacterOrEscapeAcrossTheRealChunkAndBufferEndsIsWrittenWhole(String special) throws IOException {
        // the source is read WriteBuffers.BASE64_CHUNK bytes at a time, the output is JSON_BUFFER bytes:
        // put the character at every position around both ends
        for (int end : new int[] {WriteBuffers.BASE64_CHUNK, WriteBuffers.JSON_BUFFER}) {
            for (int shift = -4; shift <= 1; shift++) {
                String text = "x".repeat(end + shift) + special + "y".repeat(10);
                assertEquals(stringWriter(text), streamedWriter(text.getBytes(StandardCharsets.UTF_8), null),
                        special + " at " + (end + shift));
            }
        }
    }

    @Test
    void theChunkedEncoderWritesAStreamedTextAsTheStringWriterDoes() throws IOException {
        StringBuilder text = new StringBuilder();
        for (int i = 0; text.length() < 3 * WriteBuffers.JSON_BUFFER; i++) {
            text.append(PIECES[i % PIECES.length]);
        }
        byte[] utf8 = text.toString().getBytes(StandardCharsets.UTF_8);
        ChunkedEncoder encoder = ChunkedEncoder.of(out -> out.beginArray()
                .streamedText(Blob.ofStream(() -> new ByteArrayInputStream(utf8), utf8.length), "file:///t.txt")
                .number(1).endArray());
        byte[] read = encoder.readAllBytes();
        assertEquals("[" + stringWriter(text.toString()) + ",1]", new String(read, StandardCharsets.UTF_8));
    }

    @Test
    void aReadResultWithAStreamedTextIsEncodedAsWithTheTextHeldAndDecodesToIt() throws IOException {
        String text = "line one\n\"quoted\" é € 😀\u0001" + "z".repeat(100_000);
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        Resource resource = Resource.builder("file:///a.txt", "a.txt").mimeType("text/plain").build();
        McpCodec codec = McpCodec.defaults();
        ByteArrayOutputStream held = new ByteArrayOutputStream();
        codec.writeValue(ReadResourceResult.of(new TextResourceContents(resource, text)), held);
        ByteArrayOutputStream streamed = new ByteArrayOutputStream();
        codec.writeValue(ReadResourceResult.of(new StreamedTextResourceContents(resource,
                Blob.ofStream(() -> new ByteArrayInputStream(utf8), utf8.length))), streamed);
        assertArrayEquals(held.toByteArray(), streamed.toByteArray());
        ReadResourceResult decoded = codec.readValue(streamed.toByteArray(), ReadResourceResult.class);
        assertEquals(new TextResourceContents(resource, text), decoded.contents().get(0));
    }

    @ParameterizedTest
    @ValueSource(strings = {"80", "bf", "c080", "c1bf", "e08080", "e09fbf", "eda080", "edbfbf", "f08f8080",
        "f4908080", "f5808080", "ff", "c2", "e282", "f09f98", "c241", "e2a841", "f09f9841"})
    void bytesThatAreNotWellFormedUtf8FailTheWriteNamingTheUriAndOffset(String hex) {
        byte[] bad = HexFormat.of().parseHex(hex);
        byte[] utf8 = new byte[3 + bad.length];
        utf8[0] = 'a';
        utf8[1] = '"';
        utf8[2] = 'b';
        System.arraycopy(bad, 0, utf8, 3, bad.length);
        IOException failure = assertThrows(IOException.class, () -> streamedWriter(utf8, "file:///bad.txt"));
        assertTrue(failure.getMessage().contains("file:///bad.txt is not well-formed UTF-8"), failure.getMessage());
        // the first byte that cannot continue what came before: within the bad bytes, or the end
        assertTrue(failure.getMessage().matches(".*(offset [3-6]|ends inside a character);.*"), failure.getMessage());
        // the same across chunk ends of every size
        for (int chunk = 1; chunk <= utf8.length; chunk++) {
            int size = chunk;
            assertThrows(IOException.class, () -> escaped(utf8, size, 16), hex + " in chunks of " + size);
        }
    }

    @Test
    void aTruncatedCharacterAtTheEndOfAFullChunkIsFound() {
        byte[] utf8 = new byte[WriteBuffers.BASE64_CHUNK];
        Arrays.fill(utf8, (byte) 'a');
        utf8[utf8.length - 1] = (byte) 0xE2; // the source ends right after a lead byte, at a chunk's end
        IOException failure = assertThrows(IOException.class, () -> streamedWriter(utf8, "file:///cut.txt"));
        assertTrue(failure.getMessage().contains("ends inside a character"), failure.getMessage());
    }

    @Test
    void theOffsetOfAMalformedByteCountsTheChunksBeforeIt() {
        byte[] utf8 = new byte[WriteBuffers.BASE64_CHUNK * 2 + 10];
        Arrays.fill(utf8, (byte) 'a');
        utf8[WriteBuffers.BASE64_CHUNK * 2 + 5] = (byte) 0xFF;
        IOException failure = assertThrows(IOException.class, () -> streamedWriter(utf8, "file:///late.txt"));
        assertTrue(failure.getMessage().contains("offset " + (WriteBuffers.BASE64_CHUNK * 2 + 5)), failure.getMessage());
    }

    @Test
    void aStreamedTextThatEndsBeforeItsLengthFailsAsABlobDoes() {
        byte[] utf8 = "short".getBytes(StandardCharsets.UTF_8);
        Blob announced = Blob.ofStream(() -> new ByteArrayInputStream(utf8), utf8.length + 10);
        ByteArrayOutputStream sink = new ByteArrayOutputStream();
        JsonOutput out = new JsonOutput(sink, WriteBuffers.unshared());
        IOException failure = assertThrows(IOException.class, () -> out.streamedText(announced, "file:///s.txt"));
        assertTrue(failure.getMessage().contains("file:///s.txt"), failure.getMessage());
    }

    /** @return what the String writer writes for {@code text}, quotes included */
    private static String stringWriter(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JsonOutput out = new JsonOutput(bytes, WriteBuffers.unshared());
        out.string(text);
        out.flushBuffer();
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** @return what {@link JsonOutput#streamedText} writes for {@code utf8}, quotes included */
    private static String streamedWriter(byte[] utf8, String uri) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JsonOutput out = new JsonOutput(bytes, WriteBuffers.unshared());
        out.streamedText(Blob.of(utf8), uri);
        out.flushBuffer();
        return bytes.toString(StandardCharsets.UTF_8);
    }

    /** @return the escaper's output for {@code utf8}, read {@code chunk} bytes and written {@code room} bytes at a time */
    private static String escaped(byte[] utf8, int chunk, int room) throws IOException {
        TextEscaper escaper = new TextEscaper(new ByteArrayInputStream(utf8), "file:///t.txt", new byte[chunk]);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        bytes.write('"');
        byte[] out = new byte[room];
        do {
            int n = escaper.escape(out, 0);
            bytes.write(out, 0, n);
        } while (!escaper.done());
        bytes.write('"');
        byte[] written = bytes.toByteArray();
        assertArrayEquals(written, bytes.toByteArray());
        return new String(written, StandardCharsets.UTF_8);
    }
}
