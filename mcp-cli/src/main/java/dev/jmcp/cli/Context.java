package dev.jmcp.cli;

import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.schema.lifecycle.ClientCapabilities;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.resources.ConditionalReads;
import jakarta.json.JsonValue;
import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * What a command runs with: its parsed arguments, the two output streams (UTF-8, whatever the
 * locale says: text from a server is Unicode, and piping it must keep its bytes), and the options
 * every command accepts.
 *
 * @param args     the command's arguments; never null
 * @param out      standard output (standard error for {@code serve}); never null
 * @param err      standard error; never null
 * @param terminal which streams are terminals; never null
 */
record Context(Args args, PrintStream out, PrintStream err, Terminal terminal) {

    /** The options every command accepts. */
    static Args.Spec common(Args.Spec spec) {
        return spec.flag("--json").flag("--debug").flag("--help", "-h").option("--timeout");
    }

    /** Help text for the options of {@link #common}. */
    static final String COMMON_HELP = """
              --json           print the raw result objects as JSON (one per line) instead of tables
              --timeout SECS   how long each request may take (default 30)
              --debug          log at debug level, say which protocol revision was chosen and
                               why, and print the stack trace of a failure
              -h, --help       show this help
            """;

    boolean json() {
        return args.flag("--json");
    }

    boolean debug() {
        return args.flag("--debug");
    }

    /** @return the per-request timeout of {@code --timeout} */
    Duration timeout() {
        return Duration.ofSeconds(args.intValue("--timeout", 30, 1, 86_400));
    }

    /**
     * @return how a client command connects: {@code --timeout}, the limits of
     *         {@link Target#limits} for what it reads, and {@code --dialect}; it declares conditional
     *         reads, so that listings carry the versions that {@code ls --json}, {@code watch} and
     *         ranged downloads show and use
     */
    ClientOptions clientOptions(Target.Reads reads) {
        return Target.dialect(args, ClientOptions.builder()
                .clientInfo(Implementation.of("jmcp", Main.version()))
                .capabilities(ClientCapabilities.builder()
                        .extensions(Map.of(ConditionalReads.EXTENSION, JsonValue.EMPTY_JSON_OBJECT)).build())
                .callTimeout(timeout())
                .limits(Target.limits(args, reads))).build();
    }

    /** Connects to the server the command line names, to read listings and metadata. @see Target#connect */
    McpClient connect(Target target) {
        return connect(target, clientOptions(Target.Reads.LISTINGS));
    }

    /**
     * Connects with {@code options}, authorized by OAuth for an http(s) server ({@link CliAuth}); with
     * {@code --debug}, says on stderr which revision was chosen and why.
     */
    McpClient connect(Target target, ClientOptions options) {
        String scheme = target.uri().getScheme() == null ? "" : target.uri().getScheme().toLowerCase(Locale.ROOT);
        McpClient client = scheme.equals("http") || scheme.equals("https")
                ? CliAuth.connect(target, options, CliAuth.client(args, err)) : target.connect(options);
        if (debug()) {
            err.println("jmcp: protocol revision " + client.negotiation().protocolVersion() + ": "
                    + Text.printable(client.negotiation().reason()));
        }
        return client;
    }
}
