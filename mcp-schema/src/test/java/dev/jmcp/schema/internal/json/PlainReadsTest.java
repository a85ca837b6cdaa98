package dev.jmcp.schema.internal.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Resource;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The parser's shortcuts for a record's members ({@link JsonInput#plainMembers} for a run of them,
 * {@link JsonInput#nextKnownName} and the plain value after it for one), taken when a name or value
 * is written plainly and wholly in the buffer, give exactly what the event-by-event path gives: the
 * same records, the same errors. The event path is
 * forced by feeding the same bytes one at a time (no token is then wholly in the buffer), and the
 * shortcuts are cut at every place by feeding them in random pieces.
 */
class PlainReadsTest {
    private static final ResourceCodec CODEC = (ResourceCodec) Codecs.instance().forClass(Resource.class);
    private static final CodecLimits LIMITS = CodecLimits.builder().maxStringLength(40).build();

    static Stream<String> objects() {
        List<String> json = new ArrayList<>(List.of(
                // as jmcp writes them: every shortcut
                "{\"uri\":\"bench://list/entry-00001\",\"name\":\"entry-00001\",\"mimeType\":\"text/plain\","
                        + "\"size\":21,\"isCollection\":false}",
                "{\"uri\":\"x:/d/\",\"name\":\"d\",\"title\":\"T\",\"description\":\"D\",\"isCollection\":true,"
                        + "\"_meta\":{\"dev.jmcp/version\":\"v\"}}",
                // written otherwise: blanks, another order, escapes, non-ASCII, unknown members
                "{ \"uri\" : \"x:/a\" , \"name\":\"a\" }",
                "{\"name\":\"a\",\"size\":0,\"uri\":\"x:/a\"}",
                "{\"uri\":\"x:\\/a\",\"name\":\"caf\u00e9\",\"mimeType\":\"text/plain; charset=\\\"x\\\"\"}",
                "{\"uri\":\"x:/a\",\"extra\":\"uri\",\"name\":\"a\",\"uri2\":1}",
                "{\"uri\":\"x:/a\",\"name\":null,\"size\":null,\"isCollection\":null}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"size\":123456789012345678}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"size\":1234567890123456789}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"size\":2.0}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"size\":2e3}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"size\":2.5}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"size\":-2}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"size\":0}",
                // a flat record that is not wholly plain: the events take over where it stops
                "{\"uri\":\"x:/a\",\"uri\":\"x:/b\",\"name\":\"a\"}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"size\":21 }",
                "{\"uri\":\"x:/a\" ,\"name\":\"a\"}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"annotations\":{\"priority\":0.5}}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"size\":21,\"isCollection\":false,\"_meta\":null}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"mimeType\":\"text/plain\",\"size\":21,\"title\":\"t\"}",
                // refused, with the same message either way
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"size\":01}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"size\":12345678901234567890123}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"size\":12-3}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"size\":1+2}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"size\":12x}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"isCollection\":tru}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"isCollection\":falsey}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"isCollection\":\"false\"}",
                "{\"uri\":\"x:/a\",\"name\":\"" + "n".repeat(41) + "\"}",
                "{\"uri\":\"x:/a\",\"name\":\"tab\there\"}",
                "{\"uri\":\"x:/a\",\"name\":\"a\"",
                "{\"uri\":\"x:/a\",\"name\":\"a\",}",
                "{\"uri\":\"x:/a\",\"name\":\"a\" \"size\":1}",
                "{\"uri\":\"x:/a\"\"name\":\"a\"}",
                "{\"uri\":\"x:/a\",\"name\":\"a\",\"mimeType\":7}",
                "{}",
                "{\"name\":\"a\"}"));
        return json.stream();
    }

    @ParameterizedTest
    @MethodSource("objects")
    void readsWhatTheEventPathReads(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        String expected = outcome(new Trickle(bytes, new Random(0), 1));
        assertEquals(expected, outcome(new ByteArrayInputStream(bytes)), json);
        Random random = new Random(json.hashCode());
        for (int run = 0; run < 50; run++) {
            assertEquals(expected, outcome(new Trickle(bytes, random, 16)), json);
        }
    }

    @ParameterizedTest
    @MethodSource("objects")
    void readsAPageWhatTheEventPathReads(String json) {
        String page = "[" + json + "," + json + "]";
        byte[] bytes = page.getBytes(StandardCharsets.UTF_8);
        assertEquals(pageOutcome(new Trickle(bytes, new Random(0), 1)), pageOutcome(new ByteArrayInputStream(bytes)), page);
    }

    @Test
    void aMimeTypeReadPlainlyIsOneSharedInstance() {
        byte[] json = "{\"uri\":\"x:/a\",\"name\":\"a\",\"mimeType\":\"text/x-plain-shared\"}".getBytes(StandardCharsets.UTF_8);
        Resource first = read(new ByteArrayInputStream(json));
        Resource second = read(new ByteArrayInputStream(json));
        assertNotNull(first.mimeType());
        assertSame(first.mimeType(), second.mimeType());
    }

    /** @return the record read, or the error's code and message */
    private static String outcome(InputStream in) {
        try {
            return read(in).toString();
        } catch (ProtocolException e) {
            return e.code() + " " + e.getMessage();
        }
    }

    private static String pageOutcome(InputStream in) {
        JsonInput input = JsonInput.of(in, LIMITS, BlobSink.IN_MEMORY);
        try {
            input.next();
            return ContainerCodecs.list(CODEC).read(input).toString();
        } catch (ProtocolException e) {
            return e.code() + " " + e.getMessage();
        }
    }

    private static Resource read(InputStream in) {
        JsonInput input = JsonInput.of(in, LIMITS, BlobSink.IN_MEMORY);
        input.next();
        Resource read = CODEC.read(input);
        if (input.hasMore()) {
            input.next();
        }
        return read;
    }

    /** Hands out the bytes in pieces of 1 to {@code most}, and says nothing of what it holds. */
    private static final class Trickle extends InputStream {
        private final byte[] bytes;
        private final Random random;
        private final int most;
        private int at;

        Trickle(byte[] bytes, Random random, int most) {
            this.bytes = bytes;
            this.random = random;
            this.most = most;
        }

        @Override
        public int read() {
            return at < bytes.length ? bytes[at++] & 0xFF : -1;
        }

        @Override
        public int read(byte[] into, int offset, int length) throws IOException {
            if (at == bytes.length) {
                return -1;
            }
            int n = Math.min(Math.min(length, 1 + random.nextInt(most)), bytes.length - at);
            System.arraycopy(bytes, at, into, offset, n);
            at += n;
            return n;
        }

        @Override
        public int available() {
            return 0;
        }
    }
}
