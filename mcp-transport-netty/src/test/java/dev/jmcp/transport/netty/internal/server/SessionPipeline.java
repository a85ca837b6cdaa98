package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.InitializeResult;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import dev.jmcp.transport.netty.HttpServerSettings;
import dev.jmcp.transport.netty.internal.Leftovers;
import dev.jmcp.transport.netty.internal.Recorder;
import dev.jmcp.transport.netty.internal.Wire;
import dev.jmcp.transport.netty.internal.body.BodyProducers;
import dev.jmcp.core.spi.Budget;
import dev.jmcp.transport.netty.internal.session.HttpSession;
import dev.jmcp.transport.netty.internal.session.SessionRegistry;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.stream.ChunkedWriteHandler;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The session handlers of one server on {@link EmbeddedChannel}s that stand for client connections
 * (a session spans several), with what the server made of them: for tests of the session's stream
 * routing and replay.
 */
public final class SessionPipeline {
    static final String INITIALIZE = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"initialize\",\"params\":{"
            + "\"protocolVersion\":\"2025-11-25\",\"capabilities\":{},\"clientInfo\":{\"name\":\"t\",\"version\":\"1\"}}}";
    static final String BOTH = "application/json, text/event-stream";

    final List<HttpSession> sessions = new ArrayList<>();
    final List<Recorder> recorders = new ArrayList<>();
    final List<EmbeddedChannel> channels = new ArrayList<>();
    final BodyProducers producers = new BodyProducers(2);
    public HttpServerSettings settings = HttpServerSettings.defaults();
    SessionRegistry registry = new SessionRegistry(4);
    public Budget budget = Budget.of("maxReplayBytes", HttpServerSettings.DEFAULT_MAX_REPLAY_BYTES);
    Budget held = Budget.of("maxResponseBytesInMemory", HttpServerSettings.DEFAULT_MAX_RESPONSE_BYTES_IN_MEMORY);

    /** Ends every connection and the body threads, then fails if a connection held messages nobody read. */
    public void close() {
        try {
            Leftovers.assertNoneLeft(channels);
        } finally {
            producers.close();
        }
    }

    public EmbeddedChannel connection() {
        ServerContext context = new ServerContext(settings, "/mcp", registry, this::accept, producers, budget,
                held);
        EmbeddedChannel channel = new EmbeddedChannel(new ChunkedWriteHandler());
        new EndpointHandlers(context).addTo(channel.pipeline());
        channels.add(channel);
        return channel;
    }

    private void accept(McpTransport transport) {
        Recorder recorder = new Recorder();
        transport.start(recorder);
        sessions.add((HttpSession) transport);
        recorders.add(recorder);
    }

    public static FullHttpRequest request(HttpMethod method, String uri, String body, String session) {
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, method, uri,
                body == null ? Unpooled.EMPTY_BUFFER : Unpooled.copiedBuffer(body, StandardCharsets.UTF_8));
        request.headers().set("Accept", method.equals(HttpMethod.GET) ? "text/event-stream" : BOTH);
        if (body != null) {
            request.headers().set("Content-Type", "application/json");
        }
        if (session != null) {
            request.headers().set("Mcp-Session-Id", session);
        }
        return request;
    }

    /** Opens a session: POST initialize, and answer it as a server session would. */
    public HttpSession initialize() {
        EmbeddedChannel channel = connection();
        channel.writeInbound(request(HttpMethod.POST, "/mcp", INITIALIZE, null));
        HttpSession session = sessions.get(sessions.size() - 1);
        session.send(new JsonRpcResultResponse(RequestId.of(1), new InitializeResult("2025-11-25",
                ServerCapabilities.none(), Implementation.of("s", "1"), null, null)));
        Wire.drain(channel);
        return session;
    }
}
