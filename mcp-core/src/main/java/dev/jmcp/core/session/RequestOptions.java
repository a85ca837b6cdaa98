package dev.jmcp.core.session;

import java.time.Duration;
import java.util.Objects;

/**
 * How one outbound request is sent. Made by {@link #timeout(Duration)} or
 * {@link #progress(ProgressListener)} for one option, by {@link #builder()} for both; immutable.
 *
 * @since 0.1
 */
public final class RequestOptions {
    private static final RequestOptions DEFAULTS = builder().build();

    private final Duration timeout;
    private final ProgressListener progressListener;

    private RequestOptions(Builder b) {
        this.timeout = b.timeout;
        this.progressListener = b.progressListener;
    }

    /** @return the session's timeout and no progress */
    public static RequestOptions defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from {@link #defaults()} */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these options */
    public Builder toBuilder() {
        return new Builder().timeout(timeout).progressListener(progressListener);
    }

    /** @return options with this timeout and no progress; positive */
    public static RequestOptions timeout(Duration timeout) {
        return builder().timeout(Objects.requireNonNull(timeout, "timeout")).build();
    }

    /** @return options that report progress to {@code listener}, with the session's timeout */
    public static RequestOptions progress(ProgressListener listener) {
        return builder().progressListener(Objects.requireNonNull(listener, "listener")).build();
    }

    /**
     * @return how long to wait for the response; null for the session's
     *         {@link SessionSettings#requestTimeout()}; positive when set
     */
    public Duration timeout() {
        return timeout;
    }

    /**
     * @return what receives the peer's {@code notifications/progress} for this request; when set, the
     *         session puts a {@code progressToken} into the request's {@code _meta}; may be null
     */
    public ProgressListener progressListener() {
        return progressListener;
    }

    @Override
    public String toString() {
        return "RequestOptions[timeout=" + timeout + ", progressListener=" + progressListener + "]";
    }

    /**
     * Builds {@link RequestOptions}; each method checks its value at once and names the setting when
     * it refuses one. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private Duration timeout;
        private ProgressListener progressListener;

        private Builder() {
        }

        /** @param value positive; null for the session's; see {@link RequestOptions#timeout()} */
        public Builder timeout(Duration value) {
            if (value != null && (value.isZero() || value.isNegative())) {
                throw new IllegalArgumentException("timeout must be positive, was " + value);
            }
            this.timeout = value;
            return this;
        }

        /** @param value null for none; see {@link RequestOptions#progressListener()} */
        public Builder progressListener(ProgressListener value) {
            this.progressListener = value;
            return this;
        }

        /** @return the options */
        public RequestOptions build() {
            return new RequestOptions(this);
        }
    }
}
