package dev.jmcp.core.internal.fs;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/** Reads bytes as UTF-8 text only when they are well-formed UTF-8. */
public final class Utf8Text {
    private Utf8Text() {
    }

    /**
     * @return {@code bytes} as text; null when they are not well-formed UTF-8. Decoded once, by the
     *         JDK's string decoder (no char buffer twice the size, no copy of it): that decoder puts
     *         U+FFFD for each malformed sequence, so a text without one was well-formed, and only a
     *         text that holds one (perhaps its own) is decoded again by a strict decoder
     */
    public static String strict(byte[] bytes) {
        String text = new String(bytes, StandardCharsets.UTF_8);
        if (text.indexOf('\uFFFD') < 0) {
            return text;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
        } catch (CharacterCodingException notUtf8) {
            return null;
        }
    }
}
