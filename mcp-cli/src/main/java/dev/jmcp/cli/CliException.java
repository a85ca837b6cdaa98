package dev.jmcp.cli;

/**
 * A failure that ends the command with one line on standard error and an exit code of {@link Exit}.
 */
final class CliException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int exitCode;

    CliException(int exitCode, String message) {
        this(exitCode, message, null);
    }

    CliException(int exitCode, String message, Throwable cause) {
        super(message, cause);
        this.exitCode = exitCode;
    }

    static CliException usage(String message) {
        return new CliException(Exit.USAGE, message);
    }

    int exitCode() {
        return exitCode;
    }
}
