package dev.jmcp.transport.stdio;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Random;
import org.junit.jupiter.api.Test;

class NewlinesTest {

    @Test
    void findsTheFirstNewlineAtEveryOffsetAmongBytesThatLookAlike() {
        // bytes that differ from \n in one bit, or only in the high bit, must not be taken for it
        byte[] lookalikes = {0x0B, 0x08, 0x1A, (byte) 0x8A, (byte) 0x80, 0x00, (byte) 0xFF, 'a'};
        Random random = new Random(42);
        for (int length = 0; length < 40; length++) {
            byte[] bytes = new byte[length];
            for (int i = 0; i < length; i++) {
                bytes[i] = lookalikes[random.nextInt(lookalikes.length)];
            }
            for (int from = 0; from <= length; from++) {
                assertEquals(-1, Newlines.indexOf(bytes, from, length), "none in " + length);
                for (int at = from; at < length; at++) {
                    byte[] one = bytes.clone();
                    one[at] = '\n';
                    if (at + 1 < length) {
                        one[length - 1] = '\n'; // a later one too
                    }
                    assertEquals(at, Newlines.indexOf(one, from, length), "at " + at + " from " + from);
                    assertEquals(-1, Newlines.indexOf(one, from, at), "before it");
                }
            }
        }
    }
}
