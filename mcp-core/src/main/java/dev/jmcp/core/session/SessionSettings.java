package dev.jmcp.core.session;

import java.time.Duration;
import java.util.Objects;

/**
 * The named limits of one session, each with a default. Made by {@link #builder()}; immutable.
 * Errors caused by a limit name it, such as
 * {@code "too many requests in flight: maxRequestsInFlightPerSession=64"}. The threads that run a
 * session's handlers are not a setting of its own: a session of a {@link dev.jmcp.core.McpServer}
 * runs on the server's executor ({@link dev.jmcp.core.ServerSettings#handlerThreads()}), any other on
 * the executor given to its builder, or on a small pool of its own.
 *
 * @since 0.1
 */
public final class SessionSettings {
    /** 60 seconds. */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(60);
    /** {@value} requests. */
    public static final int DEFAULT_MAX_REQUESTS_IN_FLIGHT_PER_SESSION = 64;

    private static final SessionSettings DEFAULTS = builder().build();

    private final Duration requestTimeout;
    private final int maxRequestsInFlightPerSession;

    private SessionSettings(Builder b) {
        this.requestTimeout = b.requestTimeout;
        this.maxRequestsInFlightPerSession = b.maxRequestsInFlightPerSession;
    }

    /** @return the defaults */
    public static SessionSettings defaults() {
        return DEFAULTS;
    }

    /** @return a builder that starts from the defaults */
    public static Builder builder() {
        return new Builder();
    }

    /** @return a builder that starts from these settings */
    public Builder toBuilder() {
        return new Builder().requestTimeout(requestTimeout).maxRequestsInFlightPerSession(maxRequestsInFlightPerSession);
    }

    /**
     * @return how long an outbound request waits for its response before it fails with
     *         {@link RequestTimeoutException} and the peer is sent {@code notifications/cancelled};
     *         a call may set its own through {@link RequestOptions}; positive
     */
    public Duration requestTimeout() {
        return requestTimeout;
    }

    /**
     * @return the most inbound requests this one session handles at once; a request beyond it is
     *         answered with an error naming this setting. A server bounds all its sessions together
     *         too, by {@link dev.jmcp.core.ServerSettings#maxRequestsInFlight()}. At least 1
     */
    public int maxRequestsInFlightPerSession() {
        return maxRequestsInFlightPerSession;
    }

    @Override
    public String toString() {
        return "SessionSettings[requestTimeout=" + requestTimeout + ", maxRequestsInFlightPerSession="
                + maxRequestsInFlightPerSession + "]";
    }

    /**
     * Builds {@link SessionSettings}; each method checks its value at once and names the setting when
     * it refuses one. Not thread-safe.
     *
     * @since 0.1
     */
    public static final class Builder {
        private Duration requestTimeout = DEFAULT_REQUEST_TIMEOUT;
        private int maxRequestsInFlightPerSession = DEFAULT_MAX_REQUESTS_IN_FLIGHT_PER_SESSION;

        private Builder() {
        }

        /** @param value positive; see {@link SessionSettings#requestTimeout()} */
        public Builder requestTimeout(Duration value) {
            Objects.requireNonNull(value, "requestTimeout");
            if (value.isZero() || value.isNegative()) {
                throw new IllegalArgumentException("requestTimeout must be positive, was " + value);
            }
            this.requestTimeout = value;
            return this;
        }

        /** @param value at least 1; see {@link SessionSettings#maxRequestsInFlightPerSession()} */
        public Builder maxRequestsInFlightPerSession(int value) {
            if (value < 1) {
                throw new IllegalArgumentException("maxRequestsInFlightPerSession must be >= 1, was " + value);
            }
            this.maxRequestsInFlightPerSession = value;
            return this;
        }

        /** @return the settings */
        public SessionSettings build() {
            return new SessionSettings(this);
        }
    }
}
