package dev.jmcp.core.session;

import java.time.Duration;
import java.util.Objects;

/**
 * The named limits of a session, each with a default. Errors caused by a limit name it, such as
 * {@code "too many requests in flight: maxInFlightRequests=64"}.
 *
 * @param requestTimeout      how long an outbound request waits for its response before it fails
 *                            with {@link RequestTimeoutException} and the peer is sent
 *                            {@code notifications/cancelled}; a call may set its own through
 *                            {@link RequestOptions}; never null, positive
 * @param maxInFlightRequests the most inbound requests that may be handled at once; a request
 *                            beyond it is answered with an error naming this setting; at least 1
 * @param handlerThreads      the threads of the executor that runs handlers when the builder is not
 *                            given one (sessions of a {@link dev.jmcp.core.McpServer} always are:
 *                            they share the server's, see {@link dev.jmcp.core.ServerSettings}); at least 1
 * @since 0.1
 */
public record SessionSettings(Duration requestTimeout, int maxInFlightRequests, int handlerThreads) {
    /** 60 seconds. */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofSeconds(60);
    /** 64 requests. */
    public static final int DEFAULT_MAX_IN_FLIGHT_REQUESTS = 64;
    /** 4 threads: handlers that wait on I/O should return a {@code CompletionStage} instead. */
    public static final int DEFAULT_HANDLER_THREADS = 4;

    /** The defaults. */
    public static final SessionSettings DEFAULTS =
            new SessionSettings(DEFAULT_REQUEST_TIMEOUT, DEFAULT_MAX_IN_FLIGHT_REQUESTS, DEFAULT_HANDLER_THREADS);

    public SessionSettings {
        Objects.requireNonNull(requestTimeout, "requestTimeout");
        if (requestTimeout.isZero() || requestTimeout.isNegative()) {
            throw new IllegalArgumentException("requestTimeout must be positive, was " + requestTimeout);
        }
        if (maxInFlightRequests < 1) {
            throw new IllegalArgumentException("maxInFlightRequests must be >= 1, was " + maxInFlightRequests);
        }
        if (handlerThreads < 1) {
            throw new IllegalArgumentException("handlerThreads must be >= 1, was " + handlerThreads);
        }
    }

    /** @return these settings with another {@code requestTimeout} */
    public SessionSettings withRequestTimeout(Duration value) {
        return new SessionSettings(value, maxInFlightRequests, handlerThreads);
    }

    /** @return these settings with another {@code maxInFlightRequests} */
    public SessionSettings withMaxInFlightRequests(int value) {
        return new SessionSettings(requestTimeout, value, handlerThreads);
    }

    /** @return these settings with another {@code handlerThreads} */
    public SessionSettings withHandlerThreads(int value) {
        return new SessionSettings(requestTimeout, maxInFlightRequests, value);
    }
}
