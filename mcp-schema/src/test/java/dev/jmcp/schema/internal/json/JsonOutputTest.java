package dev.jmcp.schema.internal.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class JsonOutputTest {

    @ParameterizedTest
    @ValueSource(longs = {0, 7, -7, 10, -10, 999, 1000, Integer.MAX_VALUE, Long.MAX_VALUE, -Long.MAX_VALUE, Long.MIN_VALUE})
    void aLongIsWrittenAsLongToStringWrites(long value) throws IOException {
        assertEquals("[" + value + "]", write(value));
    }

    @Test
    void numbersThatReachTheEndOfTheBufferAreWrittenWhole() throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JsonOutput out = new JsonOutput(bytes, WriteBuffers.unshared());
        StringBuilder expected = new StringBuilder("[");
        out.beginArray();
        // enough numbers of every length to cross the buffer's end at every digit
        for (int i = 0; i < WriteBuffers.JSON_BUFFER; i++) {
            long value = 1234567890123L / (1 + i % 13);
            out.number(value);
            expected.append(i == 0 ? "" : ",").append(value);
        }
        out.endArray();
        out.flushBuffer();
        assertEquals(expected.append(']').toString(), bytes.toString(StandardCharsets.US_ASCII));
    }

    @Test
    void encodedNamesAreWrittenAsTheirStringsAreAcrossTheBuffersEnd() throws IOException {
        byte[] encoded = JsonOutput.encodedName("mimeType");
        ByteArrayOutputStream fast = new ByteArrayOutputStream();
        ByteArrayOutputStream plain = new ByteArrayOutputStream();
        JsonOutput a = new JsonOutput(fast, WriteBuffers.unshared());
        JsonOutput b = new JsonOutput(plain, WriteBuffers.unshared());
        a.beginArray();
        b.beginArray();
        // enough objects to cross the buffer's end at every byte of the name
        for (int i = 0; i < WriteBuffers.JSON_BUFFER / 4; i++) {
            a.beginObject().name(encoded).string("t").name(encoded).number(i).endObject();
            b.beginObject().name("mimeType").string("t").name("mimeType").number(i).endObject();
        }
        a.endArray().flushBuffer();
        b.endArray().flushBuffer();
        assertEquals(plain.toString(StandardCharsets.US_ASCII), fast.toString(StandardCharsets.US_ASCII));
        assertEquals("\"mimeType\":", new String(encoded, StandardCharsets.US_ASCII));
    }

    @Test
    void aNameThatNeedsEscapingOrIsNotAsciiIsNotEncodedAhead() {
        assertEquals(null, JsonOutput.encodedName("a\"b"));
        assertEquals(null, JsonOutput.encodedName("a\\b"));
        assertEquals(null, JsonOutput.encodedName("tab\t"));
        assertEquals(null, JsonOutput.encodedName("caf\u00e9"));
        assertEquals(null, JsonOutput.encodedName("x".repeat(65)));
    }

    private static String write(long value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JsonOutput out = new JsonOutput(bytes, WriteBuffers.unshared());
        out.beginArray().number(value).endArray();
        out.flushBuffer();
        return bytes.toString(StandardCharsets.US_ASCII);
    }
}
