package dev.jmcp.auth.internal.server;

import dev.jmcp.core.spi.Principal;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Introspection answers of active tokens, each kept until the sooner of the cache's TTL and the
 * token's own expiry, so that an answer never outlives its token. Keyed by the token's SHA-256: the
 * token itself is never kept. At most {@code max} entries: when full, the expired ones go, and if
 * none has, the answer is not kept (a burst of distinct tokens costs calls, never memory).
 */
public final class IntrospectionCache {
    private final Map<String, Entry> entries = new ConcurrentHashMap<>();
    private final int max;

    private record Entry(Principal principal, Instant until) {
    }

    public IntrospectionCache(int max) {
        this.max = max;
    }

    /** @return the principal of a token answered before and not yet expired; null otherwise */
    public Principal find(String token, Instant now) {
        String key = key(token);
        Entry entry = entries.get(key);
        if (entry == null) {
            return null;
        }
        if (!now.isBefore(entry.until())) {
            entries.remove(key, entry);
            return null;
        }
        return entry.principal();
    }

    /** Keeps {@code principal} for {@code token} until {@code until}. */
    public void keep(String token, Principal principal, Instant until, Instant now) {
        if (max == 0 || !now.isBefore(until)) {
            return;
        }
        if (entries.size() >= max) {
            entries.values().removeIf(entry -> !now.isBefore(entry.until()));
            if (entries.size() >= max) {
                return;
            }
        }
        entries.put(key(token), new Entry(principal, until));
    }

    private static String key(String token) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.US_ASCII));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(hash);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
