package dev.jmcp.core.internal.session;

import dev.jmcp.core.session.ServerSession;
import java.util.Objects;

/**
 * How {@code McpServer} reaches what {@link ServerSession} keeps off its public API: a builder
 * that takes what the server's connections share ({@link ServerShared}), and a session face over
 * a {@link ServerConnection} that is not a session's engine (one stateless request). The class
 * registers them when it is initialized, which this class makes sure has happened.
 */
public final class ServerSessionAccess {
    /** What {@link ServerSession} gives this package. */
    public interface Access {
        /** Has {@code builder} build its session on {@code shared} instead of state of its own. */
        void share(ServerSession.Builder builder, ServerShared shared);

        /** @return the public face of {@code connection} */
        ServerSession face(ServerConnection connection);
    }

    private static volatile Access access;

    private ServerSessionAccess() {
    }

    /** Called once, by {@link ServerSession}'s static initializer. */
    public static void register(Access value) {
        access = Objects.requireNonNull(value, "access");
    }

    /** @return {@code builder}, which builds its session on {@code shared} */
    public static ServerSession.Builder share(ServerSession.Builder builder, ServerShared shared) {
        access().share(builder, Objects.requireNonNull(shared, "shared"));
        return builder;
    }

    /** @return the public face of {@code connection} */
    static ServerSession face(ServerConnection connection) {
        return access().face(connection);
    }

    private static Access access() {
        Access value = access;
        if (value == null) {
            try { // a server may serve stateless requests before any session class is touched
                Class.forName(ServerSession.class.getName(), true, ServerSession.class.getClassLoader());
            } catch (ClassNotFoundException e) {
                throw new IllegalStateException(e);
            }
            value = access;
        }
        return value;
    }
}
