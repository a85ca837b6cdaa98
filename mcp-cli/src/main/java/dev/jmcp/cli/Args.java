package dev.jmcp.cli;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * A command's arguments, parsed by hand: options ({@code --name}, {@code --name VALUE},
 * {@code --name=VALUE}, and short aliases such as {@code -o FILE} or {@code -oFILE}), positionals,
 * and everything after the first {@code --}, which is a server's command line and is never parsed.
 * Options may come before, between or after positionals. A lone {@code -} is a positional.
 */
final class Args {
    private final Map<String, List<String>> values;
    private final List<String> positionals;
    private final List<String> command;

    private Args(Map<String, List<String>> values, List<String> positionals, List<String> command) {
        this.values = values;
        this.positionals = positionals;
        this.command = command;
    }

    /**
     * What a command accepts. Not thread-safe while it is being built.
     */
    static final class Spec {
        private final Map<String, Boolean> takesValue = new LinkedHashMap<>();
        private final Map<String, String> aliases = new HashMap<>();

        /** A flag: {@code --name}, no value. */
        Spec flag(String name, String... shortNames) {
            return add(name, false, shortNames);
        }

        /** An option with a value: {@code --name VALUE} or {@code --name=VALUE}. */
        Spec option(String name, String... shortNames) {
            return add(name, true, shortNames);
        }

        private Spec add(String name, boolean value, String... shortNames) {
            if (!name.startsWith("--") || takesValue.containsKey(name)) {
                throw new IllegalArgumentException("bad or repeated option name " + name);
            }
            takesValue.put(name, value);
            for (String alias : shortNames) {
                aliases.put(alias, name);
            }
            return this;
        }
    }

    /**
     * @param argv     the arguments after the command's name
     * @param spec     what the command accepts
     * @param commandName for messages, such as {@code ls}
     * @throws CliException ({@link Exit#USAGE}) for an unknown option, a missing value, or a value given to a flag
     */
    static Args parse(List<String> argv, Spec spec, String commandName) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        List<String> positionals = new ArrayList<>();
        List<String> command = null;
        for (int i = 0; i < argv.size(); i++) {
            String arg = argv.get(i);
            if (arg.equals("--")) {
                command = List.copyOf(argv.subList(i + 1, argv.size()));
                break;
            }
            if (arg.length() < 2 || !arg.startsWith("-")) {
                positionals.add(arg);
                continue;
            }
            String name;
            String value = null;
            if (arg.startsWith("--")) {
                int equals = arg.indexOf('=');
                name = equals < 0 ? arg : arg.substring(0, equals);
                value = equals < 0 ? null : arg.substring(equals + 1);
            } else {
                name = spec.aliases.get(arg.substring(0, 2));
                if (name == null) {
                    throw unknown(arg, commandName);
                }
                if (arg.length() > 2) {
                    if (!spec.takesValue.get(name)) {
                        throw CliException.usage("option " + arg.substring(0, 2) + " of jmcp " + commandName
                                + " takes no value: " + arg);
                    }
                    value = arg.substring(2);
                }
            }
            Boolean wantsValue = spec.takesValue.get(name);
            if (wantsValue == null) {
                throw unknown(arg, commandName);
            }
            if (!wantsValue) {
                if (value != null) {
                    throw CliException.usage("option " + name + " of jmcp " + commandName + " takes no value: " + arg);
                }
                values.computeIfAbsent(name, key -> new ArrayList<>()).add("true");
                continue;
            }
            if (value == null) {
                if (i + 1 >= argv.size() || argv.get(i + 1).equals("--")) {
                    throw CliException.usage("option " + name + " of jmcp " + commandName + " needs a value");
                }
                value = argv.get(++i);
            }
            values.computeIfAbsent(name, key -> new ArrayList<>()).add(value);
        }
        return new Args(values, Collections.unmodifiableList(positionals), command);
    }

    private static CliException unknown(String arg, String commandName) {
        return CliException.usage("unknown option " + arg + " for jmcp " + commandName
                + " (see jmcp " + commandName + " --help)");
    }

    /** @return true when the flag was given */
    boolean flag(String name) {
        return values.containsKey(name);
    }

    /** @return the option's value; the last one when it was given more than once */
    Optional<String> value(String name) {
        List<String> given = values.get(name);
        return given == null ? Optional.empty() : Optional.of(given.get(given.size() - 1));
    }

    /** @return every value of a repeatable option, in order; never null */
    List<String> values(String name) {
        return List.copyOf(values.getOrDefault(name, List.of()));
    }

    /**
     * @return the whole number of option {@code name}, or {@code orElse} when it is absent
     * @throws CliException ({@link Exit#USAGE}) when it is not a whole number from {@code min} to {@code max}
     */
    long longValue(String name, long orElse, long min, long max) {
        String raw = value(name).orElse(null);
        if (raw == null) {
            return orElse;
        }
        try {
            long value = Long.parseLong(raw.strip());
            if (value >= min && value <= max) {
                return value;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw CliException.usage(name + " must be a whole number from " + min + " to " + max + ", was '" + raw + "'");
    }

    /**
     * @return the option's value as an integer within {@code min..max}, else {@code orElse}
     * @throws CliException ({@link Exit#USAGE}) when the value is not such an integer
     */
    int intValue(String name, int orElse, int min, int max) {
        return (int) longValue(name, orElse, min, max);
    }

    /** @return the arguments that are not options, in order, before any {@code --}; never null */
    List<String> positionals() {
        return positionals;
    }

    /** @return the words after {@code --} (maybe none); null when there was no {@code --} */
    List<String> command() {
        return command;
    }
}
