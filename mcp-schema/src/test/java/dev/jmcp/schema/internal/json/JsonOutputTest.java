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

    private static String write(long value) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JsonOutput out = new JsonOutput(bytes, WriteBuffers.unshared());
        out.beginArray().number(value).endArray();
        out.flushBuffer();
        return bytes.toString(StandardCharsets.US_ASCII);
    }
}
