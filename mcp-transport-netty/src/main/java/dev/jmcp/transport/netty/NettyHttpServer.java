package dev.jmcp.transport.netty;

import dev.jmcp.core.auth.ResourceProtection;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.transport.netty.internal.auth.AuthGate;
import dev.jmcp.core.spi.Serving;
import dev.jmcp.transport.netty.internal.body.BodyProducers;
import dev.jmcp.transport.netty.internal.server.ServerChannelInitializer;
import dev.jmcp.transport.netty.internal.server.ServerContext;
import dev.jmcp.transport.netty.internal.session.SessionRegistry;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelOption;
import io.netty.channel.ChannelPipeline;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.ScheduledFuture;
import java.io.IOException;
import java.lang.System.Logger.Level;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.time.Duration;
import java.util.Locale;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

/**
 * A Streamable HTTP server (protocol revisions 2025-03-26 to 2025-11-25, and the stateless
 * 2026-07-28) on Netty, and optionally the HTTP+SSE endpoints of 2024-11-05. Each client that
 * sends {@code initialize} gets a session: a {@link McpTransport} handed to {@code onSession}, not
 * yet started, typically to build a {@link dev.jmcp.core.session.ServerSession} on. Each request of
 * the stateless era gets a transport of its own, handed to {@code onSession} the same way, which
 * delivers that one request and closes once it has been answered (or its client has gone).
 *
 * <p>It listens on a loopback address unless {@link HttpServerSettings#allowRemoteBind()} says
 * otherwise, validates {@code Host} (421) and {@code Origin} (403) on every request, and ends
 * sessions idle for {@link HttpServerSettings#sessionIdleTimeout()}. It holds at most
 * {@link HttpServerSettings#maxConnections()} connections, closes those whose request does not
 * arrive within {@link HttpServerSettings#requestReadTimeout()} or that sit idle for
 * {@link HttpServerSettings#connectionIdleTimeout()}, and reads at most
 * {@link HttpServerSettings#maxBufferedRequestBytes()} of request bodies at once. Threads:
 * {@link HttpServerSettings#ioThreads()} daemon event-loop threads named
 * {@code jmcp-http-<n>-<k>}, which also run the idle check, and up to
 * {@link HttpServerSettings#maxBodyProducers()} daemon threads named {@code jmcp-http-body-<k>},
 * which encode the response bodies that read a blob's file or stream, so that an event loop never
 * waits for a disk or a provider; they all end with {@link #close()}.
 *
 * @since 0.1
 */
public final class NettyHttpServer implements Serving {
    private static final System.Logger LOG = System.getLogger(NettyHttpServer.class.getName());
    private static final AtomicInteger SERVERS = new AtomicInteger();
    /** The path served when the address has none. */
    public static final String DEFAULT_PATH = "/mcp";

    private final EventLoopGroup group;
    private final BodyProducers producers;
    private final Channel serverChannel;
    private final SessionRegistry sessions;
    private final ServerChannelInitializer connections;
    private final ScheduledFuture<?> idleCheck;
    private final URI uri;
    private final AtomicBoolean closed = new AtomicBoolean();
    private final AuthGate gate; // null when not protected

    private NettyHttpServer(EventLoopGroup group, BodyProducers producers, Channel serverChannel,
            SessionRegistry sessions, ServerChannelInitializer connections, ScheduledFuture<?> idleCheck, URI uri,
            AuthGate gate) {
        this.gate = gate;
        this.group = group;
        this.producers = producers;
        this.serverChannel = serverChannel;
        this.sessions = sessions;
        this.connections = connections;
        this.idleCheck = idleCheck;
        this.uri = uri;
    }

    /**
     * Starts serving.
     *
     * @param address   {@code http://HOST[:PORT][/PATH]}: the host to listen on (such as
     *                  {@code 127.0.0.1}), the port (80 when absent, 0 for any free one) and the MCP
     *                  endpoint's path ({@code /mcp} when absent); never null
     * @param settings  never null
     * @param onSession receives each new session's transport, not yet started; never null
     * @return the running server; never null
     * @throws IllegalArgumentException when {@code address} is not such a URI, is {@code https}
     *         (this server does not terminate TLS), or names an address that is not a loopback
     *         address while {@code allowRemoteBind} is false
     * @throws IOException when the address cannot be bound
     */
    public static NettyHttpServer start(URI address, HttpServerSettings settings, Consumer<McpTransport> onSession)
            throws IOException {
        return start(address, settings, ResourceProtection.defaults(), onSession, null);
    }

    /**
     * Starts serving as {@link #start(URI, HttpServerSettings, Consumer)} does, as an OAuth 2.1
     * resource server when {@code protection} is {@linkplain ResourceProtection#enabled() enabled}:
     * the RFC 9728 metadata is served at {@code /.well-known/oauth-protected-resource} (alone and
     * with the endpoint's path after it), and every request to the MCP endpoint (and to the legacy
     * HTTP+SSE ones) needs a bearer token that the verifier accepts and that grants
     * {@link ResourceProtection#scopesRequired()}: else 401, 400, 403 or 503, each with its
     * {@code WWW-Authenticate} challenge. The verified principal is each request's
     * {@link dev.jmcp.core.spi.Caller#principal()}.
     *
     * @param protection how to protect the endpoints; {@link ResourceProtection#defaults()} for not at all
     * @return the running server; never null
     * @throws IOException as for {@link #start(URI, HttpServerSettings, Consumer)}
     * @since 0.1
     */
    public static NettyHttpServer start(URI address, HttpServerSettings settings, ResourceProtection protection,
            Consumer<McpTransport> onSession) throws IOException {
        return start(address, settings, protection, onSession, null);
    }

    static NettyHttpServer start(URI address, HttpServerSettings settings, Consumer<McpTransport> onSession,
            Consumer<ChannelPipeline> extra) throws IOException {
        return start(address, settings, ResourceProtection.defaults(), onSession, extra);
    }

    static NettyHttpServer start(URI address, HttpServerSettings settings, ResourceProtection protection,
            Consumer<McpTransport> onSession, Consumer<ChannelPipeline> extra) throws IOException {
        Objects.requireNonNull(address, "address");
        Objects.requireNonNull(settings, "settings");
        Objects.requireNonNull(protection, "protection");
        Objects.requireNonNull(onSession, "onSession");
        String scheme = address.getScheme() == null ? "" : address.getScheme().toLowerCase(Locale.ROOT);
        if (scheme.equals("https")) {
            throw new IllegalArgumentException("this server does not terminate TLS: serve http on a loopback "
                    + "address behind a TLS proxy; was " + address);
        }
        if (!scheme.equals("http") || address.getHost() == null || address.getRawQuery() != null
                || address.getRawFragment() != null) {
            throw new IllegalArgumentException("the address to serve must be http://HOST[:PORT][/PATH] without a "
                    + "query or fragment; was " + address);
        }
        String path = address.getPath() == null || address.getPath().isEmpty() ? DEFAULT_PATH : address.getPath();
        InetAddress host = InetAddress.getByName(address.getHost());
        if (!host.isLoopbackAddress() && !settings.allowRemoteBind()) {
            throw new IllegalArgumentException("refusing to listen on " + host.getHostAddress() + ", which is not a "
                    + "loopback address: set allowRemoteBind=true (and allowedHosts) to serve other machines");
        }
        int port = address.getPort() < 0 ? 80 : address.getPort();
        SessionRegistry sessions = new SessionRegistry(settings.maxSessions(), settings.sessionIdPrefix());
        BodyProducers producers = new BodyProducers(settings.maxBodyProducers());
        ServerContext context = new ServerContext(settings, path, sessions, onSession, producers);
        EventLoopGroup group = new MultiThreadIoEventLoopGroup(settings.ioThreads(),
                new DefaultThreadFactory("jmcp-http-" + SERVERS.incrementAndGet(), true), NioIoHandler.newFactory());
        AuthGate gate = protection.enabled() ? new AuthGate(protection, protectedPaths(settings, path), path,
                settings.codec()) : null;
        ServerChannelInitializer initializer = new ServerChannelInitializer(context, address.getHost(), extra, gate);
        Channel channel;
        try {
            channel = new ServerBootstrap()
                    .group(group)
                    .channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(
                            settings.writeBufferHighWaterMark() / 2, settings.writeBufferHighWaterMark()))
                    .childHandler(initializer)
                    .bind(new InetSocketAddress(host, port))
                    .syncUninterruptibly()
                    .channel();
        } catch (Exception e) {
            group.shutdownGracefully(0, 1, TimeUnit.SECONDS);
            producers.close();
            if (gate != null) {
                gate.close();
            }
            throw e instanceof IOException io ? io
                    : new IOException("could not listen on " + host.getHostAddress() + ":" + port + ": " + e, e);
        }
        Duration timeout = settings.sessionIdleTimeout();
        long period = Math.max(10, Math.min(timeout.toMillis() / 4, 30_000));
        ScheduledFuture<?> idleCheck = group.next().scheduleAtFixedRate(
                () -> sessions.evictIdle(System.nanoTime(), timeout.toNanos()), period, period, TimeUnit.MILLISECONDS);
        int bound = ((InetSocketAddress) channel.localAddress()).getPort();
        String hostText = address.getHost();
        URI uri = URI.create("http://" + hostText + ":" + bound + path);
        if (gate != null) {
            gate.served(uri);
        }
        LOG.log(Level.INFO, "serving MCP at {0}{1}", uri, gate == null ? "" : ", protected by " + protection.verifier().name());
        return new NettyHttpServer(group, producers, channel, sessions, initializer, idleCheck, uri, gate);
    }

    /** @return the MCP endpoint's path and, when they are served, the legacy HTTP+SSE ones */
    private static Set<String> protectedPaths(HttpServerSettings settings, String path) {
        Set<String> paths = new HashSet<>();
        paths.add(path);
        if (settings.legacySsePath() != null) {
            paths.add(settings.legacySsePath());
            paths.add(settings.legacyMessagesPath());
        }
        return paths;
    }

    /** @return the MCP endpoint with the port actually bound, such as {@code http://127.0.0.1:53817/mcp}; never null */
    public URI uri() {
        return uri;
    }

    /** @return {@link #uri()} */
    @Override
    public URI address() {
        return uri;
    }

    /** @return how many sessions are open */
    public int sessionCount() {
        return sessions.size();
    }

    /** @return how many connections are open, out of {@code maxConnections} */
    int connectionCount() {
        return (int) connections.connections().used();
    }

    /** @return the bytes of request bodies being read, out of {@code maxBufferedRequestBytes} */
    long bufferedRequestBytes() {
        return connections.requestBytes().used();
    }

    /** Stops listening, ends every session and stops the event-loop and body threads; idempotent. */
    @Override
    public void close() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        idleCheck.cancel(false);
        serverChannel.close().awaitUninterruptibly(2, TimeUnit.SECONDS);
        sessions.closeAll();
        group.shutdownGracefully(0, 2, TimeUnit.SECONDS).awaitUninterruptibly(3, TimeUnit.SECONDS);
        // after the connections: closing them has already stopped the bodies they were writing
        producers.close();
        if (gate != null) {
            gate.close();
        }
        LOG.log(Level.DEBUG, "stopped serving {0}", uri);
    }

    @Override
    public String toString() {
        return "NettyHttpServer[" + uri + "]";
    }
}
