package dev.jmcp.core.internal.session;

import dev.jmcp.core.internal.Failures;
import dev.jmcp.core.session.RequestTimeoutException;
import dev.jmcp.core.session.SessionClosedException;
import dev.jmcp.core.session.VersionNegotiation;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.DiscoverResult;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.IOException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The client's {@code server/discover} probe (2026-07-28, "backward compatibility"), and what its
 * outcome says about the server: a {@code DiscoverResult} or a recognized 2026-07-28 error means a
 * server of the stateless era; any other error, or silence until the probe timeout, means a server
 * of the {@code initialize} revisions. A transport failure or a closed connection says nothing
 * about the era, and fails the connection.
 */
final class ClientDiscovery {
    private static final JsonProvider JSON = JsonRuntime.provider();
    /** The errors only a server of 2026-07-28 sends: they identify its era, whatever they refuse. */
    private static final Set<Integer> MODERN_ERRORS = Set.of(ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION,
            ErrorCodes.MISSING_REQUIRED_CLIENT_CAPABILITY, ErrorCodes.HEADER_MISMATCH);

    /** What the probe learnt. */
    sealed interface Outcome {
    }

    /** The server answered: it speaks the stateless era. */
    record Modern(DiscoverResult result) implements Outcome {
    }

    /**
     * The server speaks the stateless era, but not the probed revision: its {@code -32022} lists
     * those it speaks.
     */
    record Unsupported(ProtocolException error, List<String> supported) implements Outcome {
    }

    /** The server is of the {@code initialize} era, for this reason. */
    record Legacy(String reason) implements Outcome {
    }

    private ClientDiscovery() {
    }

    /**
     * Sends {@code server/discover} with {@code meta}.
     *
     * @return the outcome; fails with the transport's failure, a closed session, or a 2026-07-28
     *         error other than {@code -32022}
     */
    static CompletableFuture<Outcome> probe(SessionEngine engine, JsonObject meta, VersionNegotiation how) {
        JsonObject params = JSON.createObjectBuilder().add("_meta", meta).build();
        return engine.lifecycleRequest(McpMethodNames.SERVER_DISCOVER, params, DiscoverResult.class,
                        how.probeTimeout())
                .handle((result, failure) -> failure == null ? new Modern(result) : classify(Failures.unwrap(failure),
                        how))
                .thenCompose(outcome -> outcome instanceof Failed failed ? CompletableFuture.failedFuture(failed.cause)
                        : CompletableFuture.completedFuture(outcome));
    }

    /** A failure that says nothing about the era. */
    private record Failed(Throwable cause) implements Outcome {
    }

    private static Outcome classify(Throwable failure, VersionNegotiation how) {
        if (failure instanceof RequestTimeoutException) {
            return new Legacy("no answer to server/discover within probeTimeout="
                    + how.probeTimeout().toMillis() + " ms");
        }
        if (failure instanceof ProtocolException error) {
            if (error.code() == ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION) {
                return new Unsupported(error, supported(error.data()));
            }
            if (MODERN_ERRORS.contains(error.code())) {
                return new Failed(error);
            }
            return new Legacy("server/discover failed with " + error.code() + " " + error.getMessage());
        }
        if (failure instanceof SessionClosedException || hasIoCause(failure)) {
            return new Failed(failure);
        }
        // such as an HTTP 4xx whose body is no JSON-RPC error: the spec's sign of an older server
        return new Legacy("server/discover failed: " + failure.getMessage());
    }

    private static boolean hasIoCause(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof IOException) {
                return true;
            }
        }
        return false;
    }

    /** @return the {@code supported} revisions of a {@code -32022}'s data; empty when it has none */
    private static List<String> supported(JsonValue data) {
        if (data instanceof JsonObject object && object.get("supported") instanceof JsonArray array) {
            return array.stream().filter(JsonString.class::isInstance).map(v -> ((JsonString) v).getString()).toList();
        }
        return List.of();
    }
}
