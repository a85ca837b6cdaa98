package dev.jmcp.core.spi;

import dev.jmcp.schema.codec.BlobSink;
import dev.jmcp.schema.codec.CodecLimits;
import java.util.Objects;

/**
 * What a client asks of the transport that {@link TransportProvider#connect(java.net.URI, ConnectOptions)}
 * makes, whatever the transport: only settings that every transport has a use for belong here.
 * Transport-specific settings (timeouts of a process, HTTP headers) stay with the provider, which a
 * caller constructs with them. Made by {@link #builder()}; immutable; two options with the same
 * settings are equal.
 *
 * @since 0.1
 */
public final class ConnectOptions {
    private static final ConnectOptions DEFAULTS = builder().build();

    private final CodecLimits limits;
    private final BlobSink blobSink;
    private final HttpAuthorizer authorizer;

    private ConnectOptions(Builder b) {
        this.limits = b.limits;
        this.blobSink = b.blobSink;
        this.authorizer = b.authorizer;
    }

    /** @return {@link CodecLimits#defaults()}, and blobs kept in memory */
    public static ConnectOptions defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these options */
    public Builder toBuilder() {
        return new Builder().limits(limits).blobSink(blobSink).authorizer(authorizer);
    }

    /**
     * @return the limits the transport's codec enforces on what the server sends, such as the
     *         longest message ({@link CodecLimits#maxMessageBytes()}); never null
     */
    public CodecLimits limits() {
        return limits;
    }

    /** @return where the transport's codec puts the bytes of the blobs the server sends; never null */
    public BlobSink blobSink() {
        return blobSink;
    }

    /**
     * @return what authorizes each HTTP request (OAuth, or a fixed token); null for none. A transport
     *         that does not speak HTTP ignores it: stdio takes its credentials from its environment
     * @since 0.1
     */
    public HttpAuthorizer authorizer() {
        return authorizer;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof ConnectOptions that && limits.equals(that.limits) && blobSink.equals(that.blobSink)
                && Objects.equals(authorizer, that.authorizer);
    }

    @Override
    public int hashCode() {
        return Objects.hash(limits, blobSink, authorizer);
    }

    @Override
    public String toString() {
        return "ConnectOptions[limits=" + limits + ", blobSink=" + blobSink + ", authorizer=" + authorizer + "]";
    }

    /**
     * Builds {@link ConnectOptions}. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private CodecLimits limits = CodecLimits.defaults();
        private BlobSink blobSink = BlobSink.IN_MEMORY;
        private HttpAuthorizer authorizer;

        private Builder() {
        }

        /** @param value null for none; see {@link ConnectOptions#authorizer()} */
        public Builder authorizer(HttpAuthorizer value) {
            this.authorizer = value;
            return this;
        }

        /** @param value never null; see {@link ConnectOptions#limits()} */
        public Builder limits(CodecLimits value) {
            this.limits = Objects.requireNonNull(value, "limits");
            return this;
        }

        /** @param value never null; see {@link ConnectOptions#blobSink()} */
        public Builder blobSink(BlobSink value) {
            this.blobSink = Objects.requireNonNull(value, "blobSink");
            return this;
        }

        /** @return the options */
        public ConnectOptions build() {
            return new ConnectOptions(this);
        }
    }
}
