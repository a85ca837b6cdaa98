package dev.jmcp.transport.netty.internal.body;

import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The part of a server-wide amount that each peer (a client's IP address, over all its connections)
 * holds, bounded by a named setting ({@code maxBufferedRequestBytesPerPeer}), so that one client
 * cannot take all of it and the others keep being served. A peer that holds nothing has no entry.
 * Thread-safe.
 */
public final class PeerShares {
    private final String setting;
    private final long max;
    private final Map<Object, Long> held = new ConcurrentHashMap<>();

    /**
     * @param setting the setting's name, for messages
     * @param max     the most one peer holds
     */
    public PeerShares(String setting, long max) {
        this.setting = setting;
        this.max = max;
    }

    /** @return who a connection's bytes count for: its remote IP address (any port), or the address itself */
    public static Object peerOf(SocketAddress remote) {
        return remote instanceof InetSocketAddress inet && inet.getAddress() != null ? inet.getAddress() : remote;
    }

    /** @return whether {@code bytes} were taken for {@code peer}; false, taking nothing, past its share */
    public boolean tryTake(Object peer, long bytes) {
        boolean[] taken = new boolean[1];
        held.compute(peer, (key, now) -> {
            long before = now == null ? 0 : now;
            if (before + bytes > max) {
                return now;
            }
            taken[0] = true;
            return before + bytes;
        });
        return taken[0];
    }

    /** Gives back {@code bytes} that {@code peer} took. */
    public void giveBack(Object peer, long bytes) {
        if (bytes > 0) {
            held.computeIfPresent(peer, (key, now) -> now - bytes <= 0 ? null : now - bytes);
        }
    }

    /** @return what {@code peer} holds now */
    public long heldBy(Object peer) {
        return held.getOrDefault(peer, 0L);
    }

    /** @return {@code <setting>=<value>}, for messages */
    @Override
    public String toString() {
        return setting + "=" + max;
    }
}
