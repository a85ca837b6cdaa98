package dev.jmcp.core.spi;

import dev.jmcp.schema.codec.BlobSink;
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
 * @param blobSink where the transport's codec puts the bytes of the blobs the server sends;
 *                 never null
 * @since 0.1
 */
public record ConnectOptions(CodecLimits limits, BlobSink blobSink) {

    /** {@link CodecLimits#DEFAULTS}, and blobs kept in memory. */
    public static final ConnectOptions DEFAULTS = new ConnectOptions(CodecLimits.DEFAULTS, BlobSink.IN_MEMORY);

    public ConnectOptions {
        Objects.requireNonNull(limits, "limits");
        Objects.requireNonNull(blobSink, "blobSink");
    }

    /** Options with these limits, and blobs kept in memory. */
    public ConnectOptions(CodecLimits limits) {
        this(limits, BlobSink.IN_MEMORY);
    }

    /** @return these options with other limits */
    public ConnectOptions withLimits(CodecLimits value) {
        return new ConnectOptions(value, blobSink);
    }

    /** @return these options with another blob sink */
    public ConnectOptions withBlobSink(BlobSink value) {
        return new ConnectOptions(limits, value);
    }
}
