package dev.jmcp.transport.netty.internal;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.JsonRpcBatch;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.CancelledNotificationParams;
import dev.jmcp.schema.lifecycle.InitializeResult;
import dev.jmcp.schema.lifecycle.ProgressNotificationParams;
import dev.jmcp.schema.lifecycle.ProtocolVersions;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.LastHttpContent;
import java.lang.System.Logger.Level;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * One Streamable HTTP session: the {@link McpTransport} its server session runs on. Inbound
 * messages come from the POSTs that carry its id; outbound messages are routed to streams:
 * <ul>
 *   <li>a response goes to the stream of the POST that carried its request, and the stream ends
 *       after the last response it waits for;</li>
 *   <li>{@code notifications/progress} goes to the stream of the request whose progress token it
 *       carries;</li>
 *   <li>everything else (other notifications, server requests) goes to the standalone stream when a
 *       GET holds it open, else to the newest POST stream that is still open, else it waits in the
 *       standalone stream for the next GET.</li>
 * </ul>
 * Every event goes to one stream only, and into the session's {@link EventReplayBuffer}, from which
 * a GET with {@code Last-Event-ID} replays what the named stream sent after that id.
 *
 * <p>Locks: {@code lock} guards the streams; {@code inbound} serialises calls to the listener.
 * A thread may take {@code lock} while it holds {@code inbound} (the listener sends from inside
 * its callbacks), never the other way round.
 */
public final class HttpSession implements McpTransport, RegisteredSession {
    private static final System.Logger LOG = System.getLogger(HttpSession.class.getName());

    /** The result of a GET. */
    public enum Attach {
        /** The connection carries a stream now. */
        ATTACHED,
        /** The standalone stream is held open by another connection. */
        CONFLICT,
        /** The session has ended. */
        ENDED
    }

    private final String id;
    private final ServerContext context;
    private final Object lock = new Object();
    private final Object inbound = new Object();
    private final EventReplayBuffer replay;
    private final Map<Long, EventStream> streams = new HashMap<>();
    private final Map<RequestId, EventStream> byRequest = new HashMap<>();
    private final Map<ProgressToken, EventStream> byToken = new HashMap<>();
    private final List<JsonRpcPayload> early = new ArrayList<>();
    private Listener listener;
    private boolean closeDelivered;
    private boolean closed;
    private EventStream standalone;
    private long streamCount;
    private volatile long lastActivity = System.nanoTime();
    private volatile String protocolVersion;

    /**
     * @param id      the session id
     * @param context the server's shared state
     */
    public HttpSession(String id, ServerContext context) {
        this.id = Objects.requireNonNull(id, "id");
        this.context = Objects.requireNonNull(context, "context");
        this.replay = new EventReplayBuffer(context.settings().replayBufferEvents(),
                context.settings().replayBufferBytes(), this::evicted);
    }

    @Override
    public String id() {
        return id;
    }

    /** Marks a request of the client: the session is not idle. */
    public void touch() {
        lastActivity = System.nanoTime();
    }

    @Override
    public long lastActivity() {
        return lastActivity;
    }

    @Override
    public boolean hasOpenStream() {
        synchronized (lock) {
            return streams.values().stream().anyMatch(EventStream::live);
        }
    }

    /** @return the revision the session negotiated, as the transport saw it pass; null before */
    public String protocolVersion() {
        return protocolVersion;
    }

    /** @return whether the session has ended */
    public boolean isClosed() {
        synchronized (lock) {
            return closed;
        }
    }

    // ---- inbound ----

    @Override
    public void start(Listener value) {
        Objects.requireNonNull(value, "listener");
        synchronized (inbound) {
            if (listener != null) {
                throw new IllegalStateException("session " + id + " is already started");
            }
            listener = value;
            for (JsonRpcPayload payload : early) {
                safely(() -> value.onMessage(payload));
            }
            early.clear();
            if (isClosed() && !closeDelivered) {
                closeDelivered = true;
                safely(() -> value.onClosed(null));
            }
        }
    }

    /** @return what the session's own requests called, for reading the client's responses */
    public PendingRequests pendingRequests() {
        synchronized (inbound) {
            return listener == null ? PendingRequests.NONE : listener.pendingRequests();
        }
    }

    /**
     * Hands a message of the client to the session (or keeps it until {@link #start}). A
     * {@code notifications/cancelled} also releases the stream that waited for that request.
     */
    public void deliver(JsonRpcPayload payload) {
        synchronized (inbound) {
            if (closeDelivered) {
                return;
            }
            if (listener == null) {
                early.add(payload);
            } else {
                safely(() -> listener.onMessage(payload));
            }
        }
        for (JsonRpcMessage message : messages(payload)) {
            if (message instanceof JsonRpcNotification notification
                    && McpMethodNames.CANCELLED.equals(notification.method())
                    && notification.params() instanceof CancelledNotificationParams params
                    && params.requestId() != null) {
                cancelled(params.requestId());
            }
        }
    }

    /** Reports input that answers one of the session's own requests but could not be read. */
    public void deliverUnreadable(ProtocolException error) {
        synchronized (inbound) {
            if (listener != null && !closeDelivered) {
                safely(() -> listener.onUnreadable(error));
            }
        }
    }

    private void cancelled(RequestId request) {
        synchronized (lock) {
            EventStream stream = byRequest.get(request);
            if (stream == null) {
                return;
            }
            forget(request);
            // the session sends no answer to a cancelled request: the stream must not wait for one
            if (stream.pending.isEmpty() && !stream.complete) {
                if (!stream.headSent && stream.live()) {
                    sendSseHead(stream, protocolVersion);
                }
                complete(stream);
            }
        }
    }

    // ---- streams ----

    /**
     * Opens the stream that answers a POST of requests, on {@code channel}.
     *
     * @param version the revision that decides whether a priming event is sent: the negotiated one,
     *                or the one {@code initialize} asks for
     * @return false when the session has ended
     */
    public boolean openPostStream(Channel channel, List<JsonRpcRequest> requests, String version) {
        synchronized (lock) {
            if (closed) {
                return false;
            }
            EventStream stream = newStream(false);
            for (JsonRpcRequest request : requests) {
                ProgressToken token = ProgressTokens.of(request.params());
                stream.pending.put(request.id(), token);
                byRequest.put(request.id(), stream);
                if (token != null) {
                    byToken.put(token, stream);
                }
            }
            attach(stream, channel);
            if (!context.settings().jsonResponses()) {
                sendSseHead(stream, version);
            }
            return true;
        }
    }

    /**
     * Puts {@code channel} in charge of a stream for a GET: with a {@code Last-Event-ID} that names a
     * stream the replay buffer can still resume, that stream, after replaying what it sent after
     * that event; otherwise the standalone stream, after what was waiting for it.
     */
    public Attach attachGet(Channel channel, String lastEventId) {
        synchronized (lock) {
            if (closed) {
                return Attach.ENDED;
            }
            EventStream resumed = lastEventId == null ? null : resumable(lastEventId);
            if (resumed != null) {
                long after = Long.parseLong(lastEventId.substring(lastEventId.indexOf('-') + 1));
                if (resumed.live() && resumed.channel != channel) {
                    // the client has given up on that connection; it would only get half the events
                    resumed.channel.close();
                }
                attach(resumed, channel);
                channel.write(sseHead());
                resumed.headSent = true;
                replay(resumed, after);
                if (resumed.complete) {
                    end(resumed);
                }
                return Attach.ATTACHED;
            }
            if (lastEventId != null) {
                LOG.log(Level.DEBUG, "session {0}: Last-Event-ID {1} names no stream that can be resumed; "
                        + "starting the standalone stream afresh", id, lastEventId);
            }
            EventStream stream = standalone();
            if (stream.live()) {
                return Attach.CONFLICT;
            }
            long undelivered = stream.deliveredSeq;
            attach(stream, channel);
            channel.write(sseHead());
            stream.headSent = true;
            // what waited for this stream goes first, in order; only an empty start needs priming
            if (replay(stream, undelivered) == 0) {
                prime(stream, protocolVersion);
            }
            channel.flush();
            return Attach.ATTACHED;
        }
    }

    private EventStream resumable(String lastEventId) {
        int dash = lastEventId.indexOf('-');
        long number;
        long seq;
        try {
            number = Long.parseLong(lastEventId.substring(0, Math.max(dash, 0)));
            seq = Long.parseLong(lastEventId.substring(dash + 1));
        } catch (NumberFormatException e) {
            return null;
        }
        EventStream stream = streams.get(number);
        if (stream == null || seq > stream.lastSeq || seq < stream.evictedSeq || seq < 0) {
            return null;
        }
        return stream;
    }

    /** @return how many events were written */
    private int replay(EventStream stream, long afterSeq) {
        List<EventReplayBuffer.Entry> entries = replay.after(stream.number, afterSeq);
        for (EventReplayBuffer.Entry entry : entries) {
            stream.channel.write(SseEvent.message(stream.eventId(entry.seq()), entry.payload(), null));
        }
        stream.deliveredSeq = stream.lastSeq;
        stream.channel.flush();
        return entries.size();
    }

    private EventStream newStream(boolean isStandalone) {
        EventStream stream = new EventStream(++streamCount, isStandalone);
        streams.put(stream.number, stream);
        return stream;
    }

    private EventStream standalone() {
        if (standalone == null) {
            standalone = newStream(true);
        }
        return standalone;
    }

    private void attach(EventStream stream, Channel channel) {
        stream.channel = channel;
        channel.closeFuture().addListener(future -> detach(stream, channel));
    }

    private void detach(EventStream stream, Channel channel) {
        synchronized (lock) {
            if (stream.channel == channel) {
                stream.channel = null;
            }
        }
        touch();
    }

    private HttpResponse sseHead() {
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, McpHeaders.EVENT_STREAM)
                .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE)
                .set(McpHeaders.X_ACCEL_BUFFERING, "no")
                .set(McpHeaders.SESSION_ID, id);
        HttpUtil.setTransferEncodingChunked(head, true);
        return head;
    }

    /** Writes the head of an SSE response, and a priming event for clients of 2025-11-25 and later. */
    private void sendSseHead(EventStream stream, String version) {
        stream.channel.write(sseHead());
        stream.headSent = true;
        prime(stream, version);
        stream.channel.flush();
    }

    /**
     * Writes an event with an id and no data, so that a client can resume from the start of the
     * stream; only for 2025-11-25 and later, whose clients expect it (older ones may try to parse
     * the empty data).
     */
    private void prime(EventStream stream, String version) {
        if (version != null && ProtocolVersions.isSupported(version)
                && version.compareTo(ProtocolVersions.V2025_11_25) >= 0) {
            long seq = stream.nextSeq();
            stream.deliveredSeq = seq;
            stream.channel.write(SseEvent.priming(stream.eventId(seq)));
        }
    }

    // ---- outbound ----

    @Override
    public CompletableFuture<Void> send(JsonRpcPayload payload) {
        Objects.requireNonNull(payload, "payload");
        learnVersion(payload);
        synchronized (lock) {
            if (closed) {
                return CompletableFuture.failedFuture(new McpException("session " + id + " has ended"));
            }
            List<RequestId> answered = answeredIds(payload);
            if (!answered.isEmpty()) {
                EventStream stream = byRequest.get(answered.get(0));
                if (stream == null) {
                    LOG.log(Level.DEBUG, "session {0} drops a response to {1}: no stream waits for it "
                            + "(cancelled, or not a request of this session)", id, answered.get(0));
                    return CompletableFuture.completedFuture(null);
                }
                for (RequestId request : answered) {
                    forget(request);
                }
                return emit(stream, payload, stream.pending.isEmpty());
            }
            EventStream stream = related(payload);
            return emit(stream != null ? stream : unrelatedTarget(), payload, false);
        }
    }

    private EventStream related(JsonRpcPayload payload) {
        if (payload instanceof JsonRpcNotification notification
                && notification.params() instanceof ProgressNotificationParams progress) {
            EventStream stream = byToken.get(progress.progressToken());
            return stream == null || stream.complete ? null : stream;
        }
        return null;
    }

    private EventStream unrelatedTarget() {
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

    private CompletableFuture<Void> emit(EventStream stream, JsonRpcPayload payload, boolean last) {
        if (!stream.headSent && stream.live()) {
            if (last) {
                // JSON mode, and the answer is all there is to say: one application/json body
                HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
                head.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                        .set(McpHeaders.SESSION_ID, id);
                HttpUtil.setTransferEncodingChunked(head, true);
                stream.channel.write(head);
                ChannelFuture written = stream.channel.writeAndFlush(new JsonBody(payload));
                stream.headSent = true;
                stream.complete = true;
                stream.channel = null;
                dropIfSpent(stream);
                return completion(written);
            }
            sendSseHead(stream, protocolVersion);
        }
        long seq = stream.nextSeq();
        EventReplayBuffer.Entry entry = replay.add(stream.number, seq, payload);
        if (!entry.evicted()) {
            stream.retained++;
        }
        CompletableFuture<Void> taken = CompletableFuture.completedFuture(null);
        if (stream.live() && stream.headSent) {
            stream.deliveredSeq = seq;
            taken = completion(stream.channel.writeAndFlush(
                    SseEvent.message(stream.eventId(seq), payload, bytes -> sized(entry, bytes))));
        }
        if (last) {
            complete(stream);
        }
        return taken;
    }

    private void complete(EventStream stream) {
        stream.complete = true;
        if (stream.live() && stream.headSent) {
            end(stream);
        }
        dropIfSpent(stream);
    }

    private void end(EventStream stream) {
        stream.channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
        stream.channel = null;
    }

    private void sized(EventReplayBuffer.Entry entry, long bytes) {
        synchronized (lock) {
            replay.sized(entry, bytes);
        }
    }

    private void evicted(EventReplayBuffer.Entry entry) {
        EventStream stream = streams.get(entry.stream());
        if (stream == null) {
            return;
        }
        stream.retained--;
        stream.evictedSeq = Math.max(stream.evictedSeq, entry.seq());
        dropIfSpent(stream);
    }

    /** A complete stream that the replay buffer no longer holds anything of cannot be resumed. */
    private void dropIfSpent(EventStream stream) {
        if (stream.complete && stream.retained <= 0 && stream.channel == null) {
            streams.remove(stream.number);
        }
    }

    private void forget(RequestId request) {
        EventStream stream = byRequest.remove(request);
        if (stream != null) {
            ProgressToken token = stream.pending.remove(request);
            if (token != null) {
                byToken.remove(token, stream);
            }
        }
    }

    private static CompletableFuture<Void> completion(ChannelFuture written) {
        // a write that fails (the client went away) is not the sender's failure: the event is kept
        // for replay, and a response lost with a JSON body is the price of that mode
        CompletableFuture<Void> taken = new CompletableFuture<>();
        written.addListener(future -> taken.complete(null));
        return taken;
    }

    private void learnVersion(JsonRpcPayload payload) {
        if (payload instanceof JsonRpcResultResponse response && response.result() instanceof InitializeResult result) {
            protocolVersion = result.protocolVersion();
        }
    }

    private static List<RequestId> answeredIds(JsonRpcPayload payload) {
        List<RequestId> ids = new ArrayList<>();
        for (JsonRpcMessage message : messages(payload)) {
            if (message instanceof JsonRpcResultResponse response) {
                ids.add(response.id());
            } else if (message instanceof JsonRpcErrorResponse response && response.id() != null) {
                ids.add(response.id());
            }
        }
        return ids;
    }

    static List<JsonRpcMessage> messages(JsonRpcPayload payload) {
        return payload instanceof JsonRpcBatch batch ? batch.messages() : List.of((JsonRpcMessage) payload);
    }

    // ---- end ----

    @Override
    public void close() {
        synchronized (lock) {
            if (closed) {
                return;
            }
            closed = true;
            for (EventStream stream : streams.values()) {
                if (stream.live() && stream.headSent) {
                    end(stream);
                } else if (stream.live()) {
                    stream.channel.writeAndFlush(HttpErrors.error(HttpResponseStatus.NOT_FOUND,
                            "session " + id + " has ended", context.codec()));
                    stream.channel = null;
                }
            }
            streams.clear();
            byRequest.clear();
            byToken.clear();
        }
        context.sessions().remove(this);
        synchronized (inbound) {
            early.clear();
            if (listener != null && !closeDelivered) {
                closeDelivered = true;
                safely(() -> listener.onClosed(null));
            }
        }
        LOG.log(Level.DEBUG, "session {0} ended", id);
    }

    private void safely(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "session " + id + ": the listener failed", e);
        }
    }

    @Override
    public String toString() {
        return "HttpSession[" + id + "]";
    }
}
