package dev.jmcp.cli.scale;

import dev.jmcp.cli.Cli;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One replica: a real {@code jmcp serve --postgres URL --http 127.0.0.1:0} process, its port read from its standard error. */
final class Replica implements AutoCloseable {
    private static final Pattern SERVING = Pattern.compile("at http://127\\.0\\.0\\.1:(\\d+)/mcp");

    final String name;
    final Process process;
    final int port;
    private final StringBuffer stderr = new StringBuffer();

    private Replica(String name, Process process, int port) {
        this.name = name;
        this.process = process;
        this.port = port;
    }

    /**
     * @param name    the replica's name, its session ids' prefix ({@code r1})
     * @param options more options of jmcp serve
     */
    static Replica start(String name, List<String> jvmOptions, List<String> options) throws Exception {
        List<String> command = Cli.command(jvmOptions.toArray(String[]::new));
        command.addAll(List.of("serve", "--http", "127.0.0.1:0", "--set", "sessionIdPrefix=" + name + "-"));
        command.addAll(options);
        Process process = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        CompletableFuture<Integer> port = new CompletableFuture<>();
        StringBuffer log = new StringBuffer();
        Thread reader = new Thread(() -> {
            try (BufferedReader lines = new BufferedReader(new InputStreamReader(process.getErrorStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = lines.readLine()) != null; ) {
                    log.append(line).append('\n');
                    Matcher serving = SERVING.matcher(line);
                    if (serving.find()) {
                        port.complete(Integer.parseInt(serving.group(1)));
                    }
                }
            } catch (IOException ignored) {
                // the process ended
            }
            port.completeExceptionally(new IllegalStateException("replica " + name + " ended before serving:\n" + log));
        }, "replica-" + name + "-stderr");
        reader.setDaemon(true);
        reader.start();
        try {
            Replica replica = new Replica(name, process, port.get(60, TimeUnit.SECONDS));
            replica.stderr.append(log);
            return replica;
        } catch (Exception e) {
            process.destroyForcibly();
            throw e;
        }
    }

    String address() {
        return "127.0.0.1:" + port;
    }

    /** Kills it at once, as a crash would. */
    void kill() throws InterruptedException {
        process.destroyForcibly();
        process.waitFor(30, TimeUnit.SECONDS);
    }

    @Override
    public void close() throws InterruptedException {
        List<ProcessHandle> children = new ArrayList<>(process.descendants().toList());
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly();
        }
        children.forEach(ProcessHandle::destroyForcibly);
    }
}
