package dev.jmcp.transport.netty.internal.auth;

import dev.jmcp.core.auth.InvalidTokenException;
import dev.jmcp.core.auth.ResourceProtection;
import dev.jmcp.core.auth.TokenVerifier;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.transport.netty.internal.server.HttpErrors;
import dev.jmcp.transport.netty.internal.server.RequestPaths;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.util.ReferenceCountUtil;
import io.netty.util.concurrent.DefaultThreadFactory;
import java.lang.System.Logger.Level;
import java.net.URI;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * The OAuth 2.1 resource server in front of the MCP endpoints (Streamable HTTP of both eras and the
 * legacy HTTP+SSE paths): serves the RFC 9728 metadata, and lets a request to an endpoint go on only
 * with a bearer token that the {@link TokenVerifier} accepts and that grants every scope the
 * settings require. Otherwise: no token, 401 with the challenge; a header that is not one token,
 * 400 {@code invalid_request}; a token refused or longer than {@code maxTokenBytes}, 401
 * {@code invalid_token}; missing scopes, 403 {@code insufficient_scope}; a verifier that cannot
 * decide (or fails in any other way), 503 naming it. Nothing of a refused request reaches the
 * session.
 *
 * <p>The verifier may block (a key set or an introspection endpoint on the network), so it runs on
 * {@code verifierThreads} threads of this gate's own, named {@code jmcp-http-auth-<k>}, never on an
 * event loop; the connection reads nothing meanwhile (so a pipelined request cannot overtake), which
 * also bounds the queue by {@code maxConnections}. The token lives in that one call: it is never
 * logged, stored, or passed on; what goes on is the {@link Principal}, for that request only
 * ({@link RequestPrincipal}).
 */
@ChannelHandler.Sharable
public final class AuthGate extends ChannelInboundHandlerAdapter {
    private static final System.Logger LOG = System.getLogger(AuthGate.class.getName());

    private final ResourceProtection protection;
    private final Set<String> endpoints;
    private final String servedPath;
    private final McpCodec codec;
    private final ExecutorService verifiers;
    private volatile ResourceMetadata metadata; // set once the address is bound
    private volatile Challenges challenges;

    /**
     * @param protection enabled; never null
     * @param endpoints  the paths that need a token: the MCP endpoint, and the legacy ones when served
     * @param servedPath the MCP endpoint's path
     * @param codec      for error bodies
     */
    public AuthGate(ResourceProtection protection, Set<String> endpoints, String servedPath, McpCodec codec) {
        if (!protection.enabled()) {
            throw new IllegalArgumentException("protection without a verifier protects nothing");
        }
        this.protection = protection;
        this.endpoints = Set.copyOf(endpoints);
        this.servedPath = Objects.requireNonNull(servedPath, "servedPath");
        this.codec = Objects.requireNonNull(codec, "codec");
        ThreadPoolExecutor pool = new ThreadPoolExecutor(protection.verifierThreads(), protection.verifierThreads(),
                30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), new DefaultThreadFactory("jmcp-http-auth", true));
        pool.allowCoreThreadTimeOut(true);
        this.verifiers = pool;
    }

    /** The server is bound at {@code uri}: the canonical resource URI, unless the settings name one. */
    public void served(URI uri) {
        URI resource = protection.resource() != null ? protection.resource() : uri;
        ResourceMetadata document = new ResourceMetadata(protection, resource, servedPath);
        challenges = new Challenges(document.url(), protection.scopesRequired(), codec);
        metadata = document;
    }

    /** Stops the verifier threads; verifications still running are interrupted. */
    public void close() {
        verifiers.shutdownNow();
    }

    /**
     * @return the answer to a request that its head shows will be refused (to an endpoint, without a
     *         bearer token or with a malformed one), for {@link TokenPresence} to send before the body
     *         is read; null when the request may go on to be verified
     */
    FullHttpResponse refusalOnHead(HttpRequest request) {
        Challenges ready = challenges;
        String path = RequestPaths.of(request.uri());
        if (ready == null || path == null || !endpoints.contains(path)) {
            return null; // this gate answers, in order, once the request is whole
        }
        try {
            return BearerTokens.of(request.headers()).isEmpty() ? ready.missing() : null;
        } catch (IllegalArgumentException malformed) {
            return ready.malformed(malformed.getMessage());
        }
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (!(msg instanceof FullHttpRequest request)) {
            ctx.fireChannelRead(msg);
            return;
        }
        String path = RequestPaths.of(request.uri());
        ResourceMetadata document = metadata;
        if (path == null || !(endpoints.contains(path) || document != null && document.servedAt(path))) {
            ctx.fireChannelRead(msg); // another handler answers, or refuses, what is neither
            return;
        }
        if (document == null) {
            refuse(ctx, request, HttpErrors.busy("the server is starting: its resource metadata is not ready", codec));
            return;
        }
        if (!endpoints.contains(path)) {
            metadata(ctx, request, document);
            return;
        }
        String token;
        try {
            token = BearerTokens.of(request.headers());
        } catch (IllegalArgumentException malformed) {
            refuse(ctx, request, challenges.malformed(malformed.getMessage()));
            return;
        }
        if (token.isEmpty()) {
            refuse(ctx, request, challenges.missing());
            return;
        }
        if (token.length() > protection.maxTokenBytes()) { // a b64token is ASCII: a char is a byte
            refuse(ctx, request, challenges.invalid("a token of " + token.length() + " bytes exceeds maxTokenBytes="
                    + protection.maxTokenBytes()));
            return;
        }
        ctx.channel().config().setAutoRead(false);
        try {
            verifiers.execute(() -> {
                Object outcome = verify(token);
                try {
                    ctx.executor().execute(() -> decided(ctx, request, outcome));
                } catch (RejectedExecutionException loopGone) { // the server is closing: nobody will answer
                    ReferenceCountUtil.release(request);
                    ReferenceCountUtil.release(outcome);
                }
            });
        } catch (RejectedExecutionException closing) {
            ctx.channel().config().setAutoRead(true);
            refuse(ctx, request, HttpErrors.busy("the server is closing", codec));
        }
    }

    /** @return the principal, or the response that refuses the request */
    private Object verify(String token) {
        TokenVerifier verifier = protection.verifier();
        try {
            Principal principal = verifier.verify(token);
            if (principal == null) {
                return challenges.unavailable(verifier.name(), "it returned no principal");
            }
            return principal;
        } catch (InvalidTokenException refused) {
            LOG.log(Level.DEBUG, "a token was refused by {0}: {1}", verifier.name(), refused.getMessage());
            return challenges.invalid(refused.getMessage());
        } catch (RuntimeException | Error failed) { // unavailable, or broken: never a pass
            LOG.log(Level.WARNING, "the token verifier {0} could not decide: {1}", verifier.name(), failed.toString());
            return challenges.unavailable(verifier.name(), String.valueOf(failed.getMessage()));
        }
    }

    private void decided(ChannelHandlerContext ctx, FullHttpRequest request, Object outcome) {
        if (!ctx.channel().isActive()) {
            ReferenceCountUtil.release(request);
            if (outcome instanceof FullHttpResponse unsent) {
                unsent.release();
            }
            return;
        }
        ctx.channel().config().setAutoRead(true);
        if (outcome instanceof FullHttpResponse refusal) {
            refuse(ctx, request, refusal);
            return;
        }
        Principal principal = (Principal) outcome;
        if (!principal.scopes().containsAll(protection.scopesRequired())) {
            refuse(ctx, request, challenges.insufficientScope(protection.scopesRequired()));
            return;
        }
        RequestPrincipal.during(ctx.channel(), principal, () -> ctx.fireChannelRead(request));
    }

    private void metadata(ChannelHandlerContext ctx, FullHttpRequest request, ResourceMetadata document) {
        if (!request.method().equals(HttpMethod.GET)) {
            FullHttpResponse refusal = HttpErrors.error(HttpResponseStatus.METHOD_NOT_ALLOWED,
                    "the protected resource metadata is read with GET, not " + request.method(), codec);
            refusal.headers().set(HttpHeaderNames.ALLOW, "GET");
            refuse(ctx, request, refusal);
            return;
        }
        byte[] body = document.document();
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK,
                Unpooled.wrappedBuffer(body));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length)
                .set(HttpHeaderNames.ACCESS_CONTROL_ALLOW_ORIGIN, "*"); // public, and read by browser clients
        refuse(ctx, request, response);
    }

    /** Answers {@code request} with {@code response} and releases it. */
    private static void refuse(ChannelHandlerContext ctx, FullHttpRequest request, FullHttpResponse response) {
        ReferenceCountUtil.release(request);
        ctx.writeAndFlush(response);
    }

    @Override
    public String toString() {
        return "AuthGate[" + protection.verifier().name() + "]";
    }
}
