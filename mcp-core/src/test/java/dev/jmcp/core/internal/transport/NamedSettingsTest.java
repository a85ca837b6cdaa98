package dev.jmcp.core.internal.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NamedSettingsTest {
    /** Immutable settings, changed by {@code withX}, as a transport's own type would be. */
    private record Settings(int count, Duration delay, List<String> names, boolean on) {
        Settings withCount(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("count must be >= 1, was " + value);
            }
            return new Settings(value, delay, names, on);
        }

        Settings withDelay(Duration value) {
            return new Settings(count, value, names, on);
        }

        Settings withNames(List<String> value) {
            return new Settings(count, delay, value, on);
        }

        Settings withOn(boolean value) {
            return new Settings(count, delay, names, value);
        }
    }

    private static final NamedSettings<Settings> NAMES = new NamedSettings<Settings>("test")
            .integer("count", "how many", Settings::withCount)
            .duration("delay", "how long", Settings::withDelay)
            .list("names", "which", Settings::withNames)
            .flag("on", "whether", Settings::withOn);
    private static final Settings DEFAULTS = new Settings(1, Duration.ZERO, List.of(), false);

    private static Settings apply(String... nameValues) {
        Map<String, String> given = new LinkedHashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            given.put(nameValues[i], nameValues[i + 1]);
        }
        return NAMES.apply(given, DEFAULTS);
    }

    @Test
    void eachValueIsParsedAndFedToItsSetting() {
        assertEquals(new Settings(7, Duration.ofSeconds(30), List.of("a", "b"), true),
                apply("count", "7", "delay", "30s", "names", "a, b", "on", "TRUE"));
    }

    @Test
    void durationsAreWrittenWithAUnitOrInIso8601() {
        assertEquals(Duration.ofMillis(500), apply("delay", "500ms").delay());
        assertEquals(Duration.ofMinutes(5), apply("delay", "5m").delay());
        assertEquals(Duration.ofHours(1), apply("delay", "1h").delay());
        assertEquals(Duration.ofSeconds(90), apply("delay", "PT1M30S").delay());
    }

    @Test
    void anEmptyListIsNone() {
        assertEquals(List.of(), apply("names", "").names());
    }

    @Test
    void anUnknownNameIsRefusedNamingItAndTheKnownOnes() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> apply("cuont", "1"));
        assertEquals("unknown setting 'cuont' for transport 'test'; its settings are count, delay, names, on",
                refused.getMessage());
    }

    @Test
    void aValueThatCannotBeParsedOrIsRefusedNamesTheSettingAndWhy() {
        assertEquals("setting delay=soon of transport 'test' is refused: a duration expected, such as 500ms, 30s, 5m,"
                + " 1h or PT30S", assertThrows(IllegalArgumentException.class, () -> apply("delay", "soon")).getMessage());
        assertEquals("setting count=3000000000 of transport 'test' is refused: a whole number from -2147483648 to "
                + "2147483647 expected", assertThrows(IllegalArgumentException.class,
                () -> apply("count", "3000000000")).getMessage());
        assertEquals("setting count=0 of transport 'test' is refused: count must be >= 1, was 0",
                assertThrows(IllegalArgumentException.class, () -> apply("count", "0")).getMessage());
        assertEquals("setting on=yes of transport 'test' is refused: true or false expected",
                assertThrows(IllegalArgumentException.class, () -> apply("on", "yes")).getMessage());
    }

    @Test
    void descriptionsKeepTheOrderDeclared() {
        assertEquals(List.of("count", "delay", "names", "on"), List.copyOf(NAMES.descriptions().keySet()));
    }
}
