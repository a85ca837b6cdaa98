package dev.jmcp.schema.common;

/**
 * The theme an {@link Icon} is designed for. On the wire: {@code "light"}, {@code "dark"}.
 *
 * @since 0.1
 */
public enum IconTheme {
    LIGHT,
    DARK
}
