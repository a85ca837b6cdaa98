package dev.jmcp.core.spi;

import dev.jmcp.schema.codec.CodecLimits;
import java.util.Objects;

/**
 * What a client asks of the transport that {@link TransportProvider#connect(java.net.URI, ConnectOptions)}
 * makes, whatever the transport: only settings that every transport has a use for belong here.
 * Transport-specific settings (timeouts of a process, HTTP headers) stay with the provider, which a
 * caller constructs with them.
 *
 * @param limits the limits the transport's codec enforces on what the server sends, such as the
 *               longest message ({@link CodecLimits#maxMessageBytes()}); never null
 * @since 0.1
 */
public record ConnectOptions(CodecLimits limits) {

    /** {@link CodecLimits#DEFAULTS}. */
    public static final ConnectOptions DEFAULTS = new ConnectOptions(CodecLimits.DEFAULTS);

    public ConnectOptions {
        Objects.requireNonNull(limits, "limits");
    }

    /** @return these options with other limits */
    public ConnectOptions withLimits(CodecLimits value) {
        return new ConnectOptions(value);
    }
}
