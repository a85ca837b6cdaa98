package dev.jmcp.core.internal;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class PercentEncodingTest {
    @Test
    void textSurvivesTheRoundTripWhateverTheCallerKeeps() {
        String text = "a b/c+d%e 🙂 Grüße";
        for (String kept : new String[] {"", "/", "!$&'()*+,;=:@"}) {
            StringBuilder encoded = new StringBuilder();
            PercentEncoding.encode(text, kept, encoded);
            assertEquals(text, PercentEncoding.decode(encoded.toString()), encoded::toString);
        }
        StringBuilder encoded = new StringBuilder();
        PercentEncoding.encode(text, "/", encoded);
        assertEquals("a%20b/c%2Bd%25e%20%F0%9F%99%82%20Gr%C3%BC%C3%9Fe", encoded.toString());
    }

    @Test
    void aBadEscapeAndBytesThatAreNotUtf8AreToldApart() {
        assertEquals("a malformed percent escape at index 1",
                assertThrows(IllegalArgumentException.class, () -> PercentEncoding.decode("a%4")).getMessage());
        assertEquals("percent escapes that are not valid UTF-8",
                assertThrows(IllegalArgumentException.class, () -> PercentEncoding.decode("%C3%28")).getMessage());
        assertEquals("1+1 🙂", PercentEncoding.decode("1+1 %F0%9F%99%82"));
    }
}
