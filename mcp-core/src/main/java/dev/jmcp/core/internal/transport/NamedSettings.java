package dev.jmcp.core.internal.transport;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The settings a transport accepts by name ({@link dev.jmcp.core.spi.ServeOptions#settings()}),
 * or a command line gives the server ({@code jmcp serve --set}), derived from their settings builder: every public method of the builder that takes one value and
 * returns the builder is a setting of the method's name, unless it is named as typed elsewhere. No
 * list is kept by hand, so a setting added to the builder is a named setting at once, and one of a
 * type no command line can write fails here, loudly, until it is supported or declared typed.
 *
 * <p>Values by the setter's parameter type: {@code boolean} as {@code true}/{@code false};
 * {@code int} and {@code long} as whole numbers; {@link Duration} as {@code 500ms}, {@code 30s},
 * {@code 5m}, {@code 1h} or ISO-8601 ({@code PT30S}); {@code String} as it is; an enum by constant
 * name, in any case; {@code List<String>} as comma-separated words (empty for none). The help shows
 * each setting's default, read from the getter of the same name on the default settings.
 *
 * @param <B> the transport's settings builder
 */
public final class NamedSettings<B> {
    /** What a command's help says of durations; the one place that lists the accepted forms. */
    public static final String DURATION_FORMS = "500ms, 30s, 5m, 1h or PT30S";

    /** Whose settings these are, for messages: {@code transport 'http'}, {@code the server}. */
    private final String owner;
    private final Map<String, Setting> settings;

    private record Setting(Method setter, Function<String, Object> parse, String description) {
    }

    private NamedSettings(String owner, Map<String, Setting> settings) {
        this.owner = owner;
        this.settings = Collections.unmodifiableMap(settings);
    }

    /**
     * Derives the table from {@code builderType}'s setters.
     *
     * @param transport   the provider's id, for messages
     * @param builderType the settings builder, a public class of an exported package
     * @param defaults    the settings the builder builds by default, whose getters give the defaults shown
     * @param typed       the setters that are not settings by name (given typed, or not writable as text)
     * @throws IllegalStateException when a setter not in {@code typed} takes a type no value can be parsed into
     */
    public static <B> NamedSettings<B> of(String transport, Class<B> builderType, Object defaults,
            Set<String> typed) {
        return owned("transport '" + transport + "'", builderType, defaults, typed);
    }

    /**
     * As {@link #of}, for settings that are not a transport's (the server's own, say).
     *
     * @param owner whose settings these are, as messages name them: {@code the server}
     */
    public static <B> NamedSettings<B> owned(String owner, Class<B> builderType, Object defaults,
            Set<String> typed) {
        Map<String, Setting> settings = new TreeMap<>();
        for (Method setter : setters(builderType)) {
            String name = setter.getName();
            if (typed.contains(name)) {
                continue;
            }
            Function<String, Object> parse = parser(setter);
            if (parse == null) {
                throw new IllegalStateException(builderType.getName() + "." + name + " takes a "
                        + setter.getGenericParameterTypes()[0].getTypeName() + ", which no setting by name can be;"
                        + " support the type in NamedSettings, or declare the setting typed");
            }
            if (settings.put(name, new Setting(setter, parse, describe(setter, defaults))) != null) {
                throw new IllegalStateException(builderType.getName() + "." + name + " is overloaded with two"
                        + " types a setting by name could take; declare one typed");
            }
        }
        return new NamedSettings<>(owner, settings);
    }

    /**
     * @return every public method of {@code builderType} that takes one value and returns the
     *         builder: the setters a table by name is made of (a test compares the two)
     */
    public static List<Method> setters(Class<?> builderType) {
        return Arrays.stream(builderType.getMethods())
                .filter(method -> !Modifier.isStatic(method.getModifiers()) && method.getParameterCount() == 1
                        && method.getReturnType() == builderType && method.getDeclaringClass() == builderType)
                .toList();
    }

    /** @return the names of the settings, sorted; unmodifiable */
    public Set<String> names() {
        return Collections.unmodifiableSet(new TreeSet<>(settings.keySet()));
    }

    /** @return name to its type and default, such as {@code "a duration (default 30s)"}, sorted by name; unmodifiable */
    public Map<String, String> descriptions() {
        Map<String, String> descriptions = new TreeMap<>();
        settings.forEach((name, setting) -> descriptions.put(name, setting.description()));
        return Collections.unmodifiableMap(descriptions);
    }

    /**
     * Feeds each of {@code given} to {@code builder}'s setter of that name, in order.
     *
     * @return {@code builder}
     * @throws IllegalArgumentException for an unknown name (the message lists the known ones) or a
     *         value that cannot be parsed or that the builder refuses (the message names the setting
     *         and the value)
     */
    public B apply(Map<String, String> given, B builder) {
        for (Map.Entry<String, String> entry : given.entrySet()) {
            String name = entry.getKey();
            String value = entry.getValue();
            Setting setting = settings.get(name);
            if (setting == null) {
                throw new IllegalArgumentException("unknown setting '" + name + "' for " + owner
                        + "; its settings are " + String.join(", ", settings.keySet()));
            }
            try {
                setting.setter().invoke(builder, setting.parse().apply(value.strip()));
            } catch (InvocationTargetException e) { // the builder's own check
                throw refused(name, value, e.getCause());
            } catch (IllegalAccessException e) {
                throw new IllegalStateException(setting.setter() + " cannot be called", e);
            } catch (RuntimeException e) { // a parse failure or an overflow
                throw refused(name, value, e);
            }
        }
        return builder;
    }

    private IllegalArgumentException refused(String name, String value, Throwable why) {
        return new IllegalArgumentException("setting " + name + "=" + value + " of " + owner
                + " is refused: " + why.getMessage(), why);
    }

    /** @return how to read a value for {@code setter}'s parameter; null for a type there is no text for */
    private static Function<String, Object> parser(Method setter) {
        Class<?> type = setter.getParameterTypes()[0];
        if (type == boolean.class) {
            return NamedSettings::bool;
        }
        if (type == int.class) {
            return NamedSettings::integer;
        }
        if (type == long.class) {
            return NamedSettings::whole;
        }
        if (type == Duration.class) {
            return NamedSettings::duration;
        }
        if (type == String.class) {
            return value -> value;
        }
        if (type.isEnum()) {
            return value -> constant(type, value);
        }
        if (type == List.class && setter.getGenericParameterTypes()[0] instanceof ParameterizedType list
                && Arrays.equals(list.getActualTypeArguments(), new Type[] {String.class})) {
            return NamedSettings::words;
        }
        return null;
    }

    private static String describe(Method setter, Object defaults) {
        Class<?> type = setter.getParameterTypes()[0];
        String kind = type == boolean.class ? "true or false"
                : type == int.class || type == long.class ? "a whole number"
                : type == Duration.class ? "a duration"
                : type == String.class ? "a text"
                : type.isEnum() ? "one of " + Arrays.stream(type.getEnumConstants())
                        .map(constant -> ((Enum<?>) constant).name().toLowerCase(Locale.ROOT)).toList()
                : "a comma-separated list";
        Object value;
        try {
            value = defaults.getClass().getMethod(setter.getName()).invoke(defaults);
        } catch (ReflectiveOperationException e) {
            return kind; // a setter without a getter of its name: no default to show
        }
        return kind + " (default " + show(value) + ")";
    }

    /** @return {@code value} written as a command line writes it */
    static String show(Object value) {
        if (value == null) {
            return "none";
        }
        if (value instanceof Duration duration) {
            return format(duration);
        }
        if (value instanceof List<?> list) {
            return list.isEmpty() ? "none" : String.join(",", list.stream().map(String::valueOf).toList());
        }
        if (value instanceof Enum<?> constant) {
            return constant.name().toLowerCase(Locale.ROOT);
        }
        return String.valueOf(value);
    }

    /** @return {@code duration} in the largest of h, m, s and ms that writes it whole */
    static String format(Duration duration) {
        if (duration.isZero()) {
            return "0s";
        }
        if (duration.getNano() % 1_000_000 != 0) {
            return duration.toString();
        }
        long millis = duration.toMillis();
        if (millis % 3_600_000 == 0) {
            return millis / 3_600_000 + "h";
        }
        if (millis % 60_000 == 0) {
            return millis / 60_000 + "m";
        }
        if (millis % 1000 == 0) {
            return millis / 1000 + "s";
        }
        return millis + "ms";
    }

    private static boolean bool(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new IllegalArgumentException("true or false expected");
        };
    }

    private static int integer(String value) {
        long whole = whole(value);
        if (whole != (int) whole) {
            throw new IllegalArgumentException("a whole number from " + Integer.MIN_VALUE + " to "
                    + Integer.MAX_VALUE + " expected");
        }
        return (int) whole;
    }

    private static long whole(String value) {
        try {
            return Long.parseLong(value);
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("a whole number expected");
        }
    }

    /**
     * @return {@code value} read as {@code 500ms}, {@code 30s}, {@code 5m}, {@code 1h} or ISO-8601 ({@code PT30S})
     * @throws IllegalArgumentException for anything else, saying the forms
     */
    public static Duration duration(String value) {
        String lower = value.strip().toLowerCase(Locale.ROOT);
        try {
            if (lower.startsWith("p") || lower.startsWith("-p")) {
                return Duration.parse(lower.toUpperCase(Locale.ROOT));
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
        } catch (NumberFormatException | DateTimeParseException | ArithmeticException e) {
            // reported below
        }
        throw new IllegalArgumentException("a duration expected, such as " + DURATION_FORMS);
    }

    private static Object constant(Class<?> type, String value) {
        for (Object constant : type.getEnumConstants()) {
            if (((Enum<?>) constant).name().equalsIgnoreCase(value)) {
                return constant;
            }
        }
        throw new IllegalArgumentException("one of " + Arrays.stream(type.getEnumConstants())
                .map(constant -> ((Enum<?>) constant).name().toLowerCase(Locale.ROOT)).toList() + " expected");
    }

    private static List<String> words(String value) {
        return value.isEmpty() ? List.of() : Arrays.stream(value.split(",")).map(String::strip).toList();
    }
}
