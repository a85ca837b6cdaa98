package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.schema.codec.McpCodec;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Refuses requests a browser could be tricked into sending, before their body is read: a
 * {@code Host} that is not one of the allowed names gets 421 (DNS rebinding: a page of
 * {@code evil.example} whose name now resolves to 127.0.0.1 still says {@code Host: evil.example}),
 * an {@code Origin} that is not allowed gets 403, as the spec requires. An HTTP/1.1 request without
 * {@code Host}, or with more than one {@code Host} or {@code Origin}, gets 400. The refused request's body is dropped and the connection closed.
 */
public final class HostOriginFilter extends ChannelInboundHandlerAdapter {
    private static final System.Logger LOG = System.getLogger(HostOriginFilter.class.getName());

    private final List<String> allowedHosts;
    private final List<String> allowedOrigins;
    private final McpCodec codec;
    private boolean discarding;

    /**
     * @param allowedHosts   lower-case host names (any port), or {@code *}; never null
     * @param allowedOrigins lower-case origins, {@code scheme://host} (any port) or
     *                       {@code scheme://host:port}, or {@code *}; never null
     * @param codec          writes the error bodies; never null
     */
    public HostOriginFilter(List<String> allowedHosts, List<String> allowedOrigins, McpCodec codec) {
        this.allowedHosts = List.copyOf(allowedHosts);
        this.allowedOrigins = List.copyOf(allowedOrigins);
        this.codec = Objects.requireNonNull(codec, "codec");
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (msg instanceof HttpRequest request) {
            String refusal = refusal(request);
            if (refusal == null) {
                discarding = false;
                ctx.fireChannelRead(msg);
                return;
            }
            discarding = !(msg instanceof LastHttpContent);
            ReferenceCountUtil.release(msg);
            HttpResponseStatus status = refusal.startsWith("Host") ? HttpErrors.MISDIRECTED_REQUEST
                    : refusal.startsWith("Origin") ? HttpResponseStatus.FORBIDDEN : HttpResponseStatus.BAD_REQUEST;
            LOG.log(Level.DEBUG, "refused {0} {1}: {2}", request.method(), request.uri(), refusal);
            HttpErrors.sendAndClose(ctx, HttpErrors.error(status, refusal, codec));
            return;
        }
        if (discarding && msg instanceof HttpContent content) {
            discarding = !(content instanceof LastHttpContent);
            content.release();
            return;
        }
        ctx.fireChannelRead(msg);
    }

    /** @return why {@code request} is refused, starting with the header's name; null when it passes */
    String refusal(HttpRequest request) {
        // which of several a proxy or a later handler would use is anyone's guess: check none, refuse
        if (request.headers().getAll(HttpHeaderNames.HOST).size() > 1) {
            return "more than one Host header (RFC 9112, 3.2)";
        }
        if (request.headers().getAll(HttpHeaderNames.ORIGIN).size() > 1) {
            return "more than one Origin header (RFC 6454, 7.3)";
        }
        String host = request.headers().get(HttpHeaderNames.HOST);
        if (host == null) {
            if (request.protocolVersion().equals(HttpVersion.HTTP_1_0)) {
                return origin(request);
            }
            return "a Host header is required (RFC 9112, 3.2)";
        }
        if (!hostAllowed(host)) {
            return "Host '" + host + "' is not allowed: it must name one of allowedHosts=" + allowedHosts
                    + " (protection against DNS rebinding)";
        }
        return origin(request);
    }

    private String origin(HttpRequest request) {
        String origin = request.headers().get(HttpHeaderNames.ORIGIN);
        if (origin == null || originAllowed(origin)) {
            return null;
        }
        return "Origin '" + origin + "' is not allowed: it must be one of allowedOrigins=" + allowedOrigins;
    }

    boolean hostAllowed(String hostHeader) {
        if (allowedHosts.contains("*")) {
            return true;
        }
        String name = hostName(hostHeader.strip().toLowerCase(Locale.ROOT));
        return name != null && allowedHosts.contains(name);
    }

    /** @return the name part of a {@code Host} value ({@code [::1]} keeps its brackets); null when malformed */
    static String hostName(String host) {
        if (host.startsWith("[")) {
            int end = host.indexOf(']');
            if (end < 0 || !(end == host.length() - 1 || host.charAt(end + 1) == ':')) {
                return null;
            }
            return host.substring(0, end + 1);
        }
        int colon = host.indexOf(':');
        String name = colon < 0 ? host : host.substring(0, colon);
        return name.isEmpty() ? null : name;
    }

    boolean originAllowed(String origin) {
        if (allowedOrigins.contains("*")) {
            return true;
        }
        URI uri;
        try {
            uri = new URI(origin.strip().toLowerCase(Locale.ROOT));
        } catch (java.net.URISyntaxException e) {
            return false;
        }
        if (uri.getScheme() == null || uri.getHost() == null) {
            return false; // includes the opaque origin "null"
        }
        String withoutPort = uri.getScheme() + "://" + uri.getHost();
        String withPort = uri.getPort() < 0 ? withoutPort : withoutPort + ":" + uri.getPort();
        return allowedOrigins.contains(withoutPort) || allowedOrigins.contains(withPort);
    }
}
