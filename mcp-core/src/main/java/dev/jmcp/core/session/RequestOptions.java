package dev.jmcp.core.session;

import java.time.Duration;

/**
 * How one outbound request is sent.
 *
 * @param timeout          how long to wait for the response; null for the session's
 *                         {@link SessionSettings#requestTimeout()}; positive when set
 * @param progressListener receives the peer's {@code notifications/progress} for this request; when
 *                         set, the session puts a {@code progressToken} into the request's
 *                         {@code _meta}; may be null
 * @since 0.1
 */
public record RequestOptions(Duration timeout, ProgressListener progressListener) {
    private static final RequestOptions DEFAULTS = new RequestOptions(null, null);

    public RequestOptions {
        if (timeout != null && (timeout.isZero() || timeout.isNegative())) {
            throw new IllegalArgumentException("timeout must be positive, was " + timeout);
        }
    }

    /** @return the session's timeout and no progress */
    public static RequestOptions defaults() {
        return DEFAULTS;
    }

    /** @return options with this timeout and no progress */
    public static RequestOptions timeout(Duration timeout) {
        return new RequestOptions(timeout, null);
    }

    /** @return options that report progress to {@code listener}, with the session's timeout */
    public static RequestOptions progress(ProgressListener listener) {
        return new RequestOptions(null, java.util.Objects.requireNonNull(listener, "listener"));
    }

    /** @return these options with another timeout; null for the session's */
    public RequestOptions withTimeout(Duration value) {
        return new RequestOptions(value, progressListener);
    }

    /** @return these options with another progress listener; null for none */
    public RequestOptions withProgress(ProgressListener value) {
        return new RequestOptions(timeout, value);
    }
}
