package dev.jmcp.cli.load;

import dev.jmcp.cli.Cli;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

/**
 * The real {@code jmcp serve} in a child JVM of {@code -Xmx256m}, as a user runs it, with its stderr
 * kept line by line, so that a test can say whether it ever ran out of memory.
 */
final class SmallHeapServer implements AutoCloseable {
    private final Process process;
    private final List<String> log = new CopyOnWriteArrayList<>();

    private SmallHeapServer(Process process) {
        this.process = process;
    }

    /** @return {@code jmcp serve ARGS} over HTTP at a free port, once it says it listens there */
    static SmallHeapServer http(String... args) throws Exception {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        List<String> command = new ArrayList<>(Cli.command("-Xmx256m"));
        command.add("serve");
        command.addAll(List.of(args));
        command.addAll(List.of("--http", "127.0.0.1:" + port));
        SmallHeapServer server = new SmallHeapServer(new ProcessBuilder(command).redirectErrorStream(true).start());
        server.pump(server.process.getInputStream(), "http://127.0.0.1:" + port).get(30, TimeUnit.SECONDS);
        server.port = port;
        return server;
    }

    /** @return {@code jmcp serve ARGS} over stdio; its stdout is the test's to read */
    static SmallHeapServer stdio(String... args) throws IOException {
        List<String> command = new ArrayList<>(Cli.command("-Xmx256m"));
        command.add("serve");
        command.addAll(List.of(args));
        SmallHeapServer server = new SmallHeapServer(new ProcessBuilder(command).start());
        server.pump(server.process.getErrorStream(), null);
        return server;
    }

    private int port;

    int port() {
        return port;
    }

    Process process() {
        return process;
    }

    /** @return the child's log so far */
    List<String> log() {
        return List.copyOf(log);
    }

    /** @return whether the log so far shows an {@code OutOfMemoryError} */
    boolean ranOutOfMemory() {
        return log.stream().anyMatch(line -> line.contains("OutOfMemoryError"));
    }

    /** Copies {@code output} into the log; the future completes once a line holds {@code ready} (at once without one). */
    private CompletableFuture<Void> pump(java.io.InputStream output, String ready) {
        CompletableFuture<Void> seen = new CompletableFuture<>();
        if (ready == null) {
            seen.complete(null);
        }
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(output, StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    log.add(line);
                    if (ready != null && line.contains(ready)) {
                        seen.complete(null);
                    }
                }
            } catch (IOException e) {
                log.add("reading the server's log failed: " + e);
            }
            seen.completeExceptionally(new AssertionError("the server ended: " + String.join("\n", log)));
        }, "server-log");
        reader.setDaemon(true);
        reader.start();
        return seen;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
        }
    }
}
