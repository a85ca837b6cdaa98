package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.core.session.ClientSession;
import dev.jmcp.core.session.RequestOptions;
import dev.jmcp.core.session.ServerSession;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.ProgressNotificationParams;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpContent;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A server session and a client session over real sockets on 127.0.0.1. */
@ExtendWith(LeakCheck.class)
class StreamableHttpEndToEndTest {
    private final List<ServerSession> serverSessions = new CopyOnWriteArrayList<>();
    private final List<AutoCloseable> toClose = new CopyOnWriteArrayList<>();
    /** One per test (JUnit makes a fresh instance for each), so its count is this test's alone. */
    private final DropAfterMarker dropper = new DropAfterMarker();
    private NettyHttpServer server;

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable closeable : toClose) {
            closeable.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private NettyHttpServer start(HttpServerSettings settings) throws Exception {
        server = NettyHttpServer.start(URI.create("http://127.0.0.1:0/mcp"), settings, this::serve, dropper);
        return server;
    }

    private void serve(dev.jmcp.core.spi.McpTransport transport) {
        ServerSession session = ServerSession.builder(transport)
                .serverInfo(Implementation.of("test-server", "1"))
                .requestHandler("slow", (params, context) -> {
                    context.progress(1, 2.0, "half way").get(5, TimeUnit.SECONDS);
                    Thread.sleep(100); // a slow handler: time between its progress and its answer is the point
                    return null;
                })
                .requestHandler("flaky", (params, context) -> {
                    context.progress(1, 2.0, DropAfterMarker.MARKER).get(5, TimeUnit.SECONDS);
                    // the answer comes once the connection that carried the progress has been dropped
                    RawSocket.await("the connection dropped after the progress", () -> dropper.drops.get() > 0);
                    return null;
                })
                .build();
        serverSessions.add(session);
    }

    private ClientSession client(URI uri, List<String> notifications) throws Exception {
        StreamableHttpClientTransport transport = new StreamableHttpClientTransport(uri,
                HttpClientSettings.builder().reconnectDelay(Duration.ofMillis(50)).build());
        ClientSession session = ClientSession.builder(transport)
                .clientInfo(Implementation.of("test-client", "1"))
                .notificationHandler("notifications/resources/list_changed", (params, s) ->
                        notifications.add("list_changed"))
                .build();
        toClose.add(session);
        session.initialize().get(10, TimeUnit.SECONDS);
        return session;
    }

    @Test
    void aClientSessionInitializesAndPings() throws Exception {
        start(HttpServerSettings.defaults());
        ClientSession session = client(server.uri(), new CopyOnWriteArrayList<>());
        assertEquals("2025-11-25", session.protocolVersion());
        assertNotNull(session.ping().get(10, TimeUnit.SECONDS));
        assertEquals(1, server.sessionCount());
        assertTrue(serverSessions.get(0).initialized().get(10, TimeUnit.SECONDS) != null);
    }

    @Test
    void theHeadersAreEnforced() throws Exception {
        start(HttpServerSettings.defaults());
        URI uri = server.uri();
        String ping = "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}";
        HttpResponse<String> first = Raw.send(Raw.post(uri, Raw.INITIALIZE));
        String id = first.headers().firstValue("Mcp-Session-Id").orElseThrow();
        assertTrue(id.chars().allMatch(c -> c >= 0x21 && c <= 0x7E), "visible ASCII");
        assertEquals(400, Raw.send(Raw.post(uri, ping)).statusCode(), "no session id");
        assertEquals(404, Raw.send(Raw.post(uri, ping, "Mcp-Session-Id", "feedface")).statusCode(), "unknown id");
        HttpResponse<String> badVersion = Raw.send(Raw.post(uri, ping, "Mcp-Session-Id", id,
                "MCP-Protocol-Version", "2099-01-01"));
        assertEquals(400, badVersion.statusCode());
        assertTrue(badVersion.body().contains("2099-01-01"), badVersion.body());
        assertEquals(403, Raw.send(Raw.post(uri, ping, "Mcp-Session-Id", id, "Origin", "https://evil.example"))
                .statusCode());
        assertEquals(202, Raw.send(Raw.post(uri, "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/initialized\"}",
                "Mcp-Session-Id", id)).statusCode(), "a notification, without the version header (2025-03-26)");
        HttpResponse<String> answered = Raw.send(Raw.post(uri, ping, "Mcp-Session-Id", id,
                "MCP-Protocol-Version", "2025-11-25"));
        assertEquals(200, answered.statusCode());
        assertTrue(answered.body().contains("\"id\":5"), answered.body());
        String status = Raw.statusOverSocket(uri, "POST /mcp HTTP/1.1\r\nHost: evil.example:" + uri.getPort()
                + "\r\nContent-Type: application/json\r\nAccept: application/json, text/event-stream\r\n"
                + "Content-Length: 2\r\n\r\n{}");
        assertEquals("HTTP/1.1 421 Misdirected Request", status);
        HttpResponse<String> deleted = Raw.send(java.net.http.HttpRequest.newBuilder(uri)
                .header("Mcp-Session-Id", id).DELETE());
        assertEquals(200, deleted.statusCode());
        assertEquals(404, Raw.send(Raw.post(uri, ping, "Mcp-Session-Id", id)).statusCode(), "ended by DELETE");
        assertTrue(serverSessions.get(0).onClose().get(5, TimeUnit.SECONDS) == null);
    }

    @Test
    void progressArrivesOnTheRequestsStreamBeforeTheResponse() throws Exception {
        start(HttpServerSettings.defaults());
        ClientSession session = client(server.uri(), new CopyOnWriteArrayList<>());
        List<ProgressNotificationParams> progress = new CopyOnWriteArrayList<>();
        CompletableFuture<Object> result = session.sendRequest("slow", null, Object.class,
                RequestOptions.progress(progress::add));
        result.get(10, TimeUnit.SECONDS);
        assertEquals(1, progress.size(), "the progress came before the result completed");
        assertEquals("half way", progress.get(0).message());
    }

    @Test
    void theGetStreamCarriesTheServersOwnNotifications() throws Exception {
        start(HttpServerSettings.defaults());
        List<String> notifications = new CopyOnWriteArrayList<>();
        client(server.uri(), notifications);
        ServerSession serverSession = serverSessions.get(0);
        serverSession.initialized().get(10, TimeUnit.SECONDS);
        serverSession.sendNotification("notifications/resources/list_changed", null).get(10, TimeUnit.SECONDS);
        RawSocket.await("the notification", () -> !notifications.isEmpty());
        assertEquals(List.of("list_changed"), notifications);
    }

    @Test
    void aStreamThatDropsIsResumedWithLastEventId() throws Exception {
        start(HttpServerSettings.defaults());
        ClientSession session = client(server.uri(), new CopyOnWriteArrayList<>());
        List<ProgressNotificationParams> progress = new CopyOnWriteArrayList<>();
        session.sendRequest("flaky", null, Object.class, RequestOptions.progress(progress::add))
                .get(10, TimeUnit.SECONDS);
        assertEquals(1, progress.size(), "the event before the drop was not replayed twice");
        assertEquals(1, dropper.drops.get(), "the connection was dropped once, and the resumed stream did not"
                + " replay the event that carried the marker");
    }

    @Test
    void theServerReplaysAStreamForARawGetWithLastEventId() throws Exception {
        start(HttpServerSettings.defaults());
        URI uri = server.uri();
        String id = Raw.initialize(uri);
        // the POST's connection is dropped right after the progress event; the answer follows later
        HttpResponse<String> dropped;
        try {
            dropped = Raw.send(Raw.post(uri, "{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"flaky\",\"params\":{"
                    + "\"_meta\":{\"progressToken\":\"t\"}}}", "Mcp-Session-Id", id, "MCP-Protocol-Version", "2025-11-25"));
        } catch (java.io.IOException expected) {
            dropped = null;
        }
        assertTrue(dropped == null || !dropped.body().contains("\"id\":11"));
        // no wait for the answer: the resume replays what stream 2 sent after 2-2 and carries it on
        // until its answer, so the body is the same whether the answer was sent before the GET or after
        HttpResponse<String> resumed = Raw.send(java.net.http.HttpRequest.newBuilder(uri)
                .header("Accept", "text/event-stream").header("Mcp-Session-Id", id)
                .header("Last-Event-ID", "2-2").GET());
        assertEquals(200, resumed.statusCode());
        assertTrue(resumed.body().startsWith("id: 2-3\nevent: message\ndata: {\"jsonrpc\":\"2.0\",\"id\":11,"),
                resumed.body());
    }

    @Test
    void anIdleSessionIsEnded() throws Exception {
        start(HttpServerSettings.builder().sessionIdleTimeout(Duration.ofMillis(100)).build());
        URI uri = server.uri();
        String id = Raw.initialize(uri);
        RawSocket.await("the idle session ended", () -> server.sessionCount() == 0);
        assertEquals(404, Raw.send(Raw.post(uri, "{\"jsonrpc\":\"2.0\",\"id\":5,\"method\":\"ping\"}",
                "Mcp-Session-Id", id)).statusCode());
        assertFalse(serverSessions.get(0).isOpen());
    }

    @Test
    void closingTheClientDeletesTheSession() throws Exception {
        start(HttpServerSettings.defaults());
        ClientSession session = client(server.uri(), new CopyOnWriteArrayList<>());
        session.close();
        serverSessions.get(0).onClose().get(5, TimeUnit.SECONDS);
        assertEquals(0, server.sessionCount());
    }

    @Test
    void aClientFallsBackToTheLegacyTransport() throws Exception {
        start(HttpServerSettings.defaults());
        URI legacy = server.uri().resolve("/sse");
        ClientSession session = client(legacy, new CopyOnWriteArrayList<>());
        assertNotNull(session.ping().get(10, TimeUnit.SECONDS));
        assertEquals(1, server.sessionCount());
        session.close();
        serverSessions.get(0).onClose().get(5, TimeUnit.SECONDS);
    }

    @Test
    void theProviderIsFoundThroughServiceLoader() throws Exception {
        start(HttpServerSettings.defaults());
        try (dev.jmcp.core.McpClient client = dev.jmcp.core.McpClient.connect(server.uri(),
                dev.jmcp.core.ClientOptions.builder()
                        .versionNegotiation(dev.jmcp.core.session.VersionNegotiation.handshake()).build())) {
            assertNotNull(client);
            assertEquals(1, server.sessionCount());
        }
    }

    /** Closes a connection right after it has written an event that carries {@link #MARKER}. */
    static final class DropAfterMarker implements java.util.function.Consumer<io.netty.channel.ChannelPipeline> {
        static final String MARKER = "drop-the-connection-here";
        final AtomicInteger drops = new AtomicInteger();

        @Override
        public void accept(io.netty.channel.ChannelPipeline pipeline) {
            pipeline.addFirst("dropper", new ChannelOutboundHandlerAdapter() {
                @Override
                public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
                    ByteBuf bytes = msg instanceof ByteBuf b ? b : msg instanceof HttpContent c ? c.content() : null;
                    boolean drop = bytes != null && bytes.toString(StandardCharsets.UTF_8).contains(MARKER);
                    ctx.write(msg, promise);
                    if (drop) {
                        drops.incrementAndGet();
                        ctx.flush();
                        ctx.close();
                    }
                }
            });
        }
    }
}
