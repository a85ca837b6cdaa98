package dev.jmcp.transport.netty.internal.sse;

import io.netty.handler.codec.http.HttpResponse;
import java.util.Objects;

/**
 * A whole {@code text/event-stream} response known at once: its head, the priming event of
 * 2025-11-25 and later, and the one event it carries, which ends it. A POST whose answer came
 * within {@code sseHeadHold} is answered so; {@link SseWriter} writes it in one message with a
 * {@code Content-Length} when the event is one piece, and as the head, the priming event and the
 * event in pieces otherwise: the same bytes either way.
 *
 * @param head    the head; never null
 * @param priming the priming event; null for a client older than 2025-11-25
 * @param event   the event, with its message and its recording for replay, marked last; never null
 */
public record SseResponse(HttpResponse head, SseEvent priming, SseEvent event) {
    public SseResponse {
        Objects.requireNonNull(head, "head");
        Objects.requireNonNull(event, "event");
        if (event.payload() == null || !event.last()) {
            throw new IllegalArgumentException("the event of a whole SSE response carries a message and ends it");
        }
    }
}
