package dev.jmcp.schema.common;

/**
 * Who may keep a cached copy of a result (2026-07-28), in the spirit of HTTP
 * {@code Cache-Control: private} and {@code public}. On the wire: {@code "private"},
 * {@code "public"}.
 *
 * @since 0.1
 */
public enum CacheScope {
    /** Only callers with the same authorization context may reuse the cached result. */
    PRIVATE,
    /** The result holds nothing user-specific; shared caches may serve it to anyone. */
    PUBLIC
}
