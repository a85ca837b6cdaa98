package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.transport.netty.HttpServerSettings;
import dev.jmcp.core.spi.Budget;
import dev.jmcp.transport.netty.internal.auth.AuthGate;
import dev.jmcp.transport.netty.internal.auth.TokenPresence;
import dev.jmcp.transport.netty.internal.body.JsonBody;
import dev.jmcp.transport.netty.internal.body.JsonBodyWriter;
import dev.jmcp.transport.netty.internal.body.PeerShares;
import dev.jmcp.transport.netty.internal.body.RequestBodyBudget;
import dev.jmcp.transport.netty.internal.body.ResponseBodies;
import dev.jmcp.transport.netty.internal.legacy.LegacySseHandler;
import dev.jmcp.transport.netty.internal.sse.SseEvent;
import dev.jmcp.transport.netty.internal.sse.SseWriter;
import dev.jmcp.transport.netty.internal.stateless.StatelessExchange;
import dev.jmcp.transport.netty.internal.stateless.StatelessPost;
import dev.jmcp.transport.netty.internal.stateless.StatelessPostHandler;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.socket.SocketChannel;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpResponseEncoder;
import io.netty.handler.codec.http.HttpServerCodec;
import io.netty.handler.codec.http.HttpServerKeepAliveHandler;
import io.netty.handler.stream.ChunkedWriteHandler;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The pipeline of each connection, head to tail:
 * <pre>
 * requestStart ConnectionTimeouts.byteWatch  the first byte of each request starts requestReadTimeout
 * http        HttpServerCodec             bytes &lt;-&gt; HTTP/1.1 messages, at most maxInitialLineBytes / maxHeaderBytes
 * timeouts    ConnectionTimeouts          408 and close past requestReadTimeout; close past connectionIdleTimeout
 * decoderFailure DecoderFailureHandler    414 / 431 / 400 for what the decoder could not read; then close
 * keepAlive   HttpServerKeepAliveHandler  Connection: keep-alive / close
 * chunked     ChunkedWriteHandler         pulls response pieces only while the connection is writable (those
 *                                         of a body that reads a blob's source are encoded off the loop)
 * hostOrigin  HostOriginFilter            421 / 403 / 400 (repeated Host or Origin) before the body is read
 * tokenPresence TokenPresence             (when protected) 401 / 400 for an endpoint request without a bearer
 *                                         token, before the body is read
 * bodyBudget  RequestBodyBudget           503 when all bodies being read would hold over maxBufferedRequestBytes,
 *                                         or one client's over maxBufferedRequestBytesPerPeer
 * aggregator  RequestAggregator           one FullHttpRequest, at most maxMessageBytes (else 413, JSON error)
 * sse         SseWriter                   SseEvent -&gt; text/event-stream pieces
 * json        JsonBodyWriter              JsonBody -&gt; application/json pieces
 * auth        AuthGate                    (when protected) RFC 9728 metadata; 401 / 400 / 403 / 503 unless a
 *                                         token the verifier accepts grants the required scopes
 * legacy      LegacySseHandler            the 2024-11-05 endpoints (when configured)
 * router      SessionRouter               the era; 405 / 400 / 404, protocol version; -&gt; McpExchange or StatelessPost
 * post        PostHandler                 a POST's messages -&gt; the session (or, claimed by _meta, StatelessPost)
 * stateless   StatelessPostHandler        a 2026-07-28 POST: checks, then its own StatelessExchange
 * get         GetHandler                  the standalone stream, resumption
 * delete      DeleteHandler               ends the session
 * notFound    NotFoundHandler             404 for anything else
 * </pre>
 * The handlers from {@code requestStart} to {@code aggregator} keep the state of their connection
 * (a timer, the codec's and the aggregator's buffers, whether a refused body is being discarded,
 * how many body bytes the connection holds), so each connection gets its own. Those from
 * {@code sse} on keep none: they are {@link EndpointHandlers}, made once per server and shared.
 * A connection beyond {@code maxConnections} gets none of these: an encoder and a
 * {@link ConnectionRefusal} (shared too), which answers 503 at once.
 */
public final class ServerChannelInitializer extends ChannelInitializer<SocketChannel> {
    private final ServerContext context;
    private final List<String> allowedHosts;
    private final Consumer<ChannelPipeline> extra;
    private final Budget connections;
    private final Budget requestBytes;
    private final PeerShares peerBytes;
    private final ConnectionRefusal refusal;
    private final EndpointHandlers endpoint;
    private final AuthGate gate;

    /**
     * @param context     the server's shared state; never null
     * @param servedHost  the host of the address the server was asked to serve, which requests may
     *                    always name in {@code Host}; never null
     * @param extra       adds handlers for tests (at the head, to watch the bytes); may be null
     */
    public ServerChannelInitializer(ServerContext context, String servedHost, Consumer<ChannelPipeline> extra) {
        this(context, servedHost, extra, null);
    }

    /**
     * @param gate the OAuth resource server in front of the endpoints; null when the server is not
     *             protected
     */
    public ServerChannelInitializer(ServerContext context, String servedHost, Consumer<ChannelPipeline> extra,
            AuthGate gate) {
        this.context = Objects.requireNonNull(context, "context");
        List<String> hosts = new ArrayList<>(context.settings().allowedHosts());
        String served = servedHost.toLowerCase(Locale.ROOT);
        if (!hosts.contains(served)) {
            hosts.add(served);
        }
        this.allowedHosts = List.copyOf(hosts);
        this.extra = extra;
        this.connections = Budget.of("maxConnections", context.settings().maxConnections());
        this.requestBytes = Budget.of("maxBufferedRequestBytes", context.settings().maxBufferedRequestBytes());
        HttpServerSettings settings = context.settings();
        // one body of the longest kind always fits a client's share, and no share exceeds the whole
        this.peerBytes = new PeerShares("maxBufferedRequestBytesPerPeer", Math.min(settings.maxBufferedRequestBytes(),
                Math.max(settings.maxBufferedRequestBytesPerPeer(), settings.maxRequestBytes())));
        this.refusal = new ConnectionRefusal(connections, context.codec());
        this.endpoint = new EndpointHandlers(context, gate);
        this.gate = gate;
    }

    /** @return the open connections, out of {@code maxConnections} */
    public Budget connections() {
        return connections;
    }

    /** @return the bytes of request bodies being read, out of {@code maxBufferedRequestBytes} */
    public Budget requestBytes() {
        return requestBytes;
    }

    @Override
    protected void initChannel(SocketChannel channel) {
        if (!connections.tryTake(1)) {
            channel.pipeline().addLast("http", new HttpResponseEncoder());
            channel.pipeline().addLast("refusal", refusal);
            return;
        }
        channel.closeFuture().addListener(closed -> connections.giveBack(1));
        build(channel.pipeline());
    }

    /** Adds this server's handlers to {@code pipeline}: package-private so that tests run the real pipeline. */
    void build(ChannelPipeline pipeline) {
        HttpServerSettings settings = context.settings();
        ConnectionTimeouts timeouts = new ConnectionTimeouts(settings.requestReadTimeout(),
                settings.connectionIdleTimeout(), context.codec());
        pipeline.addLast("requestStart", timeouts.byteWatch());
        pipeline.addLast("http", new HttpServerCodec(new HttpDecoderConfig()
                .setMaxInitialLineLength(settings.maxInitialLineBytes())
                .setMaxHeaderSize(settings.maxHeaderBytes())));
        pipeline.addLast("timeouts", timeouts);
        pipeline.addLast("decoderFailure", new DecoderFailureHandler(settings));
        pipeline.addLast("keepAlive", new HttpServerKeepAliveHandler());
        pipeline.addLast("chunked", new ChunkedWriteHandler());
        pipeline.addLast("hostOrigin", new HostOriginFilter(allowedHosts, settings.allowedOrigins(), context.codec()));
        if (gate != null) {
            pipeline.addLast("tokenPresence", new TokenPresence(gate));
        }
        pipeline.addLast("bodyBudget", new RequestBodyBudget(requestBytes, peerBytes, context.codec()));
        pipeline.addLast("aggregator", new RequestAggregator(settings));
        endpoint.addTo(pipeline);
        if (extra != null) {
            extra.accept(pipeline);
        }
    }
}
