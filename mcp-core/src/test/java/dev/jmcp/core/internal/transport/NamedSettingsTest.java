package dev.jmcp.core.internal.transport;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.lang.reflect.Method;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

class NamedSettingsTest {
    /** Settings made by a builder, as a transport's own are. */
    public record Settings(int count, long bytes, Duration delay, List<String> names, boolean on, String path,
            TimeUnit unit, Object typed) {
        static Settings defaults() {
            return new Builder().build();
        }
    }

    /** The builder: each setter that takes one value and returns the builder is a setting by name. */
    public static final class Builder {
        private int count = 1;
        private long bytes = 2;
        private Duration delay = Duration.ofSeconds(30);
        private List<String> names = List.of();
        private boolean on;
        private String path = "/p";
        private TimeUnit unit = TimeUnit.SECONDS;
        private Object typed;

        public Builder count(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("count must be >= 1, was " + value);
            }
            this.count = value;
            return this;
        }

        public Builder bytes(long value) {
            this.bytes = value;
            return this;
        }

        public Builder delay(Duration value) {
            this.delay = value;
            return this;
        }

        public Builder names(List<String> value) {
            this.names = value;
            return this;
        }

        public Builder on(boolean value) {
            this.on = value;
            return this;
        }

        public Builder path(String value) {
            this.path = value;
            return this;
        }

        public Builder unit(TimeUnit value) {
            this.unit = value;
            return this;
        }

        /** Of a type no text is parsed into: declared typed. */
        public Builder typed(Object value) {
            this.typed = value;
            return this;
        }

        /** Two values: not a setter. */
        public Builder pair(String a, String b) {
            return this;
        }

        public Settings build() {
            return new Settings(count, bytes, delay, names, on, path, unit, typed);
        }
    }

    /** A builder with a setter of a type no text is parsed into, not declared typed. */
    public static final class Unwritable {
        public Unwritable thing(Object value) {
            return this;
        }
    }

    private static final NamedSettings<Builder> NAMES = NamedSettings.of("test", Builder.class, Settings.defaults(),
            Set.of("typed"));

    private static Settings apply(String... nameValues) {
        Map<String, String> given = new LinkedHashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            given.put(nameValues[i], nameValues[i + 1]);
        }
        return NAMES.apply(given, new Builder()).build();
    }

    @Test
    void theTableHasExactlyTheBuildersOneValueSettersButTheTypedOnes() {
        assertEquals(Set.of("bytes", "count", "delay", "names", "on", "path", "unit"), NAMES.names());
        assertEquals(Set.of("bytes", "count", "delay", "names", "on", "path", "unit", "typed"),
                Set.copyOf(NamedSettings.setters(Builder.class).stream().map(Method::getName).toList()));
    }

    @Test
    void aSetterOfATypeWithNoTextIsRefusedWhenTheTableIsMade() {
        IllegalStateException refused = assertThrows(IllegalStateException.class,
                () -> NamedSettings.of("test", Unwritable.class, new Object(), Set.of()));
        assertTrue(refused.getMessage().contains("Unwritable.thing takes a java.lang.Object"), refused::getMessage);
    }

    @Test
    void eachValueIsParsedAndFedToItsSetting() {
        assertEquals(new Settings(7, 5_000_000_000L, Duration.ofSeconds(30), List.of("a", "b"), true, "/q",
                TimeUnit.MINUTES, null), apply("count", "7", "bytes", "5000000000", "delay", "30s", "names", "a, b",
                "on", "TRUE", "path", "/q", "unit", "minutes"));
    }

    @Test
    void durationsAreWrittenWithAUnitOrInIso8601() {
        assertEquals(Duration.ofMillis(500), apply("delay", "500ms").delay());
        assertEquals(Duration.ofSeconds(30), apply("delay", "30s").delay());
        assertEquals(Duration.ofMinutes(2), apply("delay", "2m").delay());
        assertEquals(Duration.ofMinutes(5), apply("delay", "5m").delay());
        assertEquals(Duration.ofHours(1), apply("delay", "1h").delay());
        assertEquals(Duration.ofSeconds(30), apply("delay", "PT30S").delay());
        assertEquals(Duration.ofSeconds(90), apply("delay", "PT1M30S").delay());
        assertEquals(Duration.ofSeconds(30), NamedSettings.duration("pt30s"));
    }

    @Test
    void durationsAreShownInTheFormTheyAreWritten() {
        assertEquals("500ms", NamedSettings.format(Duration.ofMillis(500)));
        assertEquals("30s", NamedSettings.format(Duration.ofSeconds(30)));
        assertEquals("2m", NamedSettings.format(Duration.ofMinutes(2)));
        assertEquals("1h", NamedSettings.format(Duration.ofHours(1)));
        assertEquals("0s", NamedSettings.format(Duration.ZERO));
        for (Duration each : List.of(Duration.ofMillis(1500), Duration.ofSeconds(90), Duration.ofHours(25))) {
            assertEquals(each, NamedSettings.duration(NamedSettings.format(each)));
        }
    }

    @Test
    void anEmptyListIsNone() {
        assertEquals(List.of(), apply("names", "").names());
    }

    @Test
    void anUnknownNameIsRefusedNamingItAndTheKnownOnes() {
        IllegalArgumentException refused = assertThrows(IllegalArgumentException.class, () -> apply("cuont", "1"));
        assertEquals("unknown setting 'cuont' for transport 'test'; its settings are bytes, count, delay, names, on,"
                + " path, unit", refused.getMessage());
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
        assertEquals("setting unit=fortnights of transport 'test' is refused: one of [nanoseconds, microseconds,"
                + " milliseconds, seconds, minutes, hours, days] expected",
                assertThrows(IllegalArgumentException.class, () -> apply("unit", "fortnights")).getMessage());
    }

    @Test
    void descriptionsGiveTheTypeAndTheDefaultSortedByName() {
        assertEquals(List.of("bytes", "count", "delay", "names", "on", "path", "unit"),
                List.copyOf(NAMES.descriptions().keySet()));
        assertEquals("a duration (default 30s)", NAMES.descriptions().get("delay"));
        assertEquals("a whole number (default 1)", NAMES.descriptions().get("count"));
        assertEquals("a comma-separated list (default none)", NAMES.descriptions().get("names"));
        assertEquals("true or false (default false)", NAMES.descriptions().get("on"));
    }
}
