package dev.jmcp.schema.lifecycle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

class LoggingTest {

    @Test
    void levelsAreOrderedBySeverity() {
        assertTrue(LoggingLevel.ERROR.isAtLeast(LoggingLevel.WARNING));
        assertTrue(LoggingLevel.WARNING.isAtLeast(LoggingLevel.WARNING));
        assertFalse(LoggingLevel.DEBUG.isAtLeast(LoggingLevel.INFO));
        assertTrue(LoggingLevel.EMERGENCY.isAtLeast(LoggingLevel.ALERT));
    }

    @Test
    void lowerCasedNamesAreTheEightWireLevels() {
        java.util.Set<String> wire = new java.util.HashSet<>();
        for (LoggingLevel level : LoggingLevel.values()) {
            wire.add(level.name().toLowerCase(java.util.Locale.ROOT));
        }
        assertEquals(java.util.Set.of("debug", "info", "notice", "warning", "error", "critical", "alert",
                "emergency"), wire);
    }

    @Test
    void setLevelWithoutLevelIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> SetLevelRequestParams.of(null));
        assertEquals("level", e.getMessage());
    }

    @Test
    void messageWithoutDataIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> LoggingMessageNotificationParams.of(LoggingLevel.INFO, null, null));
        assertEquals("data", e.getMessage());
    }

    @Test
    void jsonNullIsAcceptedAsData() {
        LoggingMessageNotificationParams params =
                LoggingMessageNotificationParams.of(LoggingLevel.INFO, "db", JsonValue.NULL);
        assertEquals(JsonValue.NULL, params.data());
    }

    @Test
    void messageWithoutLevelIsRejected() {
        NullPointerException e = assertThrows(NullPointerException.class,
                () -> LoggingMessageNotificationParams.of(null, null, JsonValue.TRUE));
        assertEquals("level", e.getMessage());
    }
}
