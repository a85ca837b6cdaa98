package dev.jmcp.transport.netty.internal.session;

import java.lang.System.Logger.Level;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.function.Function;

/**
 * The open sessions of one server by id. Ids are the server's prefix (a replica's name, for a load
 * balancer's stickiness), then 128 random bits from {@link SecureRandom} in hex: unguessable, and
 * visible ASCII as the spec requires. Thread-safe.
 */
public final class SessionRegistry {
    private static final System.Logger LOG = System.getLogger(SessionRegistry.class.getName());

    private final ConcurrentMap<String, RegisteredSession> sessions = new ConcurrentHashMap<>();
    private final SecureRandom random = new SecureRandom();
    private final int maxSessions;
    private final String prefix;

    /** @param maxSessions the setting {@code maxSessions}; ids without a prefix */
    public SessionRegistry(int maxSessions) {
        this(maxSessions, "");
    }

    /**
     * @param maxSessions the setting {@code maxSessions}
     * @param prefix      the setting {@code sessionIdPrefix}
     */
    public SessionRegistry(int maxSessions, String prefix) {
        this.maxSessions = maxSessions;
        this.prefix = prefix;
    }

    /**
     * Creates and registers a session under a fresh id.
     *
     * @return the session, or null when {@code maxSessions} are open already
     */
    public <S extends RegisteredSession> S create(Function<String, S> factory) {
        if (sessions.size() >= maxSessions) {
            return null;
        }
        byte[] bits = new byte[16];
        String id;
        do {
            random.nextBytes(bits);
            id = prefix + HexFormat.of().formatHex(bits);
        } while (sessions.containsKey(id));
        S session = factory.apply(id);
        sessions.put(id, session);
        return session;
    }

    /** @return the open session with this id, or null */
    public RegisteredSession find(String id) {
        return id == null ? null : sessions.get(id);
    }

    /** Forgets {@code session}; the session calls this when it ends. */
    public void remove(RegisteredSession session) {
        sessions.remove(session.id(), session);
    }

    /** @return how many sessions are open */
    public int size() {
        return sessions.size();
    }

    /** Ends the sessions that have had no request for {@code timeoutNanos} and have no open stream. */
    public void evictIdle(long nowNanos, long timeoutNanos) {
        for (RegisteredSession session : List.copyOf(sessions.values())) {
            if (nowNanos - session.lastActivity() > timeoutNanos && !session.hasOpenStream()) {
                LOG.log(Level.DEBUG, "ending idle session {0}: sessionIdleTimeout={1} ms", session.id(),
                        String.valueOf(timeoutNanos / 1_000_000));
                session.close();
            }
        }
    }

    /** Ends every session. */
    public void closeAll() {
        for (RegisteredSession session : List.copyOf(sessions.values())) {
            session.close();
        }
    }
}
