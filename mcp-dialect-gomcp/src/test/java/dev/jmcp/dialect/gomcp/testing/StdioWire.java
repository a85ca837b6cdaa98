package dev.jmcp.dialect.gomcp.testing;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/** gomcp's stdio: newline-delimited JSON to a child process's stdin and from its stdout. */
public final class StdioWire implements Wire {
    private final Process process;
    private final OutputStream stdin;
    private final StringBuffer stderr = new StringBuffer();

    public StdioWire(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        Thread drain = new Thread(() -> {
            try (BufferedReader err = new BufferedReader(new InputStreamReader(process.getErrorStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = err.readLine()) != null; ) {
                    stderr.append(line).append('\n');
                }
            } catch (IOException gone) {
                // the child is gone
            }
        }, "gomcp-test-stderr");
        drain.setDaemon(true);
        drain.start();
    }

    @Override
    public void start(Consumer<String> sink, Runnable ended) {
        Thread reader = new Thread(() -> {
            try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
                    StandardCharsets.UTF_8))) {
                for (String line; (line = out.readLine()) != null; ) {
                    sink.accept(line);
                }
            } catch (IOException gone) {
                // the child is gone
            }
            ended.run();
        }, "gomcp-test-stdout");
        reader.setDaemon(true);
        reader.start();
    }

    @Override
    public synchronized void send(String json) throws IOException {
        stdin.write((json + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    @Override
    public String diagnostics() {
        return stderr.toString();
    }

    @Override
    public void close() {
        try {
            stdin.close(); // the server ends when its client goes
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (IOException | InterruptedException e) {
            process.destroyForcibly();
        }
    }
}
