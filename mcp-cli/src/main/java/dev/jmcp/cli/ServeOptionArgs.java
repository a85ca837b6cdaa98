package dev.jmcp.cli;

import dev.jmcp.core.ServerSettings;
import dev.jmcp.core.internal.transport.NamedSettings;
import dev.jmcp.core.spi.ServeOptions;
import dev.jmcp.core.spi.TransportProvider;
import dev.jmcp.core.tasks.TaskSettings;
import dev.jmcp.schema.codec.CodecLimits;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The options of {@code jmcp serve} that go to the transport ({@link ServeOptions}):
 * {@code --allow-remote-bind}, {@code --max-message-bytes} and {@code --set NAME=VALUE}. The command
 * names no transport: the provider that serves the address parses the named settings, and
 * {@code jmcp serve --help} lists those of each provider on the module path. A {@code --set} that
 * names a setting of {@link ServerSettings} (such as {@code maxOpenListens}) is the server's
 * instead, whatever the transport (ServeTransportOptionsTest checks that no transport's setting
 * shares a name with one of them); one that names a setting of {@link TaskSettings} (such as
 * {@code maxTasks}) bounds the tasks of {@code --tasks}, and is refused without it.
 */
final class ServeOptionArgs {
    static final String HELP = """
              --allow-remote-bind    with --http, let HOST be an address other machines reach
                                     (such as 0.0.0.0); they must also send a Host the server
                                     accepts: --set allowedHosts=NAME,...
              --max-message-bytes N  the longest message a client may send, in bytes (for
                                     HTTP, the longest request body; default 16777216)
              --set NAME=VALUE       a setting of the server or of the transport, by name
                                     (repeatable; the names are below); a name or value that
                                     neither takes is refused
            """;

    /**
     * The server's settings by name: every setter of its builder but {@code defaultCacheHint}, a
     * structure no text is written for, and {@code closeTimeout}, the name of a stdio setting that
     * keeps it (the server's own default suits a command).
     */
    static final NamedSettings<ServerSettings.Builder> SERVER = NamedSettings.owned("the server",
            ServerSettings.Builder.class, ServerSettings.defaults(), Set.of("defaultCacheHint", "closeTimeout"));

    /** The bounds of the tasks extension by name ({@code --tasks}): every setter of its builder. */
    static final NamedSettings<TaskSettings.Builder> TASKS = NamedSettings.owned("the tasks extension",
            TaskSettings.Builder.class, TaskSettings.defaults(), Set.of());

    private ServeOptionArgs() {
    }

    /** @return {@code spec} with the options of this class */
    static Args.Spec options(Args.Spec spec) {
        return spec.flag("--allow-remote-bind").option("--max-message-bytes").option("--set");
    }

    /**
     * @param http the HTTP address to serve, or null for stdio
     * @return the options the command line gives
     * @throws CliException ({@link Exit#USAGE}) for {@code --allow-remote-bind} without {@code --http},
     *                      a non-loopback {@code --http} host without it, or a {@code --set} without {@code =}
     */
    static ServeOptions of(Args args, URI http) {
        boolean remote = args.flag("--allow-remote-bind");
        if (remote && http == null) {
            throw CliException.usage("--allow-remote-bind applies to --http only: over stdio nothing listens");
        }
        if (http != null && !remote && !isLoopback(http.getHost())) {
            throw CliException.usage("refusing to listen on " + http.getHost() + ", which is not a loopback address:"
                    + " add --allow-remote-bind to serve other machines (with --set allowedHosts=NAME,... for the"
                    + " names they reach it by)");
        }
        ServeOptions.Builder options = ServeOptions.builder();
        if (remote) {
            options.allowRemoteBind(true);
        }
        if (args.value("--max-message-bytes").isPresent()) {
            options.limits(CodecLimits.builder().maxMessageBytes(
                    args.longValue("--max-message-bytes", 0, 1024, Long.MAX_VALUE)).build());
        }
        settings(args).forEach((name, value) -> {
            if (!SERVER.names().contains(name) && !TASKS.names().contains(name)) {
                options.set(name, value);
            }
        });
        return options.build();
    }

    /**
     * @return the server's settings: the defaults, with each {@code --set} that names one of them
     * @throws CliException ({@link Exit#USAGE}) for a value the setting refuses, naming it
     */
    static ServerSettings server(Args args) {
        Map<String, String> given = new LinkedHashMap<>();
        settings(args).forEach((name, value) -> {
            if (SERVER.names().contains(name)) {
                given.put(name, value);
            }
        });
        try {
            return SERVER.apply(given, ServerSettings.builder()).build();
        } catch (IllegalArgumentException e) {
            throw CliException.usage(e.getMessage());
        }
    }

    /**
     * @param enabled whether {@code --tasks} was given
     * @return the bounds of the tasks extension: the defaults, with each {@code --set} that names one
     *         of them; null when not {@code enabled}
     * @throws CliException ({@link Exit#USAGE}) for a value the setting refuses, naming it, or a
     *                      setting of the tasks without {@code --tasks}
     */
    static TaskSettings tasks(Args args, boolean enabled) {
        Map<String, String> given = new LinkedHashMap<>();
        settings(args).forEach((name, value) -> {
            if (TASKS.names().contains(name)) {
                given.put(name, value);
            }
        });
        if (!enabled) {
            if (!given.isEmpty()) {
                throw CliException.usage("--set " + String.join(", ", given.keySet())
                        + ": a bound of the tasks extension, which only --tasks turns on");
            }
            return null;
        }
        try {
            return TASKS.apply(given, TaskSettings.builder()).build();
        } catch (IllegalArgumentException e) {
            throw CliException.usage(e.getMessage());
        }
    }

    /** @return each {@code --set NAME=VALUE}, in order (a later one of a name replaces an earlier) */
    private static Map<String, String> settings(Args args) {
        Map<String, String> settings = new LinkedHashMap<>();
        for (String setting : args.values("--set")) {
            int equals = setting.indexOf('=');
            if (equals <= 0) {
                throw CliException.usage("--set takes NAME=VALUE, was '" + Text.printable(setting) + "'");
            }
            settings.put(setting.substring(0, equals).strip(), setting.substring(equals + 1));
        }
        return settings;
    }

    /** @return for each transport on the module path, the settings {@code --set} takes, one a line */
    static String settingsHelp() {
        StringBuilder text = new StringBuilder("\nSettings of the server, whatever the transport (--set NAME=VALUE)");
        appendSettings(text, SERVER.descriptions());
        text.append("\nSettings of the tasks extension, with --tasks (--set NAME=VALUE)");
        appendSettings(text, TASKS.descriptions());
        for (TransportProvider provider : ServiceLoader.load(TransportProvider.class).stream()
                .map(ServiceLoader.Provider::get).sorted(Comparator.comparing(TransportProvider::id)).toList()) {
            text.append("\nSettings of the ").append(provider.id()).append(" transport (--set NAME=VALUE)");
            appendSettings(text, provider.serveSettings());
        }
        return text.append("Each is the setting of that name of ServerSettings, TaskSettings or the transport's settings\n"
                + "(for jmcp's, HttpServerSettings and StdioSettings), whose javadoc says what it does. Durations\n"
                + "are written 500ms, 30s, 2m, 1h or ISO-8601 (PT30S); lists comma-separated, or empty for none.\n")
                .toString();
    }

    /** Appends {@code ": none"}, or a colon and a line for each setting in order: its name and its description, wrapped. */
    static void appendSettings(StringBuilder text, Map<String, String> settings) {
        text.append(settings.isEmpty() ? ": none\n" : ":\n");
        settings.forEach((name, description) -> text.append(String.format("  %-25s %s%n", name,
                wrap(description, 52, " ".repeat(28)))));
    }

    /** @return {@code text} broken at spaces into lines of at most {@code width}, the later ones indented */
    private static String wrap(String text, int width, String indent) {
        StringBuilder wrapped = new StringBuilder();
        int lineStart = 0;
        for (String word : text.split(" ")) {
            if (wrapped.length() > lineStart && wrapped.length() - lineStart + 1 + word.length() > width) {
                wrapped.append('\n').append(indent);
                lineStart = wrapped.length();
            } else if (wrapped.length() > lineStart) {
                wrapped.append(' ');
            }
            wrapped.append(word);
        }
        return wrapped.toString();
    }

    private static boolean isLoopback(String host) {
        try {
            return InetAddress.getByName(host.startsWith("[") ? host.substring(1, host.length() - 1) : host)
                    .isLoopbackAddress();
        } catch (UnknownHostException e) {
            throw CliException.usage("--http names a host that cannot be resolved: " + Text.printable(host));
        }
    }
}
