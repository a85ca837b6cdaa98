package dev.jmcp.transport.netty.internal.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.transport.netty.HttpServerSettings;
import dev.jmcp.transport.netty.LeakCheck;
import dev.jmcp.transport.netty.internal.Leftovers;
import dev.jmcp.transport.netty.internal.Wire;
import io.netty.buffer.Unpooled;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.DefaultFullHttpRequest;
import io.netty.handler.codec.http.DefaultHttpRequest;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpVersion;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(LeakCheck.class)
class HostOriginFilterTest {
    private final EmbeddedChannel channel = new EmbeddedChannel(new HostOriginFilter(
            HttpServerSettings.DEFAULT_ALLOWED_HOSTS, HttpServerSettings.DEFAULT_ALLOWED_ORIGINS, McpCodec.defaults()));

    @AfterEach
    void nothingIsLeft() {
        Leftovers.assertNoneLeft(channel);
    }

    private static HttpRequest request(String host, String origin) {
        HttpRequest request = new DefaultHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/mcp");
        if (host != null) {
            request.headers().set("Host", host);
        }
        if (origin != null) {
            request.headers().set("Origin", origin);
        }
        return request;
    }

    @Test
    void loopbackHostsWithAnyPortAndLocalOriginsPass() {
        for (String host : List.of("localhost", "127.0.0.1:8080", "[::1]:3000", "LOCALHOST:1")) {
            HttpRequest request = request(host, "http://localhost:5173");
            channel.writeInbound(request);
            assertSame(request, channel.readInbound());
        }
        HttpRequest withoutOrigin = request("127.0.0.1", null);
        channel.writeInbound(withoutOrigin);
        assertSame(withoutOrigin, channel.readInbound());
        assertTrue(channel.isOpen());
    }

    @Test
    void aForeignHostIsMisdirectedAndTheBodyIsDropped() {
        DefaultFullHttpRequest request = new DefaultFullHttpRequest(HttpVersion.HTTP_1_1, HttpMethod.POST, "/mcp",
                Unpooled.copiedBuffer("{\"a\":1}", StandardCharsets.UTF_8));
        request.headers().set("Host", "evil.example:80");
        channel.writeInbound(request);
        assertNull(channel.readInbound());
        assertEquals(0, request.refCnt(), "the refused request is released");
        Wire wire = Wire.drain(channel);
        assertEquals(421, wire.status());
        assertTrue(wire.text().contains("allowedHosts"),
                "the error names the setting");
        assertFalse(channel.isOpen(), "the connection is closed after a refusal");
    }

    @Test
    void aForeignOriginIsForbidden() {
        for (String origin : List.of("https://evil.example", "null", "http://localhost.evil.example")) {
            EmbeddedChannel fresh = new EmbeddedChannel(new HostOriginFilter(HttpServerSettings.DEFAULT_ALLOWED_HOSTS,
                    HttpServerSettings.DEFAULT_ALLOWED_ORIGINS, McpCodec.defaults()));
            fresh.writeInbound(request("localhost", origin));
            Wire wire = Wire.drain(fresh);
            assertEquals(403, wire.status(), origin);
            assertTrue(wire.text().contains("allowedOrigins"));
            Leftovers.assertNoneLeft(fresh);
        }
    }

    @Test
    void anHttp11RequestWithoutHostIsBad() {
        channel.writeInbound(request(null, null));
        assertEquals(400, Wire.drain(channel).status());
    }

    @Test
    void originEntriesWithAPortMatchThatPortOnly() {
        HostOriginFilter filter = new HostOriginFilter(List.of("*"), List.of("http://app.example:3000"),
                McpCodec.defaults());
        assertTrue(filter.originAllowed("http://app.example:3000"));
        assertFalse(filter.originAllowed("http://app.example:3001"));
        assertFalse(filter.originAllowed("https://app.example:3000"));
        assertTrue(filter.hostAllowed("anything.example"));
        assertEquals("[::1]", HostOriginFilter.hostName("[::1]:80"));
        assertNull(HostOriginFilter.hostName("[::1"));
    }
}
