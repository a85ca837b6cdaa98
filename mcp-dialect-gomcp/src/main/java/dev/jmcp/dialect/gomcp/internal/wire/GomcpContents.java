package dev.jmcp.dialect.gomcp.internal.wire;

import dev.jmcp.schema.resources.Blob;

/**
 * gomcp's one {@code contents} object of a read: text as {@code content}, or a binary body as
 * {@code blob}, which the codec base64-encodes from its source while it writes it.
 *
 * @param contentType the MIME type; may be null
 * @param content     the text; null for a binary body
 * @param blob        the binary body; null for text
 */
public record GomcpContents(String contentType, String content, Blob blob) {

    public GomcpContents {
        if ((content == null) == (blob == null)) {
            throw new IllegalArgumentException("contents carry exactly one of content and blob");
        }
    }
}
