package dev.jmcp.transport.netty.internal.session;

/** A session the {@link SessionRegistry} holds: Streamable HTTP or legacy HTTP+SSE. */
public interface RegisteredSession {

    /** @return the session id: 32 hex digits; never null */
    String id();

    /** @return the {@link System#nanoTime()} of the last request, or of the last stream to close */
    long lastActivity();

    /** @return whether a client connection is open on one of the session's streams */
    boolean hasOpenStream();

    /** Ends the session: its streams end and its transport closes; idempotent. */
    void close();
}
