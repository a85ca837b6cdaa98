package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.ServerSession;
import java.util.Objects;

/**
 * How {@code McpServer} gives the sessions it builds what they share with each other (the key that
 * seals {@code requestState}s, the bound on requests in flight), which are implementation and so not
 * on {@link ServerSession.Builder}'s public API. {@link ServerSession.Builder} registers the setter
 * when its class is initialized, which has happened once a builder exists.
 */
public final class ServerSessionAccess {
    /** Sets the shared state of a builder. */
    @FunctionalInterface
    public interface Setter {
        void share(ServerSession.Builder builder, RequestStates states, RequestBudget budget);
    }

    private static volatile Setter setter;

    private ServerSessionAccess() {
    }

    /** Called once, by {@link ServerSession.Builder}'s static initializer. */
    public static void register(Setter value) {
        setter = Objects.requireNonNull(value, "setter");
    }

    /**
     * @param states seals the {@code requestState} of multi round-trip requests; null for a key of the session's own
     * @param budget a bound on requests in flight shared with other sessions; null for none
     * @return {@code builder}
     */
    public static ServerSession.Builder share(ServerSession.Builder builder, RequestStates states, RequestBudget budget) {
        setter.share(builder, states, budget);
        return builder;
    }
}
