package dev.jmcp.schema.lifecycle;

import dev.jmcp.schema.common.CacheScope;
import dev.jmcp.schema.common.CacheableResult;
import dev.jmcp.schema.common.ResultType;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;

/**
 * The result of {@code server/discover} (2026-07-28): the revisions, capabilities and identity of a
 * server, asked for without a handshake. The server's identity travels in {@code _meta} under
 * {@link ServerMetaKeys#SERVER_INFO}.
 *
 * <p>Only 2026-07-28 defines this type, so every field it requires is checked here.
 *
 * @param supportedVersions the revisions the server speaks; never null
 * @param capabilities      what the server supports; never null
 * @param instructions      hints for the model on how to use this server; may be null
 * @param resultType        never null; {@code "complete"} for a conforming server
 * @param ttlMs             how long the client may keep this result, in milliseconds; never null,
 *                          never negative
 * @param cacheScope        who may cache it; never null
 * @param meta              the {@code _meta} object; may be null
 * @since 0.1
 */
public record DiscoverResult(
        List<String> supportedVersions,
        ServerCapabilities capabilities,
        String instructions,
        String resultType,
        Long ttlMs,
        CacheScope cacheScope,
        JsonObject meta) implements CacheableResult {

    public DiscoverResult {
        supportedVersions = List.copyOf(Objects.requireNonNull(supportedVersions, "supportedVersions"));
        Objects.requireNonNull(capabilities, "capabilities");
        Objects.requireNonNull(resultType, "resultType");
        Objects.requireNonNull(ttlMs, "ttlMs");
        if (ttlMs < 0) {
            throw new IllegalArgumentException("ttlMs must be >= 0, was " + ttlMs);
        }
        Objects.requireNonNull(cacheScope, "cacheScope");
    }

    /** @return a complete result without instructions or {@code _meta} */
    public static DiscoverResult of(List<String> supportedVersions, ServerCapabilities capabilities, long ttlMs,
            CacheScope cacheScope) {
        return new DiscoverResult(supportedVersions, capabilities, null, ResultType.COMPLETE, ttlMs, cacheScope,
                null);
    }

    @Override
    public DiscoverResult withCaching(long ttlMs, CacheScope cacheScope) {
        return new DiscoverResult(supportedVersions, capabilities, instructions, resultType, ttlMs, cacheScope, meta);
    }
}
