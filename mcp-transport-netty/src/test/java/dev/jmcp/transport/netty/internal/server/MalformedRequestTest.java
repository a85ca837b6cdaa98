package dev.jmcp.transport.netty.internal.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.transport.netty.HttpServerSettings;
import dev.jmcp.transport.netty.LeakCheck;
import dev.jmcp.transport.netty.internal.Leftovers;
import dev.jmcp.transport.netty.internal.body.BodyProducers;
import dev.jmcp.transport.netty.internal.session.SessionRegistry;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Requests the HTTP decoder cannot read, or that a server must not guess about, on the real
 * connection pipeline fed with raw bytes: each gets its own status, a JSON-RPC error without an
 * id that names the rule or setting, and the connection is closed.
 */
@ExtendWith(LeakCheck.class)
class MalformedRequestTest {
    private static final String BIG = "a".repeat(70 * 1024);

    private final BodyProducers producers = new BodyProducers(1);
    private EmbeddedChannel channel;

    @AfterEach
    void releaseEverything() {
        try {
            Leftovers.assertNoneLeft(channel);
        } finally {
            producers.close();
        }
    }

    /** @return the raw response to {@code bytes}, sent on a fresh connection with {@code settings} */
    private String exchange(HttpServerSettings settings, String bytes) {
        ServerContext context = new ServerContext(settings, "/mcp", new SessionRegistry(2), t -> { }, producers);
        channel = new EmbeddedChannel();
        new ServerChannelInitializer(context, "127.0.0.1", null).build(channel.pipeline());
        channel.writeInbound(Unpooled.copiedBuffer(bytes, StandardCharsets.ISO_8859_1));
        StringBuilder out = new StringBuilder();
        for (ByteBuf buf; (buf = channel.readOutbound()) != null; buf.release()) {
            out.append(buf.toString(StandardCharsets.UTF_8));
        }
        return out.toString();
    }

    private String exchange(String bytes) {
        return exchange(HttpServerSettings.defaults(), bytes);
    }

    private static String post(String headers, String body) {
        return "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Accept: application/json, text/event-stream\r\n" + headers
                + "Content-Length: " + body.length() + "\r\n\r\n" + body;
    }

    private void assertRefused(String response, int status, String named) {
        assertTrue(response.startsWith("HTTP/1.1 " + status + " "), response.lines().findFirst().orElse(response));
        String body = response.substring(response.indexOf("\r\n\r\n") + 4);
        assertTrue(body.startsWith("{\"jsonrpc\":\"2.0\",\"error\":{"), body);
        assertFalse(body.contains("\"id\""), body);
        assertTrue(body.contains(named), body);
        assertTrue(response.contains("connection: close"), response);
        assertFalse(channel.isOpen(), "the connection is closed: the byte stream may be out of step");
    }

    @Test
    void aHeaderOverTheLimitIs431() {
        assertRefused(exchange(post("X-Big: " + BIG + "\r\n", "{}")), 431, "maxHeaderBytes=8192");
    }

    @Test
    void aRequestLineOverTheLimitIs414() {
        assertRefused(exchange("GET /mcp?" + BIG + " HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"), 414,
                "maxInitialLineBytes=4096");
    }

    @Test
    void bytesThatAreNotHttpAre400() {
        assertRefused(exchange("\u0001\u0002 garbage \u00ff\r\n\r\n"), 400, "not a valid HTTP/1.1 request");
    }

    @Test
    void twoHostHeadersAre400() {
        assertRefused(exchange(post("Host: evil.example\r\n", "{}")), 400, "more than one Host header");
    }

    @Test
    void twoOriginHeadersAre400() {
        assertRefused(exchange(post("Origin: http://localhost\r\nOrigin: http://evil.example\r\n", "{}")), 400,
                "more than one Origin header");
    }

    @Test
    void aBodyOverTheLimitIs413NamingTheSetting() {
        McpCodec small = McpCodec.builder().limits(CodecLimits.builder().maxMessageBytes(1024).build()).build();
        String body = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ping\",\"params\":{\"pad\":\"" + "x".repeat(2000) + "\"}}";
        assertRefused(exchange(HttpServerSettings.builder().codec(small).build(), post("", body)), 413,
                "maxMessageBytes=1024");
    }

    @Test
    void anExpectationTheServerCannotMeetIs417NamingIt() {
        String response = exchange(post("Expect: something-else\r\n", "{}"));
        assertTrue(response.startsWith("HTTP/1.1 417 "), response);
        assertTrue(response.contains("only Expect: 100-continue is understood; Expect was something-else"), response);
    }

    @Test
    void aBodyDeclaredOverTheLimitBeforeItIsSentIs413NamingTheSetting() {
        McpCodec small = McpCodec.builder().limits(CodecLimits.builder().maxMessageBytes(1024).build()).build();
        String head = "POST /mcp HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                + "Accept: application/json, text/event-stream\r\nExpect: 100-continue\r\nContent-Length: 2000\r\n\r\n";
        String response = exchange(HttpServerSettings.builder().codec(small).build(), head);
        assertTrue(response.startsWith("HTTP/1.1 413 "), response);
        assertTrue(response.contains("maxMessageBytes=1024"), response);
    }
}
