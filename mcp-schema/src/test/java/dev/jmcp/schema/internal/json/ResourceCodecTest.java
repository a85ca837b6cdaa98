package dev.jmcp.schema.internal.json;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.common.Annotations;
import dev.jmcp.schema.common.Icon;
import dev.jmcp.schema.common.Role;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.resources.Resource;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The hand-written {@link ResourceCodec} against the {@link RecordCodec} it replaces: the same bytes, values and errors. */
class ResourceCodecTest {
    private static final ResourceCodec HAND = (ResourceCodec) Codecs.instance().forClass(Resource.class);
    private static final RecordCodec<Resource> GENERIC = new RecordCodec<>(Resource.class, Codecs.instance());

    static Stream<Resource> resources() {
        return Stream.of(
                Resource.of("file:///a.txt", "a.txt"),
                Resource.builder("mem://every", "every").title("Every “member”").description("tab\there, quote \" and \\")
                        .mimeType("text/plain").size(0L).isCollection(false)
                        .annotations(new Annotations(List.of(Role.USER, Role.ASSISTANT), 0.5, "2026-11-28T17:00:00Z"))
                        .icons(List.of(Icon.of("https://example.com/i.png")))
                        .meta(JsonRuntime.provider().createObjectBuilder().add("dev.jmcp/version", "v-1")
                                .add("n", 3).build())
                        .build(),
                Resource.builder("mem://folder/", "folder").isCollection(true).size(Long.MAX_VALUE).build(),
                // a name from a peer before SEP-2093 may be missing inside read contents
                new Resource("mem://nameless", null, null, null, null, null, null, null, null, null));
    }

    @ParameterizedTest
    @MethodSource("resources")
    void writesTheBytesTheRecordCodecWritesAndReadsThemBack(Resource resource) throws IOException {
        byte[] hand = write(out -> HAND.write(out, resource));
        assertArrayEquals(write(out -> GENERIC.write(out, resource)), hand, new String(hand, StandardCharsets.UTF_8));
        assertEquals(resource, HAND.read(input(hand)));
        assertEquals(GENERIC.read(input(hand)), HAND.read(input(hand)));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "{\"name\":\"no uri\"}",
        "{\"uri\":\"x:/a\",\"name\":\"a\",\"size\":-1}",
        "{\"uri\":\"x:/a\",\"name\":\"a\",\"size\":\"big\"}",
        "{\"uri\":7,\"name\":\"a\"}",
        "{\"uri\":\"x:/a\",\"name\":\"a\",\"icons\":{}}"})
    void refusesWhatTheRecordCodecRefusesWithTheSameMessage(String json) {
        byte[] bytes = json.getBytes(StandardCharsets.UTF_8);
        ProtocolException generic = assertThrows(ProtocolException.class, () -> GENERIC.read(input(bytes)));
        ProtocolException hand = assertThrows(ProtocolException.class, () -> HAND.read(input(bytes)));
        assertEquals(generic.getMessage(), hand.getMessage());
        assertEquals(generic.code(), hand.code());
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"uri\":\"x:/a\",\"name\":null,\"unknown\":{\"deep\":[1,2]},\"mimeType\":null}"})
    void skipsUnknownMembersAndTakesNullForAbsent(String json) {
        Resource read = HAND.read(input(json.getBytes(StandardCharsets.UTF_8)));
        assertEquals(new Resource("x:/a", null, null, null, null, null, null, null, null, null), read);
        assertInstanceOf(Resource.class, GENERIC.read(input(json.getBytes(StandardCharsets.UTF_8))));
    }

    @Test
    void aMimeTypeThatRepeatsIsOneInstanceAndAnEscapedOrLongOneIsReadWhole() {
        String json = "{\"uri\":\"x:/a\",\"mimeType\":\"text/markdown\"}";
        Resource first = HAND.read(input(json.getBytes(StandardCharsets.UTF_8)));
        Resource second = HAND.read(input(json.getBytes(StandardCharsets.UTF_8)));
        assertEquals("text/markdown", first.mimeType());
        assertSame(first.mimeType(), second.mimeType());
        String escaped = "{\"uri\":\"x:/a\",\"mimeType\":\"text/\\\"odd\\\"; charset=\\u00e9\"}";
        assertEquals("text/\"odd\"; charset=\u00e9", HAND.read(input(escaped.getBytes(StandardCharsets.UTF_8))).mimeType());
        String longType = "application/vnd." + "x".repeat(200) + "+json";
        assertEquals(longType, HAND.read(input(("{\"uri\":\"x:/a\",\"mimeType\":\"" + longType + "\"}")
                .getBytes(StandardCharsets.UTF_8))).mimeType());
    }

    private interface Writing {
        void to(JsonOutput out) throws IOException;
    }

    private static byte[] write(Writing writing) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        JsonOutput out = new JsonOutput(bytes, WriteBuffers.unshared());
        writing.to(out);
        out.flushBuffer();
        return bytes.toByteArray();
    }

    private static JsonInput input(byte[] json) {
        JsonInput in = JsonInput.of(new ByteArrayInputStream(json), CodecLimits.defaults(), BlobSink.IN_MEMORY);
        in.next();
        return in;
    }
}
