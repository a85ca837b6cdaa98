package dev.jmcp.transport.netty.internal.session;

import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.ProgressNotificationParams;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The streams of one {@link HttpSession}, and which of them an outbound message goes to: a response
 * to the stream that waits for it, {@code notifications/progress} to the stream of the request
 * whose token it carries, anything else to the standalone stream when it is live, else the newest
 * live POST stream, else the standalone stream to wait for the next GET. Guarded by the session's
 * lock.
 */
public final class StreamRoutes {
    private final Map<Long, EventStream> streams = new HashMap<>();
    private final Map<RequestId, EventStream> byRequest = new HashMap<>();
    private final Map<ProgressToken, EventStream> byToken = new HashMap<>();
    private EventStream standalone;
    private long streamCount;

    EventStream newStream(boolean isStandalone) {
        EventStream stream = new EventStream(++streamCount, isStandalone);
        streams.put(stream.number, stream);
        return stream;
    }

    EventStream standalone() {
        if (standalone == null) {
            standalone = newStream(true);
        }
        return standalone;
    }

    /** Makes {@code stream} the one that answers {@code requests}, and carries their progress. */
    void awaitAnswers(EventStream stream, List<JsonRpcRequest> requests) {
        for (JsonRpcRequest request : requests) {
            ProgressToken token = ProgressTokens.of(request.params());
            stream.pending.put(request.id(), token);
            byRequest.put(request.id(), stream);
            if (token != null) {
                byToken.put(token, stream);
            }
        }
    }

    /** @return the stream that waits for the answer to {@code request}; null when none does */
    EventStream waitingFor(RequestId request) {
        return byRequest.get(request);
    }

    void forget(RequestId request) {
        EventStream stream = byRequest.remove(request);
        if (stream != null) {
            ProgressToken token = stream.pending.remove(request);
            if (token != null) {
                byToken.remove(token, stream);
            }
        }
    }

    EventStream related(JsonRpcPayload payload) {
        if (payload instanceof JsonRpcNotification notification
                && notification.params() instanceof ProgressNotificationParams progress) {
            EventStream stream = byToken.get(progress.progressToken());
            return stream == null || stream.complete ? null : stream;
        }
        return null;
    }

    EventStream unrelatedTarget() {
        EventStream own = standalone();
        if (own.live()) {
            return own;
        }
        EventStream newest = null;
        for (EventStream stream : streams.values()) {
            if (!stream.standalone && !stream.complete && stream.live()
                    && (newest == null || stream.number > newest.number)) {
                newest = stream;
            }
        }
        return newest != null ? newest : own;
    }

    /** @return the stream a {@code Last-Event-ID} names, while it can still be resumed from there; else null */
    EventStream resumable(String lastEventId) {
        long[] id = parse(lastEventId);
        EventStream stream = id == null ? null : streams.get(id[0]);
        if (stream == null || id[1] > stream.lastSeq || id[1] < stream.evictedSeq || id[1] < 0) {
            return null;
        }
        return stream;
    }

    /**
     * @return whether a {@code Last-Event-ID} names an event of one of these streams after which
     *         events have gone from the replay buffer (past {@code replayBufferEvents}), so that the
     *         stream cannot be resumed from there
     */
    boolean forgot(String lastEventId) {
        long[] id = parse(lastEventId);
        if (id == null || id[0] < 1 || id[0] > streamCount || id[1] < 0) {
            return false;
        }
        EventStream stream = streams.get(id[0]);
        return stream == null || id[1] < stream.evictedSeq;
    }

    /** @return the stream number and sequence number of an event id, {@code <number>-<seq>}; null when malformed */
    private static long[] parse(String eventId) {
        int dash = eventId.indexOf('-');
        try {
            return new long[] {Long.parseLong(eventId.substring(0, Math.max(dash, 0))),
                    Long.parseLong(eventId.substring(dash + 1))};
        } catch (NumberFormatException e) {
            return null;
        }
    }

    /** @return the stream numbered {@code number}; null when it is gone */
    EventStream get(long number) {
        return streams.get(number);
    }

    void remove(EventStream stream) {
        streams.remove(stream.number);
    }

    Collection<EventStream> all() {
        return streams.values();
    }

    void clear() {
        streams.clear();
        byRequest.clear();
        byToken.clear();
    }

    public static List<RequestId> answeredIds(JsonRpcPayload payload) {
        List<RequestId> ids = new ArrayList<>();
        for (JsonRpcMessage message : HttpSession.messages(payload)) {
            if (message instanceof JsonRpcResultResponse response) {
                ids.add(response.id());
            } else if (message instanceof JsonRpcErrorResponse response && response.id() != null) {
                ids.add(response.id());
            }
        }
        return ids;
    }
}
