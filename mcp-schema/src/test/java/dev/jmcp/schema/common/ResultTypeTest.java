package dev.jmcp.schema.common;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ResultTypeTest {

    @Test
    void absentResultTypeCountsAsComplete() {
        assertTrue(ResultType.isComplete(null));
        assertTrue(EmptyResult.of().isComplete());
    }

    @Test
    void inputRequiredIsNotComplete() {
        assertFalse(ResultType.isComplete(ResultType.INPUT_REQUIRED));
        assertFalse(InputRequiredResult.of(null, "state").isComplete());
    }

    @Test
    void unknownResultTypeIsNotComplete() {
        assertFalse(ResultType.isComplete("something_else"));
    }

    @Test
    void emptyResultFactoriesDifferOnlyInResultType() {
        assertNull(EmptyResult.of().resultType());
        assertEquals("complete", EmptyResult.complete().resultType());
    }
}
