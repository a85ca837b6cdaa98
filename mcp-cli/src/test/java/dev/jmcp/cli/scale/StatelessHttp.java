package dev.jmcp.cli.scale;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.stream.Stream;

/**
 * 2026-07-28 requests as a client sends them over HTTP, raw, so that the test sees the header that
 * names the replica that answered ({@code X-Jmcp-Replica}, set by the checked-in nginx.conf).
 */
final class StatelessHttp {
    static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"scale-test\",\"version\":\"1\"},"
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private final URI endpoint;
    private int nextId;

    StatelessHttp(String endpoint) {
        this.endpoint = URI.create(endpoint);
    }

    /** An answer: the JSON-RPC response and the replica that sent it. */
    record Answer(JsonObject message, String replica) {
        JsonObject result() {
            JsonObject result = message.getJsonObject("result");
            if (result == null) {
                throw new AssertionError("an error where a result was expected: " + message);
            }
            return result;
        }
    }

    /** @param params the members of params besides _meta; may be empty */
    Answer call(String method, String name, String params) throws Exception {
        HttpResponse<Stream<String>> response = http.send(request(method, name, params), HttpResponse.BodyHandlers.ofLines());
        String replica = replica(response);
        try (Stream<String> lines = response.body()) {
            boolean sse = response.headers().firstValue("Content-Type").orElse("").startsWith("text/event-stream");
            Optional<JsonObject> message = lines.filter(line -> !sse || line.startsWith("data:"))
                    .map(line -> sse ? line.substring(5).strip() : line).filter(line -> !line.isBlank()).map(StatelessHttp::json)
                    .filter(json -> json.containsKey("id")).findFirst();
            return new Answer(message.orElseThrow(() -> new AssertionError(method + ": no response, HTTP " + response.statusCode())),
                    replica);
        }
    }

    /** An open {@code subscriptions/listen} stream: its notifications as they arrive, and its replica. */
    record Listening(String replica, BlockingQueue<JsonObject> messages, CompletableFuture<Void> ended) {
    }

    Listening listen(String filter) throws Exception {
        CompletableFuture<HttpResponse<Stream<String>>> sent = http.sendAsync(request("subscriptions/listen", null,
                "\"notifications\":" + filter), HttpResponse.BodyHandlers.ofLines());
        HttpResponse<Stream<String>> response = sent.get();
        BlockingQueue<JsonObject> messages = new LinkedBlockingQueue<>();
        CompletableFuture<Void> ended = CompletableFuture.runAsync(() -> {
            try (Stream<String> lines = response.body()) {
                lines.filter(line -> line.startsWith("data:")).map(line -> json(line.substring(5).strip())).forEach(messages::add);
            } catch (RuntimeException closed) {
                // the stream was cut: ended says so
            }
        });
        return new Listening(replica(response), messages, ended);
    }

    /**
     * @return the replica that answered: the last of the header's addresses, since nginx lists each
     *         it tried ({@code "dead:port, live:port"} after skipping a replica that is down)
     */
    private static String replica(HttpResponse<?> response) {
        String tried = response.headers().firstValue("X-Jmcp-Replica").orElse("?");
        return tried.substring(tried.lastIndexOf(',') + 1).strip();
    }

    private HttpRequest request(String method, String name, String params) {
        String body = "{\"jsonrpc\":\"2.0\",\"id\":" + (++nextId) + ",\"method\":\"" + method + "\",\"params\":{" + META
                + (params.isEmpty() ? "" : "," + params) + "}}";
        HttpRequest.Builder request = HttpRequest.newBuilder(endpoint).POST(HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json").header("Accept", "application/json, text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28").header("Mcp-Method", method);
        if (name != null) {
            request.header("Mcp-Name", name);
        }
        return request.build();
    }

    static JsonObject json(String text) {
        return Json.createReader(new StringReader(text)).readObject();
    }
}
