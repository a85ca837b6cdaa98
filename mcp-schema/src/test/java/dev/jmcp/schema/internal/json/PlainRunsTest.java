package dev.jmcp.schema.internal.json;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The word-at-a-time scan stops at the word of every byte that is not plain, and only there. */
class PlainRunsTest {

    private static boolean plain(int b) {
        return b >= 0x20 && b < 0x80 && b != '"' && b != '\\';
    }

    @Test
    void everyByteValueAtEveryPositionOfAWord() {
        byte[] bytes = new byte[24];
        for (int value = 0; value < 256; value++) {
            for (int at = 0; at < bytes.length; at++) {
                Arrays.fill(bytes, (byte) 'A');
                bytes[at] = (byte) value;
                int expected = plain(value) ? 24 : at / 8 * 8;
                assertEquals(expected, PlainRuns.skipWords(bytes, 0, bytes.length), "byte " + value + " at " + at);
            }
        }
    }

    @Test
    void aTailShorterThanAWordIsLeftForTheCaller() {
        byte[] bytes = "ABCDEFGHIJK".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
        assertEquals(8, PlainRuns.skipWords(bytes, 0, bytes.length));
        assertEquals(11, PlainRuns.skipWords(bytes, 3, bytes.length));
    }
}
