package dev.jmcp.cli;

import java.io.Console;
import java.io.IOException;
import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Whether standard input, standard output and standard error are terminals.
 *
 * <p>Java has no {@code isatty}: {@link System#console()} answers for standard input and output
 * together (and from JDK 22 it exists even when they are redirected), and nothing answers for
 * standard error alone. So each stream is decided, in this order, by
 * <ol>
 *   <li>the system property {@code jmcp.stdin.tty} / {@code jmcp.stdout.tty} /
 *       {@code jmcp.stderr.tty} ({@code true} or {@code false}), which the {@code ./jmcp} script
 *       sets from the shell's {@code [ -t 0 ]}, {@code [ -t 1 ]} and {@code [ -t 2 ]}: exact, on
 *       every Unix;</li>
 *   <li>else, on Linux, where {@code /proc/self/fd/0}, {@code /1} or {@code /2} points: a terminal device
 *       ({@code /dev/pts/N}, {@code /dev/ttyN}, {@code /dev/console}) or not;</li>
 *   <li>else the console: present (and, from JDK 22, {@code isTerminal()}) counts as a terminal,
 *       for standard error too, which is then a guess.</li>
 * </ol>
 *
 * @param stdin  true when standard input is a terminal: then {@code jmcp serve} says that it waits
 *               for a client there
 * @param stdout true when standard output is a terminal: then blobs are refused without {@code -o}
 * @param stderr true when standard error is a terminal: then long reads show a progress bar
 */
record Terminal(boolean stdin, boolean stdout, boolean stderr) {
    static final String STDIN_PROPERTY = "jmcp.stdin.tty";
    static final String STDOUT_PROPERTY = "jmcp.stdout.tty";
    static final String STDERR_PROPERTY = "jmcp.stderr.tty";

    /** @return the terminals of this process, decided as the class description says */
    static Terminal detect() {
        return new Terminal(isTerminal(0, STDIN_PROPERTY), isTerminal(1, STDOUT_PROPERTY), isTerminal(2, STDERR_PROPERTY));
    }

    private static boolean isTerminal(int fd, String property) {
        String forced = System.getProperty(property);
        if (forced != null && !forced.isBlank()) {
            return Boolean.parseBoolean(forced.strip());
        }
        Path link = Path.of("/proc/self/fd/" + fd);
        if (Files.isSymbolicLink(link)) {
            try {
                return isTerminalDevice(Files.readSymbolicLink(link).toString());
            } catch (IOException | UnsupportedOperationException | SecurityException e) {
                // fall through to the console
            }
        }
        Console console = System.console();
        if (console == null) {
            return false;
        }
        try {
            Method isTerminal = Console.class.getMethod("isTerminal"); // JDK 22+
            return (Boolean) isTerminal.invoke(console);
        } catch (ReflectiveOperationException | RuntimeException e) {
            return true;
        }
    }

    /** @return true for the path of a terminal device, as {@code /proc/self/fd/N} shows it */
    static boolean isTerminalDevice(String target) {
        return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty") || target.equals("/dev/console");
    }
}
