package dev.jmcp.schema.internal.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonException;
import jakarta.json.stream.JsonParser;
import jakarta.json.stream.JsonParser.Event;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * jmcp's parser against Parsson's: every document gives the same events and values, also when the
 * input arrives one byte per read (so every token crosses a buffer edge), and every document that
 * is not JSON is refused by both.
 */
class Utf8JsonParserTest {

    @ParameterizedTest
    @ValueSource(strings = {
        "{}", "[]", "0", "-0", "1.5e10", "-12.25E-3", "1E+2", "true", "false", "null", "\"\"",
        "{\"a\":1,\"b\":[true,false,null,{\"c\":\"d\"}],\"e\":{}}",
        " \r\n\t{ \"a\" :\n [ 1 , 2 ] } \n",
        "[\"esc \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\u0041 \\u00e9 \\ud83d\\ude00\"]",
        "[\"\u00e9\u4e2d\ud83d\ude00 mixed ascii\"]",
        "{\"k\u00e9y\":\"v\"}",
        "[12345678901234567890123, 0.1, 9007199254740993]",
        "[[[[[[[[[[1]]]]]]]]]]",
        // integers read as longs (up to 18 digits) and those that are not
        "[0, -0, 7, -7, 123456789012345678, -123456789012345678, 1234567890123456789, -9223372036854775808]",
        // member names: the shared table of short names, a long name, escapes, and names that repeat
        "[{\"uri\":1,\"name\":2},{\"uri\":3,\"name\":4},{\"nam\\u0065\":5,\"na\":6,\"n\":7}]",
        "{\"longlonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglonglong\":{\"longlonglonglonglonglonglonglong\":1,\"longlonglonglonglonglonglonglongx\":2}}",
    })
    void eventsAndValuesMatchParsson(String json) {
        List<String> expected = events(JsonP.PARSERS.createParser(new StringReader(json)));
        assertEquals(expected, events(own(json, false)), "read whole");
        assertEquals(expected, events(own(json, true)), "read one byte at a time");
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "", "{", "[1,]", "{\"a\":1,}", "{\"a\" 1}", "{a:1}", "[01]", "[1.]", "[-]", "[.5]", "[1e]", "[+1]",
        "[tru]", "[nul]", "[\"a]", "[\"\\x\"]", "[\"\\u00g0\"]", "[\"tab\there\"]", "{\"a\":1}}", "[1 2]",
        "['a']", "[1]x",
    })
    void nonJsonIsRefusedByBoth(String json) {
        assertThrows(JsonException.class, () -> events(JsonP.PARSERS.createParser(new StringReader(json))),
                "Parsson accepts it");
        assertThrows(JsonException.class, () -> events(own(json, false)), "jmcp accepts it");
        assertThrows(JsonException.class, () -> events(own(json, true)), "jmcp accepts it byte by byte");
    }

    @ParameterizedTest
    @ValueSource(ints = {1, 7, 64 * 1024 - 3, 64 * 1024 + 5})
    void streamAsciiHandsOutTheWholeValueAcrossReads(int length) throws Exception {
        String text = "x".repeat(length);
        Utf8JsonParser parser = new Utf8JsonParser(new ByteArrayInputStream(("[\"" + text + "\",\"after\"]")
                .getBytes(StandardCharsets.US_ASCII)), Long.MAX_VALUE, 16, 1024);
        parser.next();
        assertEquals(Event.VALUE_STRING, parser.next());
        StringBuilder got = new StringBuilder();
        parser.streamAscii((bytes, offset, count) -> got.append(new String(bytes, offset, count, StandardCharsets.US_ASCII)));
        assertEquals(text, got.toString());
        assertEquals(Event.VALUE_STRING, parser.next());
        assertEquals("after", parser.getString());
    }

    @ParameterizedTest
    @ValueSource(ints = {17, 100_000})
    void aStringOverTheLimitIsCountedNotHeld(int length) {
        Utf8JsonParser parser = new Utf8JsonParser(new ByteArrayInputStream(("[\"" + "\u00e9".repeat(length) + "\"]")
                .getBytes(StandardCharsets.UTF_8)), Long.MAX_VALUE, 16, 1024);
        parser.next();
        parser.next();
        ParserFailures.StringTooLongException e = assertThrows(ParserFailures.StringTooLongException.class,
                parser::getString);
        assertEquals(length, e.length());
    }

    @ParameterizedTest
    @ValueSource(strings = {"[1]\u00e9", "[\"ok\"] \u00e9"})
    void aStrayCharacterAfterTheValueIsNamed(String json) {
        Utf8JsonParser parser = own(json, false);
        while (parser.hasNext()) {
            if (parser.next() == Event.END_ARRAY) {
                break;
            }
        }
        assertTrue(parser.hasNext());
        JsonException e = assertThrows(JsonException.class, parser::next);
        assertTrue(e.getMessage().contains("'\u00e9'"), e.getMessage());
    }

    @org.junit.jupiter.api.Test
    void aMessageLongerThanTheStreamSaidIsReadWhole() {
        StringBuilder json = new StringBuilder("[");
        for (int i = 0; i < 20_000; i++) {
            json.append(i == 0 ? "" : ",").append("{\"uri\":\"mem://").append(i).append("\",\"size\":").append(i).append('}');
        }
        String text = json.append(']').toString();
        // says it holds one byte, the way a stream that knows only its current piece does
        InputStream in = new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)) {
            @Override
            public synchronized int available() {
                return 1;
            }
        };

        assertEquals(events(JsonP.PARSERS.createParser(new StringReader(text))),
                events(new Utf8JsonParser(in, Long.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE)));
    }

    private static Utf8JsonParser own(String json, boolean byteByByte) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        InputStream in = byteByByte ? new OneByteAtATime(bytes) : new ByteArrayInputStream(bytes);
        return new Utf8JsonParser(in, Long.MAX_VALUE, Integer.MAX_VALUE, Integer.MAX_VALUE);
    }

    /** Every event with its value, to the end of the input; the end is checked as Parsson does. */
    private static List<String> events(JsonParser parser) {
        List<String> events = new ArrayList<>();
        if (!parser.hasNext()) {
            throw new JsonException("no value");
        }
        int depth = 0;
        do {
            Event event = parser.next();
            String value = switch (event) {
                case KEY_NAME, VALUE_STRING -> parser.getString();
                case VALUE_NUMBER -> parser.getString() + " " + parser.getBigDecimal() + (parser.isIntegralNumber() ? "i" : "")
                        + " " + parser.getLong();
                default -> "";
            };
            events.add(event + " " + value);
            if (event == Event.START_ARRAY || event == Event.START_OBJECT) {
                depth++;
            } else if (event == Event.END_ARRAY || event == Event.END_OBJECT) {
                depth--;
            }
        } while (depth > 0);
        if (parser.hasNext()) {
            parser.next();
            throw new JsonException("more after the value");
        }
        return events;
    }

    private static final class OneByteAtATime extends InputStream {
        private final byte[] bytes;
        private int next;

        OneByteAtATime(byte[] bytes) {
            this.bytes = bytes;
        }

        @Override
        public int read() {
            return next < bytes.length ? bytes[next++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] b, int off, int len) {
            if (len == 0) {
                return 0;
            }
            int c = read();
            if (c < 0) {
                return -1;
            }
            b[off] = (byte) c;
            return 1;
        }
    }
}
