package dev.jmcp.cli.badinput;

import dev.jmcp.cli.Cli;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** A real {@code jmcp serve --root ROOT OPTIONS} child process, whose standard error is kept for failure messages. */
final class ServeProcess implements AutoCloseable {
    private final Process process;
    private final StringBuffer stderr = new StringBuffer();

    /** @param onErrLine called with each line of its standard error, on a thread of its own */
    ServeProcess(Path root, List<String> options, Consumer<String> onErrLine) throws IOException {
        List<String> command = Cli.command();
        command.addAll(List.of("serve", "--root", root.toString()));
        command.addAll(options);
        process = new ProcessBuilder(command).start();
        Thread drain = new Thread(() -> {
            try (BufferedReader err = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                    StandardCharsets.UTF_8))) {
                for (String line = err.readLine(); line != null; line = err.readLine()) {
                    stderr.append(line).append('\n');
                    onErrLine.accept(line);
                }
            } catch (IOException e) {
                // the process ended
            }
        }, "jmcp-serve-stderr");
        drain.setDaemon(true);
        drain.start();
    }

    Process process() {
        return process;
    }

    boolean alive() {
        return process.isAlive();
    }

    String log() {
        return "--- jmcp serve's standard error:\n" + stderr;
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
