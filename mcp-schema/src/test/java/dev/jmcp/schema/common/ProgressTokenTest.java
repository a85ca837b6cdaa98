package dev.jmcp.schema.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ProgressTokenTest {

    @Test
    void stringFactoryMakesATextToken() {
        ProgressToken token = ProgressToken.of("abc");
        assertEquals("abc", assertInstanceOf(ProgressToken.Text.class, token).value());
    }

    @Test
    void integerFactoryMakesANumericToken() {
        ProgressToken token = ProgressToken.of(42L);
        assertEquals(42L, assertInstanceOf(ProgressToken.Numeric.class, token).value());
    }

    @Test
    void textAndNumericTokensWithTheSameDigitsDiffer() {
        assertNotEquals(ProgressToken.of("1"), ProgressToken.of(1L));
    }

    @Test
    void tokensWithEqualValuesAreEqual() {
        assertEquals(ProgressToken.of("x"), ProgressToken.of("x"));
        assertEquals(ProgressToken.of(7L), ProgressToken.of(7L));
    }

    @Test
    void nullTextIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> ProgressToken.of((String) null));
        assertEquals("value", e.getMessage());
    }

    @Test
    void toStringQuotesTextButNotNumbers() {
        assertEquals("\"a\"", ProgressToken.of("a").toString());
        assertEquals("5", ProgressToken.of(5L).toString());
    }
}
