package dev.jmcp.transport.netty.internal.sse;

import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.transport.netty.internal.session.EventRecording;

/**
 * One Server-Sent Event to write on a response that has already sent its head; {@link SseWriter}
 * turns it into bytes. Either {@code payload} (a JSON-RPC message, encoded lazily) or {@code text}
 * is the {@code data} field.
 *
 * @param id         the {@code id} field; may be null
 * @param event      the {@code event} field, such as {@code message} or {@code endpoint}; may be null
 * @param payload    the message to write as the data; null when {@code text} is the data
 * @param text       the data as text, without line breaks ({@code ""} for a priming event); null
 *                   when {@code payload} is
 * @param recording  copies the event as it is written, for replay; may be null
 * @param last       whether the event ends the response: its bytes then go in the response's last
 *                   piece, which needs no write of its own
 */
public record SseEvent(String id, String event, JsonRpcPayload payload, String text,
        EventRecording recording, boolean last) {
    public SseEvent {
        if ((payload == null) == (text == null)) {
            throw new IllegalArgumentException("an SSE event has either a payload or a text as its data");
        }
        noLineBreak(id, "id");
        noLineBreak(event, "event");
        noLineBreak(text, "text");
    }

    /** @return a {@code message} event carrying {@code payload}, copied as written unless {@code recording} is null */
    public static SseEvent message(String id, JsonRpcPayload payload, EventRecording recording) {
        return new SseEvent(id, "message", payload, null, recording, false);
    }

    /**
     * @return an event of nothing but {@code payload} as its data: no id, since the streams of the
     *         stateless era cannot be resumed, and the default event type
     */
    public static SseEvent data(JsonRpcPayload payload) {
        return new SseEvent(null, null, payload, null, null, false);
    }

    /** @return an event with an id and empty data, which lets a client resume from the start of a stream */
    public static SseEvent priming(String id) {
        return new SseEvent(id, null, null, "", null, false);
    }

    /** @return this event as the end of its response */
    public SseEvent ending() {
        return new SseEvent(id, event, payload, text, recording, true);
    }

    private static void noLineBreak(String value, String name) {
        if (value != null && (value.indexOf('\n') >= 0 || value.indexOf('\r') >= 0)) {
            throw new IllegalArgumentException("an SSE " + name + " field cannot hold a line break");
        }
    }
}
