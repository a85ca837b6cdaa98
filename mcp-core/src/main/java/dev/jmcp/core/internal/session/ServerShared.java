package dev.jmcp.core.internal.session;

import java.util.Objects;
import java.util.concurrent.ExecutorService;

/**
 * What every session and every stateless request of one {@code McpServer} share, made once when
 * the server is built: the features' handlers (each feature registers once), the stateless era's
 * rules with the server's identity already in JSON, the key that seals {@code requestState}s, the
 * bound on requests in flight and the handler threads.
 *
 * @param handlers      never null
 * @param stateless     the stateless era (2026-07-28); null for a server that speaks only the handshake era
 * @param requestStates never null
 * @param budget        never null
 * @param executor      never null
 */
public record ServerShared(HandlerTable handlers, StatelessServer stateless, RequestStates requestStates,
        RequestBudget budget, ExecutorService executor) {
    public ServerShared {
        Objects.requireNonNull(handlers, "handlers");
        Objects.requireNonNull(requestStates, "requestStates");
        Objects.requireNonNull(budget, "budget");
        Objects.requireNonNull(executor, "executor");
    }
}
