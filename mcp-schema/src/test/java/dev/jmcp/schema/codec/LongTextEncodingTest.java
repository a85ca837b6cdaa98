package dev.jmcp.schema.codec;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.jmcp.schema.resources.TextResourceContents;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.junit.jupiter.api.Test;

/**
 * A text is written exactly, whatever falls on the edge of the 64 KiB output buffer: plain ASCII
 * (copied in runs), escapes, and two-, three- and four-byte UTF-8 sequences.
 */
class LongTextEncodingTest {
    private static final McpCodec CODEC = McpCodec.defaults();

    @Test
    void everyKindOfCharacterRoundTripsAcrossTheBufferEdge() throws IOException {
        String kinds = "a\"b\\c\nd\u0001é€😀";
        StringBuilder text = new StringBuilder();
        for (int start = 64 * 1024 - 200; text.length() < start; ) {
            text.append("plain ascii ");
        }
        while (text.length() < 64 * 1024 + 200) {
            text.append(kinds);
        }
        TextResourceContents contents = TextResourceContents.of("file:///t.txt", "text/plain", text.toString());
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CODEC.writeValue(contents, out);

        assertEquals(text.toString(), CODEC.readValue(out.toByteArray(), TextResourceContents.class).text());
    }
}
