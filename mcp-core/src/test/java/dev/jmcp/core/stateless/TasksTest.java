package dev.jmcp.core.stateless;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.McpServer;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.core.tasks.TaskContext;
import dev.jmcp.core.tasks.TaskSettings;
import dev.jmcp.core.tasks.TaskWork;
import dev.jmcp.core.tasks.Tasks;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The tasks extension through the engine, over a feature that knows nothing of tasks but answers
 * {@code work/run} with {@link TaskWork}: a negotiated request becomes a task that {@code tasks/get}
 * follows to its result, asks input through {@code tasks/update}, and stops on {@code tasks/cancel};
 * one that did not negotiate runs in the request (or is refused, for required work); the bounds
 * refuse a task by their names; a task is another principal's to no one.
 */
class TasksTest {
    private static final String TASKS_META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"t\",\"version\":\"1\"},"
            + "\"io.modelcontextprotocol/clientCapabilities\":{\"extensions\":{\"" + Tasks.EXTENSION + "\":{}}}}";

    private final RawPeer peer = new RawPeer();
    /** Completes the work of {@code work/run {"mode": "wait"}}. */
    private final CompletableFuture<Object> gate = new CompletableFuture<>();
    private final AtomicBoolean stopped = new AtomicBoolean();
    private McpServer server;

    /** {@code work/run}: wait for the gate, ask for input, or run only as a task. */
    private final class WorkFeature implements ServerFeature {
        @Override
        public void declare(ServerCapabilities.Builder capabilities) {
        }

        @Override
        public void register(FeatureHandlers handlers) {
            handlers.requestHandler("work/run", (params, context) -> switch (((JsonObject) params).getString("mode")) {
                case "wait" -> TaskWork.optional(this::waitForGate);
                case "ask" -> TaskWork.optional(task -> task.input(Map.of("a", question("A?"), "b", question("B?")))
                        .thenApply(answers -> text("answered " + answers.keySet().stream().sorted().toList())));
                case "only-task" -> TaskWork.required(task -> text("ran as task " + task.taskId()));
                default -> text("at once");
            });
        }

        private Object waitForGate(TaskContext task) {
            task.onCancel(() -> stopped.set(true));
            return gate;
        }
    }

    private void serve(TaskSettings settings) {
        server = McpServer.builder().serverInfo("test-server", "1").feature(new WorkFeature()).tasks(settings).build();
        server.serve(peer);
    }

    @AfterEach
    void close() {
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aNegotiatedRequestIsAnsweredWithATaskWhoseResultTasksGetInlines() throws Exception {
        serve(TaskSettings.defaults());
        JsonObject created = result(peer.call(withTasks(1, "work/run", "\"mode\":\"wait\"")));
        assertEquals("task", created.getString("resultType"), created::toString);
        assertEquals("working", created.getString("status"));
        assertEquals(TaskSettings.DEFAULT_TTL.toMillis(), created.getJsonNumber("ttlMs").longValue());
        assertEquals(500, created.getInt("pollIntervalMs"));
        assertFalse(created.containsKey("result") || created.containsKey("requestState"), created::toString);
        String id = created.getString("taskId");

        JsonObject working = result(peer.call(withTasks(2, "tasks/get", taskId(id))));
        assertEquals("working", working.getString("status"));
        assertEquals("complete", working.getString("resultType"));
        assertFalse(working.containsKey("result"), working::toString);

        gate.complete(text("done"));
        JsonObject done = awaitStatus(id, "completed");
        assertEquals("done", done.getJsonObject("result").getJsonArray("content").getJsonObject(0).getString("text"));
    }

    @Test
    void cancelIsAcknowledgedEmptyStopsTheWorkAndIsIdempotent() throws Exception {
        serve(TaskSettings.defaults());
        String id = result(peer.call(withTasks(1, "work/run", "\"mode\":\"wait\""))).getString("taskId");
        JsonObject ack = result(peer.call(withTasks(2, "tasks/cancel", taskId(id))));
        assertEquals("complete", ack.getString("resultType"));
        assertFalse(ack.containsKey("taskId") || ack.containsKey("status"), ack::toString);
        assertTrue(stopped.get(), "the work's cancel listener ran");
        assertEquals("cancelled", result(peer.call(withTasks(3, "tasks/get", taskId(id)))).getString("status"));
        gate.complete(text("too late"));
        JsonObject again = result(peer.call(withTasks(4, "tasks/cancel", taskId(id))));
        assertEquals("complete", again.getString("resultType"));
        JsonObject still = result(peer.call(withTasks(5, "tasks/get", taskId(id))));
        assertEquals("cancelled", still.getString("status"));
        assertFalse(still.containsKey("result"), "what the work made after the cancel is not kept: " + still);
    }

    @Test
    void inputIsAskedThroughTheTaskAndEachAnswerTakesItsKey() throws Exception {
        serve(TaskSettings.defaults());
        String id = result(peer.call(withTasks(1, "work/run", "\"mode\":\"ask\""))).getString("taskId");
        JsonObject asking = awaitStatus(id, "input_required");
        assertEquals(2, asking.getJsonObject("inputRequests").size(), asking::toString);
        JsonObject ack = result(peer.call(withTasks(2, "tasks/update", taskId(id)
                + ",\"inputResponses\":{\"a\":{\"action\":\"accept\",\"content\":{}},\"unknown\":{}}")));
        assertEquals("complete", ack.getString("resultType"));
        JsonObject half = result(peer.call(withTasks(3, "tasks/get", taskId(id))));
        assertEquals("input_required", half.getString("status"));
        assertEquals(Set.of("b"), half.getJsonObject("inputRequests").keySet());
        peer.call(withTasks(4, "tasks/update", taskId(id) + ",\"inputResponses\":{\"b\":{\"action\":\"accept\"}}"));
        JsonObject done = awaitStatus(id, "completed");
        assertEquals("answered [a, b]", done.getJsonObject("result").getJsonArray("content").getJsonObject(0).getString("text"));
        JsonObject bad = peer.call(withTasks(5, "tasks/update", taskId(id) + ",\"inputResponses\":[]"));
        assertEquals(-32602, bad.getJsonObject("error").getInt("code"), bad::toString);
        assertTrue(bad.getJsonObject("error").getString("message").contains("params.inputResponses"), bad::toString);
    }

    @Test
    void withoutTheExtensionOptionalWorkRunsInTheRequestRequiredWorkAndTheMethodsAreRefused() throws Exception {
        serve(TaskSettings.defaults());
        gate.complete(text("in the request"));
        JsonObject plain = result(peer.call(Requests.request(1, "work/run", "\"mode\":\"wait\"")));
        assertEquals("complete", plain.getString("resultType"));
        assertFalse(plain.containsKey("taskId"), plain::toString);
        assertEquals("in the request", plain.getJsonArray("content").getJsonObject(0).getString("text"));

        JsonObject required = peer.call(Requests.request(2, "work/run", "\"mode\":\"only-task\""));
        assertEquals(-32021, required.getJsonObject("error").getInt("code"), required::toString);
        assertTrue(required.getJsonObject("error").getJsonObject("data").getJsonObject("requiredCapabilities")
                .getJsonObject("extensions").containsKey(Tasks.EXTENSION), required::toString);
        JsonObject get = peer.call(Requests.request(3, "tasks/get", taskId("x")));
        assertEquals(-32021, get.getJsonObject("error").getInt("code"), get::toString);

        for (String removed : new String[] {"tasks/result", "tasks/list"}) {
            JsonObject answer = peer.call(withTasks(4, removed, taskId("x")));
            assertEquals(-32601, answer.getJsonObject("error").getInt("code"), removed + ": " + answer);
        }
        JsonObject discovered = result(peer.call(Requests.request(5, "server/discover", "")));
        assertTrue(discovered.getJsonObject("capabilities").getJsonObject("extensions").containsKey(Tasks.EXTENSION),
                discovered::toString);
    }

    @Test
    void theTaskPastABoundIsRefusedWithTheBoundsName() throws Exception {
        serve(TaskSettings.builder().maxTasks(2).maxTasksPerPrincipal(1).build());
        Principal alice = Principal.of("alice");
        Principal bob = Principal.of("bob");
        assertEquals("task", result(peer.call(withTasks(1, "work/run", "\"mode\":\"wait\""), alice)).getString("resultType"));
        JsonObject second = peer.call(withTasks(2, "work/run", "\"mode\":\"wait\""), alice);
        assertRefused(second, "maxTasksPerPrincipal=1");
        assertEquals("task", result(peer.call(withTasks(3, "work/run", "\"mode\":\"wait\""), bob)).getString("resultType"));
        JsonObject third = peer.call(withTasks(4, "work/run", "\"mode\":\"wait\""));
        assertRefused(third, "maxTasks=2");
    }

    @Test
    void anotherPrincipalsTaskIsNotFound() throws Exception {
        serve(TaskSettings.defaults());
        Principal alice = Principal.of("alice");
        Principal bob = Principal.of("bob");
        String id = result(peer.call(withTasks(1, "work/run", "\"mode\":\"wait\""), alice)).getString("taskId");
        for (String method : new String[] {"tasks/get", "tasks/cancel"}) {
            JsonObject refused = peer.call(withTasks(2, method, taskId(id)), bob);
            assertEquals(-32602, refused.getJsonObject("error").getInt("code"), refused::toString);
            assertTrue(refused.getJsonObject("error").getString("message").contains("task not found: " + id), refused::toString);
        }
        JsonObject anonymous = peer.call(withTasks(3, "tasks/get", taskId(id)));
        assertEquals(-32602, anonymous.getJsonObject("error").getInt("code"), "nor a caller without a principal");
        assertEquals("working", result(peer.call(withTasks(4, "tasks/get", taskId(id)), alice)).getString("status"),
                "bob's cancel did not reach it");
    }

    @Test
    void aSessionThatDeclaredTheExtensionAtItsHandshakeGetsTasks() throws Exception {
        serve(TaskSettings.defaults());
        JsonObject initialized = result(peer.call("{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":"
                + "{\"protocolVersion\":\"2025-11-25\",\"capabilities\":{\"extensions\":{\"" + Tasks.EXTENSION + "\":{}}},"
                + "\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}"));
        assertTrue(initialized.getJsonObject("capabilities").getJsonObject("extensions").containsKey(Tasks.EXTENSION),
                initialized::toString);
        peer.send("{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}");
        JsonObject created = result(peer.call("{\"jsonrpc\":\"2.0\",\"id\":2,\"method\":\"work/run\","
                + "\"params\":{\"mode\":\"wait\"}}"));
        assertEquals("task", created.getString("resultType"), created::toString);
        JsonObject working = result(peer.call("{\"jsonrpc\":\"2.0\",\"id\":3,\"method\":\"tasks/get\",\"params\":{"
                + taskId(created.getString("taskId")) + "}}"));
        assertEquals("working", working.getString("status"));
    }

    private static void assertRefused(JsonObject answer, String bound) {
        assertEquals(-32603, answer.getJsonObject("error").getInt("code"), answer::toString);
        assertTrue(answer.getJsonObject("error").getString("message").contains(bound), answer::toString);
    }

    private JsonObject awaitStatus(String id, String status) throws InterruptedException {
        return awaitStatus(peer, id, status);
    }

    /** Polls {@code tasks/get} of task {@code id}, as a client does, until it reports {@code status}. */
    static JsonObject awaitStatus(RawPeer peer, String id, String status) throws InterruptedException {
        JsonObject[] last = new JsonObject[1];
        int[] ids = {100};
        await("task " + id + " " + status, () -> {
            try {
                last[0] = result(peer.call(withTasks(ids[0]++, "tasks/get", taskId(id))));
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            return status.equals(last[0].getString("status"));
        });
        return last[0];
    }

    static void await(String what, BooleanSupplier condition) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within 10 s: " + what);
            }
            Thread.sleep(5); // the poll's interval, as a client polls tasks/get: a task offers nothing to wait on
        }
    }

    private static JsonObject result(JsonObject response) {
        assertTrue(response.containsKey("result"), response::toString);
        return response.getJsonObject("result");
    }

    static String withTasks(Object id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":{" + TASKS_META
                + (params.isEmpty() ? "" : "," + params) + "}}";
    }

    static String taskId(String id) {
        return "\"taskId\":\"" + id + "\"";
    }

    private static JsonObject question(String message) {
        return Json.createObjectBuilder().add("method", "elicitation/create").add("params",
                Json.createObjectBuilder().add("message", message)).build();
    }

    private static JsonObject text(String text) {
        return Json.createObjectBuilder().add("content", Json.createArrayBuilder().add(Json.createObjectBuilder()
                .add("type", "text").add("text", text))).build();
    }
}
