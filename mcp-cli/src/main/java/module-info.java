/**
 * The {@code jmcp} command: {@code jmcp serve} serves a folder (and, with {@code --skills}, a folder
 * of Agent Skills by the Skills extension of {@code dev.jmcp.skills}) over MCP, {@code jmcp ls},
 * {@code read}, {@code meta}, {@code tree} and {@code watch} browse the resources of any MCP
 * server, and {@code jmcp skills} lists and gets its skills. Run it as {@code java -p DIR -m dev.jmcp.cli/dev.jmcp.cli.Main}, or through the
 * {@code ./jmcp} script at the root of the repository. It exports nothing.
 *
 * <p>Transports: the module names no transport. Core {@code uses}
 * {@link dev.jmcp.core.spi.TransportProvider}, so every transport module on the module path
 * ({@code dev.jmcp.transport.stdio} for {@code stdio:} URIs, {@code dev.jmcp.transport.netty} for
 * {@code http:} and {@code https:}) is bound by service binding;
 * this module also {@code uses} it, only to tell a missing transport from a failed connection.
 *
 * <p>Resource providers: {@code jmcp serve --discover} serves one from each
 * {@link dev.jmcp.core.spi.ResourceProviderFactory} on the module path (core finds them); this
 * module {@code uses} it too, to check {@code --provider-setting} against the factories found and to
 * list them in {@code jmcp serve --help}. The {@code ./jmcp} script appends
 * {@code $JMCP_MODULE_PATH} to the module path, for a user's provider jars.
 *
 * <p>{@code jmcp serve --postgres JDBC_URL} serves a PostgreSQL table through
 * {@code dev.jmcp.postgres}, over a small HikariCP pool the command builds.
 *
 * <p>Knobs: the system properties {@code jmcp.stdin.tty}, {@code jmcp.stdout.tty} and
 * {@code jmcp.stderr.tty} ({@code true} or {@code false}) say whether standard input, output and
 * error are terminals; the {@code ./jmcp} script sets them from {@code [ -t 0 ]}, {@code [ -t 1 ]}
 * and {@code [ -t 2 ]}. Unset, the
 * command asks {@code /proc/self/fd} (Linux), and else {@link java.io.Console}. Logging goes
 * through {@code System.Logger} to {@code java.util.logging}, which the command sets up: warnings
 * as one line on standard error, everything with stack traces under {@code --debug}.
 */
module dev.jmcp.cli {
    requires dev.jmcp.core;
    requires dev.jmcp.auth; // jmcp auth and OAuth for http(s) servers; jmcp serve --auth-issuer's verifiers
    requires dev.jmcp.postgres;
    requires com.zaxxer.hikari;
    requires dev.jmcp.skills;
    requires java.logging;

    uses dev.jmcp.core.spi.TransportProvider;
    uses dev.jmcp.core.spi.ResourceProviderFactory;
}
