package dev.jmcp.core.internal.transport;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The settings a transport accepts by name ({@link dev.jmcp.core.spi.ServeOptions#settings()}), each
 * with a parser and the method it feeds, which returns the settings changed (a builder's method, or
 * an immutable type's {@code withX}): jmcp's transports declare theirs once, and share the parsing of
 * values and the wording of refusals. Built once, then read-only.
 *
 * <p>Values: {@code true}/{@code false}; whole numbers; durations as {@code 500ms}, {@code 30s},
 * {@code 5m}, {@code 1h} or ISO-8601 ({@code PT30S}); lists as comma-separated words.
 *
 * @param <B> the transport's settings: a builder, or an immutable type
 */
public final class NamedSettings<B> {
    private final String transport;
    private final Map<String, Entry<B>> entries = new LinkedHashMap<>();

    private record Entry<B>(String description, BiFunction<B, String, B> apply) {
    }

    /** @param transport the provider's id, for messages */
    public NamedSettings(String transport) {
        this.transport = transport;
    }

    /** Adds a setting whose value is {@code true} or {@code false}. */
    public NamedSettings<B> flag(String name, String description, BiFunction<B, Boolean, B> set) {
        return add(name, description, NamedSettings::bool, set);
    }

    /** Adds a setting whose value is a whole number that fits an {@code int}. */
    public NamedSettings<B> integer(String name, String description, BiFunction<B, Integer, B> set) {
        return add(name, description, value -> {
            long whole = whole(value);
            if (whole != (int) whole) {
                throw new IllegalArgumentException("a whole number from " + Integer.MIN_VALUE + " to "
                        + Integer.MAX_VALUE + " expected");
            }
            return (int) whole;
        }, set);
    }

    /** Adds a setting whose value is a whole number. */
    public NamedSettings<B> number(String name, String description, BiFunction<B, Long, B> set) {
        return add(name, description, NamedSettings::whole, set);
    }

    /** Adds a setting whose value is a duration. */
    public NamedSettings<B> duration(String name, String description, BiFunction<B, Duration, B> set) {
        return add(name, description, NamedSettings::duration, set);
    }

    /** Adds a setting whose value is a comma-separated list (empty for none). */
    public NamedSettings<B> list(String name, String description, BiFunction<B, List<String>, B> set) {
        return add(name, description, NamedSettings::words, set);
    }

    private <T> NamedSettings<B> add(String name, String description, Function<String, T> parse,
            BiFunction<B, T, B> set) {
        if (entries.putIfAbsent(name, new Entry<>(description, (settings, value) -> set.apply(settings,
                parse.apply(value)))) != null) {
            throw new IllegalArgumentException("setting " + name + " of transport " + transport + " declared twice");
        }
        return this;
    }

    /** @return name to description, in the order declared; unmodifiable */
    public Map<String, String> descriptions() {
        Map<String, String> descriptions = new LinkedHashMap<>();
        entries.forEach((name, entry) -> descriptions.put(name, entry.description()));
        return Collections.unmodifiableMap(descriptions);
    }

    /**
     * Feeds each of {@code given} to {@code settings}, in order.
     *
     * @return the settings with each of {@code given}
     * @throws IllegalArgumentException for an unknown name (the message lists the known ones) or a
     *         value that cannot be parsed or that the builder refuses (the message names the setting
     *         and the value)
     */
    public B apply(Map<String, String> given, B settings) {
        B result = settings;
        for (Map.Entry<String, String> setting : given.entrySet()) {
            String name = setting.getKey();
            String value = setting.getValue();
            Entry<B> entry = entries.get(name);
            if (entry == null) {
                throw new IllegalArgumentException("unknown setting '" + name + "' for transport '" + transport
                        + "'; its settings are " + String.join(", ", entries.keySet()));
            }
            try {
                result = entry.apply().apply(result, value.strip());
            } catch (RuntimeException refused) { // a parse failure, an overflow, or the settings' own check
                throw new IllegalArgumentException("setting " + name + "=" + value + " of transport '" + transport
                        + "' is refused: " + refused.getMessage(), refused);
            }
        }
        return result;
    }

    private static boolean bool(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("true or false expected");
        };
    }

    private static long whole(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a whole number expected");
        }
    }

    private static Duration duration(String value) {
        String lower = value.toLowerCase(Locale.ROOT);
        try {
            if (lower.startsWith("p")) { // ISO-8601
                return Duration.parse(value);
            }
            if (lower.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(lower.substring(0, lower.length() - 2)));
            }
            if (!lower.isEmpty()) {
                long amount = Long.parseLong(lower.substring(0, lower.length() - 1));
                switch (lower.charAt(lower.length() - 1)) {
                    case 's': return Duration.ofSeconds(amount);
                    case 'm': return Duration.ofMinutes(amount);
                    case 'h': return Duration.ofHours(amount);
                    default: break;
                }
            }
        } catch (NumberFormatException | DateTimeParseException e) {
            // reported below
        }
        throw new IllegalArgumentException("a duration expected, such as 500ms, 30s, 5m, 1h or PT30S");
    }

    private static List<String> words(String value) {
        return value.isEmpty() ? List.of() : Arrays.stream(value.split(",")).map(String::strip).toList();
    }
}
