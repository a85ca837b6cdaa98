package dev.jmcp.cli.badinput;

import dev.jmcp.cli.Cli;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** A real {@code jmcp serve} child process, whose standard error is kept for failure messages. */
public final class ServeProcess implements AutoCloseable {
    private static final String SERVING = "jmcp: serving ";

    private final Process process;
    private final StringBuffer stderr = new StringBuffer();
    private final CompletableFuture<URI> served = new CompletableFuture<>();

    /** Starts {@code jmcp serve --root ROOT OPTIONS}. @param onErrLine as in {@link #ServeProcess(List, Consumer)} */
    public ServeProcess(Path root, List<String> options, Consumer<String> onErrLine) throws IOException {
        this(concat(List.of("--root", root.toString()), options), onErrLine);
    }

    /**
     * Starts {@code jmcp serve ARGUMENTS}.
     *
     * @param onErrLine called with each line of its standard error, on a thread of its own
     */
    public ServeProcess(List<String> arguments, Consumer<String> onErrLine) throws IOException {
        List<String> command = Cli.command();
        command.add("serve");
        command.addAll(arguments);
        process = new ProcessBuilder(command).start();
        Thread drain = new Thread(() -> {
            try (BufferedReader err = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = err.readLine(); line != null; line = err.readLine()) {
                    stderr.append(line).append('\n');
                    URI at = servedAt(line);
                    if (at != null) {
                        served.complete(at);
                    }
                    onErrLine.accept(line);
                }
            } catch (IOException e) {
                // the process ended
            }
        }, "jmcp-serve-stderr");
        drain.setDaemon(true);
        drain.start();
        process.onExit().thenRun(() -> served.completeExceptionally(new AssertionError("jmcp serve ended\n" + log())));
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> both = new ArrayList<>(first);
        both.addAll(second);
        return both;
    }

    /** @return the address {@code jmcp serve --http} says it serves at, once it says so (at most a minute) */
    public URI address() throws Exception {
        return served.get(60, TimeUnit.SECONDS);
    }

    public Process process() {
        return process;
    }

    boolean alive() {
        return process.isAlive();
    }

    public String log() {
        return "--- jmcp serve's standard error:\n" + stderr;
    }

    /** @return the address a line of {@code jmcp serve --http}'s standard error says it serves at; null for another line */
    private static URI servedAt(String line) {
        int at = line.indexOf(" at http://");
        return line.startsWith(SERVING) && at > 0 ? URI.create(line.substring(at + 4, line.indexOf(' ', at + 4))) : null;
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
