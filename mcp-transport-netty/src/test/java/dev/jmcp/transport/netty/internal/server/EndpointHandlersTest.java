package dev.jmcp.transport.netty.internal.server;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.transport.netty.HttpServerSettings;
import dev.jmcp.transport.netty.LeakCheck;
import dev.jmcp.transport.netty.internal.Leftovers;
import dev.jmcp.transport.netty.internal.body.BodyProducers;
import dev.jmcp.transport.netty.internal.session.SessionRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The handlers that keep nothing of a connection are made once per server and shared by every
 * connection's pipeline; those that do keep a connection's state are made per connection.
 */
@ExtendWith(LeakCheck.class)
class EndpointHandlersTest {
    private static final List<String> SHARED = List.of("sse", "json", "legacy", "router", "post", "stateless",
            "get", "delete", "notFound");
    private static final List<String> OWN = List.of("requestStart", "http", "timeouts", "decoderFailure",
            "keepAlive", "chunked", "hostOrigin", "bodyBudget", "aggregator");

    private final BodyProducers producers = new BodyProducers(1);
    private final ServerChannelInitializer initializer = new ServerChannelInitializer(new ServerContext(
            HttpServerSettings.defaults(), "/mcp", new SessionRegistry(2), t -> { }, producers), "127.0.0.1", null);
    private final EmbeddedChannel first = connection();
    private final EmbeddedChannel second = connection();

    @AfterEach
    void releaseEverything() {
        try {
            Leftovers.assertNoneLeft(List.of(first, second));
        } finally {
            producers.close();
        }
    }

    private EmbeddedChannel connection() {
        EmbeddedChannel channel = new EmbeddedChannel();
        initializer.build(channel.pipeline());
        return channel;
    }

    @Test
    void everyConnectionHoldsTheSameSharableEndpointHandlers() {
        for (String name : SHARED) {
            ChannelHandler handler = first.pipeline().get(name);
            assertSame(handler, second.pipeline().get(name), name);
            assertTrue(handler.getClass().isAnnotationPresent(ChannelHandler.Sharable.class), name);
        }
    }

    @Test
    void handlersThatKeepAConnectionsStateAreItsOwn() {
        for (String name : OWN) {
            assertNotSame(first.pipeline().get(name), second.pipeline().get(name), name);
        }
    }

    @Test
    void connectionsInterleavedOnSharedHandlersGetTheirOwnAnswers() {
        first.writeInbound(bytes("GET /elsewhere HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
        second.writeInbound(bytes("DELETE /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
        first.writeInbound(bytes("DELETE /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"));
        String one = drain(first);
        String two = drain(second);
        assertTrue(one.startsWith("HTTP/1.1 404 "), one);
        assertTrue(one.indexOf("HTTP/1.1 400 ") > 0, one);
        assertTrue(two.startsWith("HTTP/1.1 400 "), two);
        assertTrue(!two.contains("404"), two);
    }

    private static ByteBuf bytes(String text) {
        return Unpooled.copiedBuffer(text, StandardCharsets.ISO_8859_1);
    }

    private static String drain(EmbeddedChannel channel) {
        StringBuilder out = new StringBuilder();
        for (ByteBuf buf; (buf = channel.readOutbound()) != null; buf.release()) {
            out.append(buf.toString(StandardCharsets.UTF_8));
        }
        return out.toString();
    }
}
