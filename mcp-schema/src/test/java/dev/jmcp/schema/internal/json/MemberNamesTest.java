package dev.jmcp.schema.internal.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.resources.Resource;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class MemberNamesTest {

    @Test
    void theParserHandsOutTheInstanceACodecKnows() {
        String known = MemberNames.known(new String("mimeType"));

        assertSame(known, name("mimeType"));
        assertSame(known, MemberNames.known(new String("mimeType")));
    }

    @Test
    void aKnownNameEvictedByAnotherIsStillReadByEquality() {
        String known = MemberNames.known("uri");
        String rival = rivalOf("uri");

        assertEquals(rival, name(rival)); // takes the slot
        String again = name("uri");
        assertEquals("uri", again);
        assertNotSame(known, again);
        Resource read = McpCodec.defaults().readValue(
                "{\"uri\":\"mem://a\",\"name\":\"a\",\"size\":3}".getBytes(StandardCharsets.UTF_8), Resource.class);
        assertEquals("mem://a", read.uri());
        assertEquals(3L, read.size());
    }

    private static String name(String text) {
        byte[] bytes = text.getBytes(StandardCharsets.US_ASCII);
        int hash = 0;
        for (byte b : bytes) {
            hash = MemberNames.hash(hash, b);
        }
        return MemberNames.name(bytes, 0, bytes.length, hash);
    }

    /** @return another name that lands in the same slot as {@code name} */
    private static String rivalOf(String name) {
        int slot = slotOf(name);
        for (int i = 0; ; i++) {
            String candidate = "r" + i;
            if (slotOf(candidate) == slot) {
                return candidate;
            }
        }
    }

    private static int slotOf(String text) {
        int hash = 0;
        for (int i = 0; i < text.length(); i++) {
            hash = MemberNames.hash(hash, (byte) text.charAt(i));
        }
        return MemberNames.slot(hash);
    }
}
