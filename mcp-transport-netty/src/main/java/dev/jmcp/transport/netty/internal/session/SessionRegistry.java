package dev.jmcp.transport.netty.internal.session;

import dev.jmcp.core.spi.Principal;
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
 * visible ASCII as the spec requires. On a protected server a session belongs to
 * the subject whose token opened it (the spec: bind session ids to user-specific information), and
 * is found only for that subject: another's request naming its id is told there is no such
 * session. Every request is still authenticated by its own token; the session proves nothing.
 * Thread-safe.
 */
public final class SessionRegistry {
    private static final System.Logger LOG = System.getLogger(SessionRegistry.class.getName());

    private final ConcurrentMap<String, RegisteredSession> sessions = new ConcurrentHashMap<>();
    /** The subject each session of a protected server belongs to, by session id. */
    private final ConcurrentMap<String, String> owners = new ConcurrentHashMap<>();
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
     * @param owner whom the request that opens it was authenticated as; null on a server that is not protected
     * @return the session, or null when {@code maxSessions} are open already
     */
    public <S extends RegisteredSession> S create(Function<String, S> factory, Principal owner) {
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
        if (owner != null) {
            owners.put(id, owner.subject());
        }
        sessions.put(id, session);
        return session;
    }

    /**
     * @param asker whom the request naming the session was authenticated as; null on a server that
     *              is not protected
     * @return the open session with this id, when it belongs to {@code asker}; else null
     */
    public RegisteredSession find(String id, Principal asker) {
        if (id == null) {
            return null;
        }
        String owner = owners.get(id);
        if (owner != null && (asker == null || !owner.equals(asker.subject()))) {
            return null;
        }
        return sessions.get(id);
    }

    /** Forgets {@code session}; the session calls this when it ends. */
    public void remove(RegisteredSession session) {
        if (sessions.remove(session.id(), session)) {
            owners.remove(session.id());
        }
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
