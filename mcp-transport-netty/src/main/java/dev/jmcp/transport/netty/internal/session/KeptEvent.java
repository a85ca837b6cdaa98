package dev.jmcp.transport.netty.internal.session;

import dev.jmcp.transport.netty.internal.sse.SseWriter;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.Collections;
import java.util.List;

/**
 * The bytes of an SSE event as they were sent, kept for replay; {@link SseWriter} writes them
 * again as they are. Immutable: any number of replays may read it at once.
 *
 * @param chunks the bytes, in order; never changed once kept
 * @param bytes  their total size
 */
public record KeptEvent(List<byte[]> chunks, long bytes) {
    public KeptEvent {
        chunks = List.copyOf(chunks);
    }

    /** @return the bytes, from the start */
    public InputStream open() {
        return new SequenceInputStream(Collections.enumeration(chunks.stream()
                .map(ByteArrayInputStream::new).toList()));
    }
}
