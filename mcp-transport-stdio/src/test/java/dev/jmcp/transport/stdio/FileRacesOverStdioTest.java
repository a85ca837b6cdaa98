package dev.jmcp.transport.stdio;

import static dev.jmcp.transport.stdio.Requests.stateless;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Instant;
import java.util.Base64;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A served file replaced after the server has handled its read but before the answer is written,
 * against a real server process over stdio. The answer is held back by a full pipe: the test reads
 * nothing until a large answer fills it, so the writer is stuck in that answer while the next read
 * is handled; the test waits until the server holds the file open (seen in {@code /proc}), swaps it,
 * then reads. The answer must carry the bytes of the file the server opened.
 */
// a separate thread: a read from the server's pipe cannot be interrupted; killing the server ends it
@Timeout(value = 30, unit = TimeUnit.SECONDS, threadMode = Timeout.ThreadMode.SEPARATE_THREAD)
class FileRacesOverStdioTest {
    private static final byte[] INSIDE = {0, 1, 2, 3, (byte) 0xFF, 0, 42};
    private static final int PIPE_FULL = 60_000; // Linux pipes hold 64 KiB

    @TempDir
    Path dir;
    Path root;
    Path data;
    Path secret;
    Process server;
    BufferedReader lines;

    @BeforeEach
    void serveAFolderWithABigFileAndASecretBesideIt() throws IOException {
        root = Files.createDirectory(dir.resolve("root")).toRealPath();
        secret = Files.write(dir.resolve("secret.bin"), new byte[] {9, 9, 9, 0, 9});
        data = Files.write(root.resolve("data.bin"), INSIDE);
        // settled: a file written in the last seconds has its content hashed for its version, an open of
        // its own that awaitOpen could take for the read's, so the swap could come before the read opens it
        Files.setLastModifiedTime(data, FileTime.from(Instant.now().minusSeconds(60)));
        byte[] big = new byte[2 << 20]; // zeros: served as a blob, far more than a pipe holds
        Files.write(root.resolve("big.bin"), big);
        server = new ProcessBuilder(ChildProcesses.java(StatelessServerMain.class, root.toString()))
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        lines = new BufferedReader(new InputStreamReader(server.getInputStream(), StandardCharsets.UTF_8));
    }

    @AfterEach
    void stop() throws InterruptedException {
        server.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }

    private String uri(String name) {
        return root.toUri().toString() + name;
    }

    private void send(String line) throws IOException {
        OutputStream in = server.getOutputStream();
        in.write((line + "\n").getBytes(StandardCharsets.UTF_8));
        in.flush();
    }

    private JsonObject next() throws IOException {
        String line = lines.readLine();
        if (line == null) {
            throw new AssertionError("the server closed its output");
        }
        return Json.createReader(new StringReader(line)).readObject();
    }

    /** Sends a read of big.bin and waits until its answer fills the pipe: the writer is then stuck in it. */
    private void blockTheWriter() throws Exception {
        send(stateless(1, "resources/read", "\"uri\":\"" + uri("big.bin") + "\""));
        for (int i = 0; i < 200 && server.getInputStream().available() < PIPE_FULL; i++) {
            Thread.sleep(50); // the poll's interval (10 s in all): a pipe's fill level has nothing to wait on
        }
        assertTrue(server.getInputStream().available() >= PIPE_FULL, "the big answer did not fill the pipe");
    }

    /**
     * Waits until the server process has {@code file} open, which a fixed server does while it handles
     * the read. A server that opens the file only when it writes the answer never does: then the wait
     * ends after 5 s and the test goes on, to show what such a server sends.
     */
    private void awaitOpen(Path file) throws Exception {
        Path fds = Path.of("/proc", Long.toString(server.pid()), "fd");
        for (int i = 0; i < 100; i++) {
            try (Stream<Path> open = Files.list(fds)) {
                if (open.anyMatch(fd -> file.equals(target(fd)))) {
                    return;
                }
            }
            Thread.sleep(50); // the poll's interval (5 s in all): another process's open files have nothing to wait on
        }
    }

    private static Path target(Path fd) {
        try {
            return Files.readSymbolicLink(fd);
        } catch (IOException closedMeanwhile) {
            return null;
        }
    }

    /** Reads the answers to the big read and to the read of data.bin; then the session must still answer. */
    private void assertTheOpenedBytesAreSent() throws IOException {
        assertEquals(1, next().getInt("id"));
        JsonObject answer = next();
        assertEquals(2, answer.getInt("id"), answer::toString);
        assertTrue(answer.containsKey("result"), answer::toString);
        JsonObject contents = answer.getJsonObject("result").getJsonArray("contents").getJsonObject(0);
        assertArrayEquals(INSIDE, Base64.getDecoder().decode(contents.getString("blob")));
        assertEquals(INSIDE.length, contents.getInt("size"));
        send(stateless(3, "resources/list", ""));
        assertTrue(next().containsKey("result"), "the session stopped answering");
    }

    @Test
    void aFileSwappedForALinkToOutsideBeforeTheAnswerIsWrittenSendsTheOpenedBytes() throws Exception {
        blockTheWriter();
        send(stateless(2, "resources/read", "\"uri\":\"" + uri("data.bin") + "\""));
        awaitOpen(data);

        Files.delete(data);
        Files.createSymbolicLink(data, secret);

        assertTheOpenedBytesAreSent();
    }

    @Test
    void aFileSwappedForAPipeBeforeTheAnswerIsWrittenSendsTheOpenedBytes() throws Exception {
        blockTheWriter();
        send(stateless(2, "resources/read", "\"uri\":\"" + uri("data.bin") + "\""));
        awaitOpen(data);

        Files.delete(data);
        Process mkfifo = new ProcessBuilder("mkfifo", data.toString()).inheritIO().start();
        assertTrue(mkfifo.waitFor(10, TimeUnit.SECONDS) && mkfifo.exitValue() == 0, "mkfifo failed");

        assertTheOpenedBytesAreSent(); // the process is killed afterwards, which ends any open of the pipe
    }
}
