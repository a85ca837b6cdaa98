package dev.jmcp.transport.stdio;

import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

/**
 * The client end of a real child process, as raw JSON-RPC lines: what the test sends is written to
 * the child's stdin byte for byte, and what the child writes to its stdout comes back as JSON, so
 * that the tests assert the wire and not our client's reading of it. A line on stdout that is not a
 * JSON-RPC 2.0 message fails the next read. Not thread-safe: one test thread drives it.
 */
final class LinePeer implements AutoCloseable {
    /** Long enough for a JVM to start on a busy machine; a test that passes never waits this long. */
    static final Duration WAIT = Duration.ofSeconds(30);
    /** The member of a marker object that stands for a line that was not protocol. */
    private static final String NOT_PROTOCOL = "line-peer/not-protocol";

    private final Process process;
    private final OutputStream stdin;
    private final BlockingQueue<JsonObject> received = new LinkedBlockingQueue<>();
    private final StringBuffer stderr = new StringBuffer();
    private final Thread stdoutReader;
    private final Thread stderrReader;

    private LinePeer(Process process) {
        this.process = process;
        this.stdin = process.getOutputStream();
        this.stdoutReader = daemon("line-peer-stdout", () -> readStdout(process.getInputStream()));
        this.stderrReader = daemon("line-peer-stderr", () -> readStderr(process.getErrorStream()));
    }

    /** Starts {@code command}; the caller closes the peer, which ends the child however it must. */
    static LinePeer start(List<String> command) throws IOException {
        return new LinePeer(new ProcessBuilder(command).start());
    }

    /** Writes {@code json} and a newline to the child's stdin. */
    void send(String json) throws IOException {
        if (json.indexOf('\n') >= 0 || json.indexOf('\r') >= 0) {
            throw new IllegalArgumentException("a stdio message must not contain a newline: " + json);
        }
        stdin.write((json + "\n").getBytes(StandardCharsets.UTF_8));
        stdin.flush();
    }

    /** @return the next message the child wrote; fails when none comes within {@link #WAIT} */
    JsonObject next() throws InterruptedException {
        JsonObject message = poll(WAIT.toMillis());
        if (message == null) {
            throw new AssertionError("the child wrote nothing within " + WAIT + "; alive=" + process.isAlive()
                    + "; stderr:\n" + stderr);
        }
        return message;
    }

    /** @return the next message, or null when none comes within {@code millis} */
    JsonObject poll(long millis) throws InterruptedException {
        JsonObject message = received.poll(millis, TimeUnit.MILLISECONDS);
        if (message != null && message.containsKey(NOT_PROTOCOL)) {
            throw new AssertionError("the child wrote a line that is not a JSON-RPC message: "
                    + message.getString(NOT_PROTOCOL));
        }
        return message;
    }

    /**
     * Sends a request and returns the child's next message, which must be the response to it: on
     * these connections nothing else is expected in between.
     */
    JsonObject call(String request) throws IOException, InterruptedException {
        JsonValue id = parse(request).get("id");
        send(request);
        JsonObject message = next();
        if (!id.equals(message.get("id")) || message.containsKey("method")) {
            throw new AssertionError("expected the response to " + id + ", got " + message);
        }
        return message;
    }

    /** @return what the child wrote to stderr so far */
    String stderr() {
        return stderr.toString();
    }

    /** @return the child's process */
    Process process() {
        return process;
    }

    /**
     * Ends the child as a client should: closes its stdin and waits a little, then kills it (and its
     * children) if it is still there.
     */
    @Override
    public void close() throws InterruptedException {
        try {
            stdin.close();
        } catch (IOException alreadyGone) {
            // the child has exited
        }
        if (!process.waitFor(5, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(5, TimeUnit.SECONDS);
        }
        stdoutReader.join(5_000);
        stderrReader.join(5_000);
    }

    // ---- readers ----

    private void readStdout(InputStream out) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(out, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                received.add(message(line));
            }
        } catch (IOException ended) {
            // the child has gone
        }
    }

    private static JsonObject message(String line) {
        try {
            JsonObject message = parse(line);
            if ("2.0".equals(message.getString("jsonrpc", null))) {
                return message;
            }
        } catch (JsonException | ClassCastException notJson) {
            // reported below
        }
        return Json.createObjectBuilder().add(NOT_PROTOCOL, line).build();
    }

    private void readStderr(InputStream err) {
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(err, StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                stderr.append(line).append('\n');
            }
        } catch (IOException ended) {
            // the child has gone
        }
    }

    static JsonObject parse(String json) {
        try (var reader = Json.createReader(new StringReader(json))) {
            return reader.readObject();
        }
    }

    private static Thread daemon(String name, Runnable task) {
        Thread thread = new Thread(task, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }
}
