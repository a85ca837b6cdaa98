package dev.jmcp.core.stateless;

import static dev.jmcp.core.stateless.TasksTest.await;
import static dev.jmcp.core.stateless.TasksTest.awaitStatus;
import static dev.jmcp.core.stateless.TasksTest.taskId;
import static dev.jmcp.core.stateless.TasksTest.withTasks;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.resources.ResourceSettings;
import dev.jmcp.core.spi.Budget;
import dev.jmcp.core.tasks.TaskSettings;
import dev.jmcp.schema.resources.Blob;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Base64;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A {@code resources/read} of a large blob runs as a task: its bytes are read while the client
 * polls, kept with the task and charged to the transport's answer budget
 * ({@code maxResponseBytesInMemory}); cancelled midway, the task gives back every byte it held and
 * closes the file it was reading.
 */
class LargeReadTaskTest {
    private static final int MIB = 1 << 20;

    @TempDir
    Path dir;
    private Budget budget = Budget.of("maxResponseBytesInMemory", 64L * MIB);
    private RawPeer peer = new RawPeer().answerBudget(budget);
    private McpServer server;
    private final AtomicBoolean opened = new AtomicBoolean();
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AtomicLong read = new AtomicLong();
    /** Reached once the read is {@link #PAUSE} bytes in; the file then waits for {@link #resume}. */
    private final CountDownLatch paused = new CountDownLatch(1);
    private final CountDownLatch resume = new CountDownLatch(1);
    private static final long PAUSE = 2L * MIB;

    @AfterEach
    void close() {
        resume.countDown();
        if (server != null) {
            server.close();
        }
    }

    /** A real file of {@code length} bytes, served as a blob whose stream is watched and can be held midway. */
    private Path serve(long length, boolean hold) throws IOException {
        Path file = dir.resolve("large.bin");
        byte[] chunk = new byte[MIB];
        for (int i = 0; i < chunk.length; i++) {
            chunk[i] = (byte) (i % 251);
        }
        try (var out = Files.newOutputStream(file)) {
            for (long done = 0; done < length; done += MIB) {
                out.write(chunk, 0, (int) Math.min(MIB, length - done));
            }
        }
        Blob blob = Blob.ofStream(() -> watched(Files.newInputStream(file), hold), length);
        InMemoryResourceProvider provider = InMemoryResourceProvider.create("files")
                .addBlob(Resource.builder("mem://large.bin", "large.bin").mimeType("application/octet-stream")
                        .size(length).build(), blob);
        server = McpServer.builder().serverInfo("test-server", "1").resourceProvider(provider)
                .resourceSettings(ResourceSettings.builder().readAsTaskAboveBytes(MIB).build())
                .tasks(TaskSettings.defaults()).build();
        server.serve(peer);
        return file;
    }

    private InputStream watched(InputStream file, boolean hold) {
        opened.set(true);
        return new FilterInputStream(file) {
            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                if (hold && read.get() >= PAUSE) {
                    paused.countDown();
                    try {
                        resume.await(30, TimeUnit.SECONDS);
                    } catch (InterruptedException e) {
                        throw new InterruptedIOException("interrupted while held");
                    }
                }
                int n = super.read(b, off, len);
                if (n > 0) {
                    read.addAndGet(n);
                }
                return n;
            }

            @Override
            public void close() throws IOException {
                closed.set(true);
                super.close();
            }
        };
    }

    @Test
    void aLargeReadCancelledMidwayGivesBackWhatItHeldAndClosesItsFile() throws Exception {
        long length = 8L * MIB;
        serve(length, true);
        JsonObject created = peer.call(withTasks(1, "resources/read", "\"uri\":\"mem://large.bin\"")).getJsonObject("result");
        assertEquals("task", created.getString("resultType"), created::toString);
        assertFalse(created.containsKey("cacheScope"), "a task carries no caching hint: " + created);
        String id = created.getString("taskId");

        assertTrue(paused.await(10, TimeUnit.SECONDS), "the read got midway");
        assertTrue(opened.get() && !closed.get(), "the file is open while the task reads it");
        long held = budget.used();
        assertTrue(held >= PAUSE && held < length * 2, "what was read so far is held, encoded: " + held);
        assertEquals("working", peer.call(withTasks(2, "tasks/get", taskId(id))).getJsonObject("result").getString("status"));

        JsonObject ack = peer.call(withTasks(3, "tasks/cancel", taskId(id))).getJsonObject("result");
        assertEquals("complete", ack.getString("resultType"));
        resume.countDown();
        await("the file closed", closed::get);
        await("everything held given back", () -> budget.used() == 0);
        assertTrue(read.get() < length, "the read stopped midway: " + read.get() + " of " + length);
        JsonObject after = peer.call(withTasks(4, "tasks/get", taskId(id))).getJsonObject("result");
        assertEquals("cancelled", after.getString("status"));
        assertFalse(after.containsKey("result"), after::toString);
    }

    @Test
    void aResultLargerThanTheAnswerBudgetFailsTheTaskByTheBudgetsName() throws Exception {
        budget = Budget.of("maxResponseBytesInMemory", MIB);
        peer = new RawPeer().answerBudget(budget);
        serve(2L * MIB, false);
        String id = peer.call(withTasks(1, "resources/read", "\"uri\":\"mem://large.bin\"")).getJsonObject("result")
                .getString("taskId");
        JsonObject error = awaitStatus(peer, id, "failed").getJsonObject("error");
        assertEquals(-32603, error.getInt("code"), error::toString);
        assertTrue(error.getString("message").contains("maxResponseBytesInMemory=" + MIB), error::toString);
        await("the file closed", closed::get);
        await("nothing is left held", () -> budget.used() == 0);
    }

    @Test
    void aLargeReadAsATaskEndsWithTheWholeBlobHeldUntilTheServerCloses() throws Exception {
        long length = 3L * MIB + 5;
        Path file = serve(length, false);
        String id = peer.call(withTasks(1, "resources/read", "\"uri\":\"mem://large.bin\"")).getJsonObject("result")
                .getString("taskId");
        JsonObject contents = awaitStatus(peer, id, "completed").getJsonObject("result").getJsonArray("contents").getJsonObject(0);
        assertEquals("mem://large.bin", contents.getString("uri"));
        assertTrue(Arrays.equals(Files.readAllBytes(file), Base64.getDecoder().decode(contents.getString("blob"))),
                "the blob, whole");
        assertTrue(closed.get(), "the file was closed once read");
        assertTrue(budget.used() >= length, "the result is kept with the task, counted: " + budget.used());
        server.close();
        assertEquals(0, budget.used(), "and given back when the server drops its tasks");
    }
}
