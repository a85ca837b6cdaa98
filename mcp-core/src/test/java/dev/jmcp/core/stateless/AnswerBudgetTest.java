package dev.jmcp.core.stateless;

import static dev.jmcp.core.stateless.Requests.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.providers.FileSystemResourceProvider;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.spi.Budget;
import dev.jmcp.core.spi.ResourceProvider;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * What a read makes for its answer counts against the transport's answer budget from the moment it
 * is made until the answer has been written, and comes back then: a read that does not fit is
 * refused with {@code -32603} naming the setting, and nothing is left held.
 */
class AnswerBudgetTest {
    private static final String TEXT = "x".repeat(600);

    @TempDir
    Path dir;
    private McpServer server;
    private final Budget budget = Budget.of("maxResponseBytesInMemory", 1000);
    private final RawPeer peer = new RawPeer().answerBudget(budget);

    private void serve(ResourceProvider provider) {
        server = McpServer.builder().serverInfo("test-server", "1").resourceProvider(provider).build();
        server.serve(peer);
    }

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aTextHeldUntilItsAnswerIsWrittenLeavesNoRoomForASecondAndComesBackAfter() throws Exception {
        serve(InMemoryResourceProvider.create("notes")
                .addText(Resource.builder("mem://a", "a").mimeType("text/plain").build(), TEXT));
        RawPeer.Gate held = peer.holdNextSend();
        peer.send(request(1, "resources/read", "\"uri\":\"mem://a\""));
        assertTrue(held.reached.await(10, TimeUnit.SECONDS), "the first answer is waiting to be written");
        assertEquals(600, budget.used(), "its text counts while it waits");

        JsonObject refused = peer.call(request(2, "resources/read", "\"uri\":\"mem://a\""));
        assertEquals(-32603, refused.getJsonObject("error").getInt("code"), refused::toString);
        assertTrue(refused.getJsonObject("error").getString("message").contains("maxResponseBytesInMemory=1000"),
                refused::toString);
        assertEquals("maxResponseBytesInMemory", refused.getJsonObject("error").getJsonObject("data").getString("setting"));

        held.released.countDown();
        JsonObject first = peer.next();
        assertEquals(TEXT, first.getJsonObject("result").getJsonArray("contents").getJsonObject(0).getString("text"));
        await("everything given back once the answers are written", () -> budget.used() == 0);
        JsonObject third = peer.call(request(3, "resources/read", "\"uri\":\"mem://a\""));
        assertTrue(third.containsKey("result"), third::toString);
        await("and again", () -> budget.used() == 0);
    }

    @Test
    void aFileIsChargedBeforeItIsReadSoOneThatCannotFitIsRefusedByName() throws Exception {
        Path root = dir.toRealPath();
        Files.writeString(root.resolve("small.txt"), "x".repeat(400));
        Files.writeString(root.resolve("large.txt"), TEXT);
        serve(FileSystemResourceProvider.of(root));

        JsonObject small = peer.call(request(1, "resources/read", "\"uri\":\"" + root.resolve("small.txt").toUri() + "\""));
        assertTrue(small.containsKey("result"), "its bytes and its text fit together: " + small);
        JsonObject large = peer.call(request(2, "resources/read", "\"uri\":\"" + root.resolve("large.txt").toUri() + "\""));
        assertEquals(-32603, large.getJsonObject("error").getInt("code"), large::toString);
        assertTrue(large.getJsonObject("error").getString("message").contains("maxResponseBytesInMemory=1000"),
                large::toString);
        await("nothing is left held", () -> budget.used() == 0);
    }

    @Test
    void aStreamedTextHoldsOnlyItsBuffersUntilItsAnswerIsWritten() throws Exception {
        Path root = dir.toRealPath();
        String big = "a line of a large text, streamed from its file\n".repeat(50_000); // 2.4 MB
        Files.writeString(root.resolve("big.txt"), big);
        String uri = root.resolve("big.txt").toUri().toString();
        Budget room = Budget.of("maxResponseBytesInMemory", 200_000); // one streamed text's buffers, not two
        RawPeer streaming = new RawPeer().answerBudget(room);
        server = McpServer.builder().serverInfo("test-server", "1").resourceProvider(FileSystemResourceProvider.of(root))
                .build();
        server.serve(streaming);

        RawPeer.Gate held = streaming.holdNextSend();
        streaming.send(request(1, "resources/read", "\"uri\":\"" + uri + "\""));
        assertTrue(held.reached.await(10, TimeUnit.SECONDS), "the first answer is waiting to be written");
        assertEquals(112 * 1024, room.used(), "its two buffers count while it waits, not its 2.4 MB");

        JsonObject refused = streaming.call(request(2, "resources/read", "\"uri\":\"" + uri + "\""));
        assertTrue(refused.getJsonObject("error").getString("message").contains("maxResponseBytesInMemory=200000"),
                refused::toString);

        held.released.countDown();
        JsonObject first = streaming.next();
        assertEquals(big, first.getJsonObject("result").getJsonArray("contents").getJsonObject(0).getString("text"));
        await("everything given back once the answer is written", () -> room.used() == 0);
    }

    private static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 10 s: " + what);
            }
            Thread.sleep(5); // the poll's interval, for state that offers nothing to wait on
        }
    }
}
