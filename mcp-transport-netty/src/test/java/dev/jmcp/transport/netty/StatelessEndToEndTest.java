package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.ClientOptions;
import dev.jmcp.core.McpClient;
import dev.jmcp.core.McpServer;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.core.providers.InMemoryResourceProvider;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import dev.jmcp.schema.resources.Resource;
import dev.jmcp.schema.resources.TextResourceContents;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.spi.JsonProvider;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A real {@link McpServer} with an in-memory provider, served over real sockets on 127.0.0.1 to
 * stateless (2026-07-28) clients, raw ones that send exactly what the conformance suite sends, and
 * to a session (2025-11-25) client at the same time.
 */
@ExtendWith(LeakCheck.class)
class StatelessEndToEndTest {
    private static final JsonProvider JSON = JsonProvider.provider();
    private static final String TEXT_URI = "test://static-text";
    private static final String TEXT = "This is the content of the static text resource.";
    private static final String META = Raw.STATELESS_META;

    private final CountDownLatch waiting = new CountDownLatch(1);
    private final CountDownLatch cancelled = new CountDownLatch(1);
    private final AtomicInteger registrations = new AtomicInteger();
    private McpServer server;
    private URI uri;

    @BeforeEach
    void start() {
        InMemoryResourceProvider memory = InMemoryResourceProvider.create("memory")
                .addText(Resource.builder(TEXT_URI, "static-text").mimeType("text/plain").build(), TEXT);
        server = McpServer.builder().serverInfo("stateless-e2e", "1.2").resourceProvider(memory)
                .feature(new TestHandlers()).build();
        uri = server.serve(URI.create("http://127.0.0.1:0/mcp")).address();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** Handlers that show what the transport does with progress and with a request that is never answered. */
    private final class TestHandlers implements ServerFeature {
        @Override
        public void declare(ServerCapabilities.Builder capabilities) {
        }

        @Override
        public void register(FeatureHandlers session) {
            registrations.incrementAndGet();
            session.requestHandler("test/slow", (params, context) -> {
                context.progress(1, 2.0, "half way").get(5, TimeUnit.SECONDS);
                return EmptyResult.of();
            });
            session.requestHandler("test/wait", (params, context) -> {
                CompletableFuture<Object> never = new CompletableFuture<>();
                context.onCancel(() -> {
                    cancelled.countDown();
                    never.cancel(false);
                });
                waiting.countDown();
                return never;
            });
        }
    }

    /** POSTs a request with the standard headers of a 2026-07-28 client (as the conformance suite builds them). */
    private HttpResponse<String> stateless(Object id, String method, String params, String... headers)
            throws Exception {
        // as the suite does: a header given replaces the default of the same name, whatever its case
        Map<String, String[]> all = new LinkedHashMap<>();
        List<String> pairs = new ArrayList<>(List.of("MCP-Protocol-Version", "2026-07-28", "Mcp-Method", method));
        if (method.equals("resources/read")) {
            pairs.addAll(List.of("Mcp-Name", TEXT_URI));
        }
        pairs.addAll(List.of(headers));
        for (int i = 0; i < pairs.size(); i += 2) {
            all.put(pairs.get(i).toLowerCase(Locale.ROOT), new String[] {pairs.get(i), pairs.get(i + 1)});
        }
        return Raw.send(Raw.post(uri, Raw.call(id, method, params),
                all.values().stream().flatMap(Arrays::stream).toArray(String[]::new)));
    }

    private static JsonObject json(HttpResponse<String> response) {
        assertEquals("application/json", response.headers().firstValue("Content-Type").orElse(null), response.body());
        assertFalse(response.body().contains("\n"), "one line: " + response.body());
        return JSON.createReader(new StringReader(response.body())).readObject();
    }

    private static void hasTheEraFields(JsonObject result) {
        assertEquals("complete", result.getString("resultType"), result.toString());
        assertInstanceOf(JsonNumber.class, result.get("ttlMs"), result.toString());
        assertTrue(List.of("public", "private").contains(result.getString("cacheScope")), result.toString());
        assertEquals("stateless-e2e", result.getJsonObject("_meta")
                .getJsonObject("io.modelcontextprotocol/serverInfo").getString("name"), result.toString());
    }

    @Test
    void discoverListAndReadAreAnsweredWithJsonAndTheEraFields() throws Exception {
        HttpResponse<String> discover = stateless(201, "server/discover", META);
        assertEquals(200, discover.statusCode());
        assertTrue(discover.headers().firstValue("Mcp-Session-Id").isEmpty(), "no session is minted");
        JsonObject discovered = json(discover).getJsonObject("result");
        assertTrue(discovered.getJsonArray("supportedVersions").toString().contains("2026-07-28"));
        assertTrue(discovered.getJsonObject("capabilities").containsKey("resources"));
        hasTheEraFields(discovered);

        JsonObject list = json(stateless(202, "resources/list", META)).getJsonObject("result");
        assertEquals(TEXT_URI, list.getJsonArray("resources").getJsonObject(0).getString("uri"));
        hasTheEraFields(list);

        HttpResponse<String> read = stateless(1712345678901L, "resources/read", "\"uri\":\"" + TEXT_URI + "\"," + META);
        assertEquals(200, read.statusCode());
        JsonObject answer = json(read);
        assertEquals(1712345678901L, answer.getJsonNumber("id").longValueExact());
        JsonObject result = answer.getJsonObject("result");
        assertEquals(TEXT, result.getJsonArray("contents").getJsonObject(0).getString("text"));
        hasTheEraFields(result);
        assertTrue(server.sessions().isEmpty(), "a stateless request is served without a session");
        assertEquals(1, registrations.get(), "every POST is served on the handlers the feature registered once");
    }

    @Test
    void aResourceThatIsNotThereIsInvalidParamsWithItsUriOver200() throws Exception {
        String missing = "test://nonexistent-resource-for-conformance-testing";
        HttpResponse<String> response = Raw.send(Raw.post(uri, Raw.call(7, "resources/read",
                "\"uri\":\"" + missing + "\"," + META), "MCP-Protocol-Version", "2026-07-28",
                "Mcp-Method", "resources/read", "Mcp-Name", missing));
        assertEquals(200, response.statusCode());
        JsonObject error = json(response).getJsonObject("error");
        assertEquals(-32602, error.getInt("code"));
        assertEquals(missing, error.getJsonObject("data").getString("uri"));
    }

    @Test
    void unknownAndRemovedMethodsAre404AndAnUnsupportedVersionIs400() throws Exception {
        for (String method : List.of("unknown/method", "initialize", "ping", "logging/setLevel", "resources/subscribe",
                "resources/unsubscribe")) {
            HttpResponse<String> response = stateless(500, method, META);
            assertEquals(404, response.statusCode(), method + ": " + response.body());
            assertEquals(-32601, json(response).getJsonObject("error").getInt("code"), method);
        }
        HttpResponse<String> unsupported = stateless(301, "server/discover", META.replace("2026-07-28", "v999.0.0"),
                "MCP-Protocol-Version", "v999.0.0");
        assertEquals(400, unsupported.statusCode(), unsupported.body());
        JsonObject body = json(unsupported);
        assertEquals(301, body.getInt("id"));
        JsonObject error = body.getJsonObject("error");
        assertEquals(-32022, error.getInt("code"));
        assertEquals("v999.0.0", error.getJsonObject("data").getString("requested"));
        assertTrue(error.getJsonObject("data").getJsonArray("supported").toString().contains("2026-07-28"));
    }

    @Test
    void aSessionIdOnAStatelessPostIsIgnoredAndGetIsNotAllowed() throws Exception {
        HttpResponse<String> response = stateless(9, "resources/list", META, "Mcp-Session-Id", "feedface",
                "Last-Event-ID", "3-1");
        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Mcp-Session-Id").isEmpty());
        HttpResponse<String> get = Raw.send(HttpRequest.newBuilder(uri).header("Accept", "text/event-stream")
                .header("MCP-Protocol-Version", "2026-07-28").GET());
        assertEquals(405, get.statusCode());
        assertEquals("POST", get.headers().firstValue("Allow").orElse(null));
    }

    @Test
    void progressBeforeTheAnswerComesOnAnSseStreamWithoutIds() throws Exception {
        HttpResponse<String> response = stateless(12, "test/slow",
                META.replace("{\"io.modelcontextprotocol/protocolVersion", "{\"progressToken\":\"p\","
                        + "\"io.modelcontextprotocol/protocolVersion"));
        assertEquals(200, response.statusCode());
        assertEquals("text/event-stream", response.headers().firstValue("Content-Type").orElse(null));
        String[] events = response.body().split("\n\n");
        assertEquals(2, events.length, response.body());
        assertTrue(events[0].startsWith("data: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\""), events[0]);
        assertTrue(events[1].startsWith("data: {\"jsonrpc\":\"2.0\",\"id\":12,\"result\":{"), events[1]);
        assertFalse(response.body().contains("id: "), "nothing to resume in this era");
    }

    @Test
    void closingTheConnectionCancelsTheHandler() throws Exception {
        String body = Raw.call(13, "test/wait", META);
        String request = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1:" + uri.getPort() + "\r\n"
                + "Content-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                + "MCP-Protocol-Version: 2026-07-28\r\nMcp-Method: test/wait\r\n"
                + "Content-Length: " + body.getBytes(StandardCharsets.UTF_8).length + "\r\n\r\n" + body;
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.UTF_8));
            out.flush();
            assertTrue(waiting.await(10, TimeUnit.SECONDS), "the handler runs");
            assertEquals(0, server.sessions().size(), "a stateless request is served, not counted as a session");
            assertEquals(1, cancelled.getCount(), "nothing cancels it while the client waits");
        }
        assertTrue(cancelled.await(10, TimeUnit.SECONDS), "closing the connection cancelled the handler");
    }

    @Test
    void aSessionClientAndStatelessClientsShareTheServerAtOnce() throws Exception {
        ExecutorService threads = Executors.newFixedThreadPool(3);
        try (McpClient client = McpClient.connect(uri, ClientOptions.builder()
                .versionNegotiation(VersionNegotiation.handshake()).build())) {
            assertEquals("2025-11-25", client.protocolVersion());
            List<Future<?>> work = new ArrayList<>();
            work.add(threads.submit(() -> {
                for (int i = 0; i < 30; i++) {
                    TextResourceContents contents = (TextResourceContents) client.resources().read(TEXT_URI)
                            .contents().get(0);
                    assertEquals(TEXT, contents.text());
                }
                return null;
            }));
            for (int t = 0; t < 2; t++) {
                int base = 1000 * (t + 1);
                work.add(threads.submit(() -> {
                    for (int i = 0; i < 30; i++) {
                        HttpResponse<String> read = stateless(base + i, "resources/read",
                                "\"uri\":\"" + TEXT_URI + "\"," + META);
                        JsonObject answer = json(read);
                        assertEquals(base + i, answer.getInt("id"));
                        assertTrue(answer.getJsonObject("result").toString().contains(TEXT));
                    }
                    return null;
                }));
            }
            for (Future<?> done : work) {
                done.get(60, TimeUnit.SECONDS);
            }
            // and strictly interleaved, one after the other
            for (int i = 0; i < 5; i++) {
                assertEquals(TEXT, ((TextResourceContents) client.resources().read(TEXT_URI).contents().get(0)).text());
                assertEquals(200, stateless(5000 + i, "resources/read", "\"uri\":\"" + TEXT_URI + "\"," + META)
                        .statusCode());
            }
            RawSocket.await("only the session client's session stays open", () -> server.sessions().size() == 1);
        } finally {
            threads.shutdownNow();
        }
    }
}
