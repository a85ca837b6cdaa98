package dev.jmcp.core.internal.session;

import java.util.Locale;

/**
 * Which end of a connection a session is. Besides naming the session's threads, it decides who
 * answers input that cannot be read: JSON-RPC has a server answer bad input with an error, and a
 * client, which has no request of the server's to answer there, stays silent.
 */
public enum Side {
    /** The session of an MCP client. */
    CLIENT,
    /** The session of an MCP server. */
    SERVER;

    /** @return {@code "client"} or {@code "server"}, for thread names and logs */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
