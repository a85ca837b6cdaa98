package dev.jmcp.schema.common;

/**
 * The sender or recipient of messages and data in a conversation. On the wire: {@code "user"},
 * {@code "assistant"}.
 *
 * @since 0.1
 */
public enum Role {
    USER,
    ASSISTANT
}
