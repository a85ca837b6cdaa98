package dev.jmcp.transport.netty;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.jmcp.schema.codec.CodecLimits;
import dev.jmcp.schema.codec.McpCodec;
import java.time.Duration;
import org.junit.jupiter.api.Test;

/** The connection settings: checked when set, kept by {@code toBuilder()}, and the body budget fits a message. */
class HttpServerSettingsTest {
    @Test
    void aBodyBudgetSmallerThanTheLongestMessageIsRefusedNamingBoth() {
        HttpServerSettings.Builder builder = HttpServerSettings.builder().maxBufferedRequestBytes(1024 * 1024);
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, builder::build);
        assertEquals("maxBufferedRequestBytes=1048576 is less than the codec's maxMessageBytes=16777216: a body that "
                + "long could never be read; raise maxBufferedRequestBytes or lower maxMessageBytes", e.getMessage());
        McpCodec small = McpCodec.builder().limits(CodecLimits.builder().maxMessageBytes(1024 * 1024).build()).build();
        assertEquals(1024 * 1024, builder.codec(small).build().maxBufferedRequestBytes());
    }

    @Test
    void theConnectionSettingsAreCheckedAndKept() {
        assertEquals("requestReadTimeout must be positive, was PT0S", assertThrows(IllegalArgumentException.class,
                () -> HttpServerSettings.builder().requestReadTimeout(Duration.ZERO)).getMessage());
        assertEquals("maxConnections must be >= 1, was 0", assertThrows(IllegalArgumentException.class,
                () -> HttpServerSettings.builder().maxConnections(0)).getMessage());
        HttpServerSettings settings = HttpServerSettings.builder().requestReadTimeout(Duration.ofSeconds(5))
                .connectionIdleTimeout(Duration.ofSeconds(7)).maxConnections(9)
                .maxBufferedRequestBytes(1L << 30).build().toBuilder().build();
        assertEquals(Duration.ofSeconds(5), settings.requestReadTimeout());
        assertEquals(Duration.ofSeconds(7), settings.connectionIdleTimeout());
        assertEquals(9, settings.maxConnections());
        assertEquals(1L << 30, settings.maxBufferedRequestBytes());
    }
}
