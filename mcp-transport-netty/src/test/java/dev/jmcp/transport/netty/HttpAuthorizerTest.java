package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.spi.HttpAuthorizer;
import dev.jmcp.core.spi.HttpChallenge;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The client transport's authorization hook: the authorizer's header on every request (POST, the GET
 * stream, the DELETE that ends the session), its callback on 401 with the challenge, and the request
 * sent again when it obtained credentials, or failed when it did not.
 */
class HttpAuthorizerTest {
    private static final String CHALLENGE = "Bearer resource_metadata=\"http://127.0.0.1/.well-known/x\", scope=\"read\"";
    private static final String INITIALIZED = "{\"jsonrpc\":\"2.0\",\"id\":1,\"result\":{\"protocolVersion\":\"2025-11-25\","
            + "\"capabilities\":{},\"serverInfo\":{\"name\":\"s\",\"version\":\"1\"}}}";

    private final QueueingListener listener = new QueueingListener();
    private final List<String> heads = new CopyOnWriteArrayList<>();
    private final AtomicInteger authorizedPosts = new AtomicInteger();
    private ScriptedHttpServer server;
    private McpTransport transport;

    /** Refuses what lacks {@code Bearer good} with 401; answers the first authorized POST as initialize, then 202. */
    private void serve() throws IOException {
        server = ScriptedHttpServer.start(request -> {
            heads.add(request);
            if (!request.toLowerCase(Locale.ROOT).contains("\r\nauthorization: bearer good\r\n")) {
                return ("HTTP/1.1 401 Unauthorized\r\nWWW-Authenticate: " + CHALLENGE
                        + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n").getBytes();
            }
            if (request.startsWith("POST")) {
                return authorizedPosts.getAndIncrement() == 0
                        ? ("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nMcp-Session-Id: s1\r\nContent-Length: "
                                + INITIALIZED.length() + "\r\nConnection: close\r\n\r\n" + INITIALIZED).getBytes()
                        : ScriptedHttpServer.response("202 Accepted", null, "");
            }
            return ScriptedHttpServer.response(request.startsWith("GET") ? "405 Method Not Allowed" : "200 OK", null, "");
        });
    }

    @AfterEach
    void stop() throws Exception {
        if (transport != null) {
            transport.close();
        }
        server.close();
    }

    /** Has no token until challenged; then {@code good}. */
    private static class Authorizer implements HttpAuthorizer {
        final List<HttpChallenge> challenges = new CopyOnWriteArrayList<>();
        final List<String> asked = new CopyOnWriteArrayList<>();
        volatile boolean grant = true;
        volatile String token;

        @Override
        public String authorization(URI resource) {
            return token == null ? null : "Bearer " + token;
        }

        @Override
        public java.util.Map<String, String> headers(URI resource, String method, URI request) {
            asked.add(method + " " + request);
            return HttpAuthorizer.super.headers(resource, method, request);
        }

        @Override
        public boolean challenged(HttpChallenge challenge) throws IOException {
            challenges.add(challenge);
            if (grant) {
                token = "good";
            }
            return grant;
        }
    }

    private void connect(Authorizer authorizer) {
        transport = new StreamableHttpClientTransport(server.uri(),
                HttpClientSettings.builder().authorizer(authorizer).build());
        transport.start(listener);
    }

    @Test
    void a401IsHandedToTheAuthorizerAndTheRequestSentAgainWithEveryLaterRequestAuthorized() throws Exception {
        serve();
        Authorizer authorizer = new Authorizer();
        connect(authorizer);

        transport.send(new JsonRpcRequest(RequestId.of(1), "initialize", null)).get(10, TimeUnit.SECONDS);

        assertInstanceOf(JsonRpcResultResponse.class, listener.received.poll(10, TimeUnit.SECONDS));
        assertEquals(1, authorizer.challenges.size());
        HttpChallenge challenge = authorizer.challenges.get(0);
        assertEquals(401, challenge.status());
        assertEquals(List.of(CHALLENGE), challenge.wwwAuthenticate());
        assertEquals(1, challenge.attempt());
        assertEquals(server.uri(), challenge.resource());

        transport.send(new JsonRpcNotification("notifications/initialized", null)).get(10, TimeUnit.SECONDS);
        waitFor(() -> heads.stream().anyMatch(head -> head.startsWith("GET")), "the GET stream");
        transport.close();
        transport = null;
        assertTrue(heads.stream().anyMatch(head -> head.startsWith("DELETE")), heads::toString);
        // every request after the first: authorized, the GET stream and the DELETE included
        for (String head : heads.subList(1, heads.size())) {
            assertTrue(head.toLowerCase(Locale.ROOT).contains("\r\nauthorization: bearer good\r\n"), head);
        }
        assertEquals(1, authorizer.challenges.size(), "challenged again");
        // each request's method and URL, for a proof bound to them (DPoP)
        for (String method : List.of("POST", "GET", "DELETE")) {
            assertTrue(authorizer.asked.contains(method + " " + server.uri()), authorizer.asked::toString);
        }
    }

    @Test
    void anAuthorizerThatObtainsNothingFailsTheRequestWithTheServersStatus() throws Exception {
        serve();
        Authorizer authorizer = new Authorizer();
        authorizer.grant = false;
        connect(authorizer);

        ExecutionException failed = assertThrows(ExecutionException.class,
                () -> transport.send(new JsonRpcRequest(RequestId.of(1), "initialize", null)).get(10, TimeUnit.SECONDS));

        assertTrue(failed.getCause().getMessage().contains("HTTP 401"), failed.getCause().getMessage());
        assertEquals(1, authorizer.challenges.size());
        assertEquals(1, heads.size(), "sent again without new credentials");
    }

    @Test
    void anAuthorizerThatFailsFailsTheRequestWithItsReason() throws Exception {
        serve();
        connect(new Authorizer() {
            @Override
            public boolean challenged(HttpChallenge challenge) throws IOException {
                throw new IOException("the authorization server is down");
            }
        });

        ExecutionException failed = assertThrows(ExecutionException.class,
                () -> transport.send(new JsonRpcRequest(RequestId.of(1), "initialize", null)).get(10, TimeUnit.SECONDS));

        assertTrue(failed.getCause().getMessage().contains("the authorization server is down"),
                failed.getCause().getMessage());
    }

    private static void waitFor(java.util.function.BooleanSupplier condition, String what) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError(what + " did not come within 10 s");
            }
            java.util.concurrent.locks.LockSupport.parkNanos(1_000_000); // a poll with a deadline
        }
    }
}
