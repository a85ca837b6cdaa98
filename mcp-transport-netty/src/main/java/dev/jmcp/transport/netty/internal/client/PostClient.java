package dev.jmcp.transport.netty.internal.client;

import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import io.netty.bootstrap.Bootstrap;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.buffer.ByteBufOutputStream;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.HttpClientCodec;
import io.netty.handler.codec.http.HttpDecoderConfig;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.ssl.SslContext;
import io.netty.handler.ssl.SslContextBuilder;
import io.netty.handler.ssl.SslHandler;
import io.netty.util.concurrent.FastThreadLocalThread;
import java.io.IOException;
import java.net.URI;
import java.util.Deque;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedDeque;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLParameters;

/**
 * Sends a {@link ClientConnection}'s POSTs on Netty: keep-alive HTTP/1.1 connections (TLS for
 * {@code https}, the host name verified), each carrying one request at a time and kept for the next
 * once its answer is complete, and one event-loop thread that writes the requests and decodes the
 * answers ({@link PostExchange}). The POST is the client's hot path: every request is one.
 */
final class PostClient {
    /**
     * The longest piece of an answer's body the HTTP decoder hands on: as long as a socket read
     * brings, not Netty's default 8 KiB, so that a long answer is not handled 8 KiB at a time.
     */
    private static final int CONTENT_PIECE_BYTES = 64 * 1024;
    private final ClientConnection connection;
    private final EventLoopGroup group;
    private final Bootstrap bootstrap;
    private final Deque<Channel> idle = new ConcurrentLinkedDeque<>();
    private final Set<Channel> open = ConcurrentHashMap.newKeySet();
    private final String path;
    private final String host;

    /**
     * @param connection the connection whose POSTs these are
     * @param threadName the event loop's thread name
     */
    PostClient(ClientConnection connection, String threadName) {
        this.connection = connection;
        URI target = connection.target;
        boolean tls = target.getScheme().equalsIgnoreCase("https");
        int port = target.getPort() >= 0 ? target.getPort() : tls ? 443 : 80;
        this.host = target.getHost() + (target.getPort() >= 0 ? ":" + target.getPort() : "");
        String rawPath = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        this.path = target.getRawQuery() == null ? rawPath : rawPath + "?" + target.getRawQuery();
        SslContext ssl = tls ? sslContext() : null;
        this.group = new MultiThreadIoEventLoopGroup(1, task -> {
            Thread thread = new FastThreadLocalThread(task, threadName);
            thread.setDaemon(true);
            return thread;
        }, NioIoHandler.newFactory());
        this.bootstrap = new Bootstrap()
                .group(group)
                .channel(NioSocketChannel.class)
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS,
                        (int) Math.min(Integer.MAX_VALUE, connection.settings.connectTimeout().toMillis()))
                .remoteAddress(unbracketed(target.getHost()), port)
                .handler(new ChannelInitializer<SocketChannel>() {
                    @Override
                    protected void initChannel(SocketChannel channel) {
                        if (ssl != null) {
                            channel.pipeline().addLast(verified(ssl.newHandler(channel.alloc(),
                                    unbracketed(target.getHost()), port)));
                        }
                        channel.pipeline().addLast(new HttpClientCodec(new HttpDecoderConfig().setMaxChunkSize(CONTENT_PIECE_BYTES),
                                HttpClientCodec.DEFAULT_FAIL_ON_MISSING_RESPONSE,
                                HttpClientCodec.DEFAULT_PARSE_HTTP_AFTER_CONNECT_REQUEST),
                                new ExchangeHandler(PostClient.this));
                    }
                });
    }

    private static SslContext sslContext() {
        try {
            return SslContextBuilder.forClient().build(); // the JDK's trust store, as java.net.http's default
        } catch (SSLException e) {
            throw new IllegalStateException("no TLS client context: " + e.getMessage(), e);
        }
    }

    private static SslHandler verified(SslHandler handler) {
        SSLParameters parameters = handler.engine().getSSLParameters();
        parameters.setEndpointIdentificationAlgorithm("HTTPS");
        handler.engine().setSSLParameters(parameters);
        return handler;
    }

    private static String unbracketed(String host) {
        return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
    }

    /**
     * Sends {@code payload}. The future completes when the answer has come: at its head for an SSE
     * stream (whose events are delivered as they come), after the message for a JSON body; it
     * fails when the POST could not be sent or was refused.
     */
    CompletableFuture<Void> post(JsonRpcPayload payload) {
        return post(payload, 1);
    }

    /** As {@link #post(JsonRpcPayload)}, for the {@code attempt}th time (after a 401 or 403 the authorizer answered). */
    CompletableFuture<Void> post(JsonRpcPayload payload, int attempt) {
        ByteBuf body = ByteBufAllocator.DEFAULT.buffer(512);
        try (ByteBufOutputStream out = new ByteBufOutputStream(body)) {
            connection.settings.codec().write(payload, out);
        } catch (IOException | RuntimeException e) {
            body.release();
            return CompletableFuture.failedFuture(connection.wrap(e, "POST"));
        }
        FullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, path, body);
        request.headers().set(HttpHeaderNames.HOST, host)
                .set(HttpHeaderNames.ACCEPT, ClientConnection.ACCEPT_BOTH)
                .set(HttpHeaderNames.CONTENT_TYPE, "application/json")
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.readableBytes());
        try {
            connection.eachHeader(payload, request.headers()::set);
        } catch (RuntimeException e) { // an authorizer's header refused, say: the body was never handed on
            request.release();
            return CompletableFuture.failedFuture(connection.wrap(e, "POST"));
        }
        PostExchange exchange = new PostExchange(connection, payload, attempt);
        Channel channel;
        while ((channel = idle.pollFirst()) != null && !channel.isActive()) {
            // closed while it waited (the server's idle timeout): take the next
        }
        if (channel != null) {
            start(channel, request, exchange);
        } else {
            connectAndStart(request, exchange);
        }
        return exchange.sent;
    }

    private void connectAndStart(FullHttpRequest request, PostExchange exchange) {
        ChannelFuture connecting;
        try {
            connecting = bootstrap.connect();
        } catch (RuntimeException e) { // the client closed meanwhile: its event loop takes no more work
            request.release();
            exchange.broken(e);
            return;
        }
        connecting.addListener(done -> {
            if (done.isSuccess()) {
                open.add(connecting.channel());
                start(connecting.channel(), request, exchange);
            } else {
                request.release();
                exchange.broken(done.cause());
            }
        });
    }

    private void start(Channel channel, FullHttpRequest request, PostExchange exchange) {
        try {
            channel.eventLoop().execute(() -> begin(channel, request, exchange));
        } catch (RejectedExecutionException e) {
            // the client closed meanwhile (its event loop is shutting down): nothing will write the body
            request.release();
            exchange.broken(e);
        }
    }

    private void begin(Channel channel, FullHttpRequest request, PostExchange exchange) {
        if (!channel.isActive()) {
            connectAndStart(request, exchange); // a pooled connection the server closed meanwhile
            return;
        }
        channel.pipeline().get(ExchangeHandler.class).begin(exchange);
        channel.writeAndFlush(request).addListener(written -> {
            if (!written.isSuccess()) {
                channel.close(); // the handler hands the failure to the exchange
            }
        });
    }

    /** A connection whose answer is complete, ready for the next request. */
    void release(Channel channel) {
        if (connection.closed.get()) {
            channel.close();
        } else {
            idle.addFirst(channel);
        }
    }

    void closed(Channel channel) {
        open.remove(channel);
        idle.remove(channel);
    }

    /** Closes every connection (any answer still coming breaks off) and stops the event loop. */
    void close() {
        open.forEach(Channel::close);
        group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
}
