package dev.jmcp.schema.jsonrpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class RequestIdTest {

    @Test
    void stringFactoryMakesATextId() {
        assertEquals("r-1", assertInstanceOf(RequestId.Text.class, RequestId.of("r-1")).value());
    }

    @Test
    void integerFactoryMakesANumericId() {
        assertEquals(-3L, assertInstanceOf(RequestId.Numeric.class, RequestId.of(-3L)).value());
    }

    @Test
    void textAndNumericIdsWithTheSameDigitsDiffer() {
        assertNotEquals(RequestId.of("1"), RequestId.of(1L));
    }

    @Test
    void nullTextIsRejected() {
        assertThrows(NullPointerException.class, () -> RequestId.of((String) null));
    }

    @Test
    void toStringQuotesTextButNotNumbers() {
        assertEquals("\"7\"", RequestId.of("7").toString());
        assertEquals("7", RequestId.of(7L).toString());
    }
}
