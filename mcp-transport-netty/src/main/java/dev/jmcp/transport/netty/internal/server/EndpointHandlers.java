package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.transport.netty.internal.auth.AuthGate;
import dev.jmcp.transport.netty.internal.body.JsonBodyWriter;
import dev.jmcp.transport.netty.internal.legacy.LegacySseHandler;
import dev.jmcp.transport.netty.internal.sse.SseWriter;
import dev.jmcp.transport.netty.internal.stateless.StatelessPostHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelPipeline;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The handlers of a server's pipeline that keep nothing of a connection: the two response writers
 * and the MCP endpoint's router and method handlers (and the HTTP+SSE handler when the legacy
 * endpoints are served). Each is {@link ChannelHandler.Sharable}; a server makes one set when it
 * starts, and every connection's pipeline holds the same instances, instead of making nine objects
 * per connection. Whatever does keep a connection's state (the HTTP codec, the timeouts, the
 * Host/Origin filter that discards a refused body, the request body budget's count, the
 * aggregator) is made per connection by {@link ServerChannelInitializer}; the state these share is
 * the server's own ({@link ServerContext}), which is safe across event loops.
 */
public final class EndpointHandlers {
    private final Map<String, ChannelHandler> handlers = new LinkedHashMap<>();

    /** @param context the server's shared state; never null */
    public EndpointHandlers(ServerContext context) {
        this(context, null);
    }

    /**
     * @param gate what lets only authorized requests reach the endpoints, ahead of them all; null
     *             when the server is not protected
     */
    public EndpointHandlers(ServerContext context, AuthGate gate) {
        Objects.requireNonNull(context, "context");
        handlers.put("sse", new SseWriter(context.bodies()));
        handlers.put("json", new JsonBodyWriter(context.bodies()));
        if (gate != null) {
            handlers.put("auth", gate);
        }
        if (context.settings().legacySsePath() != null) {
            handlers.put("legacy", new LegacySseHandler(context));
        }
        handlers.put("router", new SessionRouter(context));
        handlers.put("post", new PostHandler(context));
        handlers.put("stateless", new StatelessPostHandler(context));
        handlers.put("get", new GetHandler(context));
        handlers.put("delete", new DeleteHandler());
        handlers.put("notFound", new NotFoundHandler(context.codec()));
    }

    /** Adds the handlers, by name and in order, at the end of {@code pipeline}. */
    public void addTo(ChannelPipeline pipeline) {
        handlers.forEach(pipeline::addLast);
    }

    /** @return the handlers in pipeline order, for a test's {@code EmbeddedChannel} */
    public ChannelHandler[] inOrder() {
        return handlers.values().toArray(ChannelHandler[]::new);
    }
}
