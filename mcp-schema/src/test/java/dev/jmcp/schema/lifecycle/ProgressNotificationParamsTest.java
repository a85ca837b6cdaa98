package dev.jmcp.schema.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.common.ProgressToken;
import org.junit.jupiter.api.Test;

class ProgressNotificationParamsTest {

    @Test
    void missingTokenIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> ProgressNotificationParams.of(null, 1, null));
        assertEquals("progressToken", e.getMessage());
    }

    @Test
    void missingProgressIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> new ProgressNotificationParams(ProgressToken.of(1L), null, null, null, null));
        assertEquals("progress", e.getMessage());
    }

    @Test
    void infiniteProgressIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProgressNotificationParams.of(ProgressToken.of("t"), Double.POSITIVE_INFINITY, null));
        assertTrue(e.getMessage().startsWith("progress"), e.getMessage());
    }

    @Test
    void nanTotalIsRejected() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ProgressNotificationParams.of(ProgressToken.of("t"), 1, Double.NaN));
        assertTrue(e.getMessage().startsWith("total"), e.getMessage());
    }

    @Test
    void fractionalProgressIsKept() {
        assertEquals(0.5, ProgressNotificationParams.of(ProgressToken.of("t"), 0.5, 1.0).progress());
    }
}
