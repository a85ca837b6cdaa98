package dev.jmcp.schema.lifecycle;

import java.util.List;

/**
 * The protocol revisions jmcp speaks. Revisions are dates, so comparing the strings compares
 * the revisions.
 *
 * @since 0.1
 */
public final class ProtocolVersions {
    /** The first released revision; the last with the HTTP+SSE transport. */
    public static final String V2024_11_05 = "2024-11-05";
    /** Adds Streamable HTTP, JSON-RPC batches and progress messages. */
    public static final String V2025_03_26 = "2025-03-26";
    /** Drops batches; adds titles, resource links and elicitation. */
    public static final String V2025_06_18 = "2025-06-18";
    /** The last revision with the {@code initialize} handshake; adds icons and tasks. */
    public static final String V2025_11_25 = "2025-11-25";
    /** The stateless revision: per-request {@code _meta}, {@code server/discover}, caching hints. */
    public static final String V2026_07_28 = "2026-07-28";

    /** The newest revision jmcp speaks. */
    public static final String LATEST = V2026_07_28;

    /** Every revision jmcp speaks, newest first; immutable. */
    public static final List<String> SUPPORTED = List.of(V2026_07_28, V2025_11_25, V2025_06_18, V2025_03_26,
            V2024_11_05);

    private ProtocolVersions() {
    }

    /** @return true when jmcp speaks {@code version}; false for null */
    public static boolean isSupported(String version) {
        return version != null && SUPPORTED.contains(version);
    }

    /**
     * @param version a revision; never null
     * @return true when the revision uses the {@code initialize} handshake (2025-11-25 and
     *         earlier), false when each request carries its own version in {@code _meta}
     */
    public static boolean usesHandshake(String version) {
        return version.compareTo(V2026_07_28) < 0;
    }
}
