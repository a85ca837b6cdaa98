package dev.jmcp.cli;

/**
 * The exit codes of {@code jmcp}, as {@code jmcp --help} lists them. Scripts may rely on them.
 */
final class Exit {
    /** Done. */
    static final int OK = 0;
    /** The server answered with an error (such as "resource not found"), or did not answer in time. */
    static final int PROTOCOL = 1;
    /** The command line is wrong, or asks for something this command does not do (a blob on a terminal). */
    static final int USAGE = 2;
    /** The server could not be started or reached, the connection was lost, or an address could not be served. */
    static final int CONNECT = 3;
    /** A local file or standard output could not be written. */
    static final int IO = 4;
    /** A bound of jmcp ({@code --max-pages}) stopped a listing before its end; what came is printed. */
    static final int INCOMPLETE = 5;
    /** The command cannot run: the {@code ./jmcp} script could not build it, or no JSON provider is on its module path. */
    static final int SETUP = 6;
    /** {@code read --if-changed VERSION}: the resource still has VERSION; nothing was written. */
    static final int NOT_MODIFIED = 7;
    /** Stopped by SIGINT or SIGTERM ({@code watch}, {@code serve --http}); the JVM reports 130 or 143. */
    static final int INTERRUPTED = 130;

    private Exit() {
    }
}
