package dev.jmcp.schema.resources;

import dev.jmcp.schema.Experimental;
import java.util.Objects;

/**
 * A text element of a read result whose text is streamed rather than held: its UTF-8 bytes come
 * from a {@link Blob} (a file, or a stream of known length), and the codec writes them into the
 * output as a JSON string a chunk at a time, escaping them and checking that they are well-formed
 * UTF-8 as it goes. A text of any size is then never held whole, neither as bytes nor as a
 * {@code String}. On the wire it is exactly a {@link TextResourceContents} (a {@code text} member,
 * byte for byte what that would write for the same text); a peer that decodes it gets one (over an
 * in-memory transport, which hands over objects rather than bytes, a client gets this record itself).
 *
 * <p>Whoever makes one promises well-formed UTF-8 (the file-system provider checks the file first).
 * If the bytes are not when they are written (the file changed since it was checked), writing the
 * message fails with an {@link java.io.IOException} naming the URI and the byte offset, and the
 * message is not sent, as for a blob whose stream ends before its length.
 *
 * <p>Code that needs the whole text (a {@code String}) reads {@link #utf8()} itself, bounded.
 *
 * @param resource the element's metadata; never null
 * @param utf8     the text's UTF-8 bytes; never null; read once per write of the message
 * @since 0.2
 */
@Experimental
public record StreamedTextResourceContents(Resource resource, Blob utf8) implements ResourceContents {
    public StreamedTextResourceContents {
        Objects.requireNonNull(resource, "resource");
        Objects.requireNonNull(utf8, "utf8");
    }
}
