package dev.jmcp.transport.netty.internal.session;

import dev.jmcp.core.spi.Budget;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcBatch;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.lifecycle.CancelledNotificationParams;
import dev.jmcp.schema.lifecycle.InitializeResult;
import dev.jmcp.transport.netty.internal.server.HttpErrors;
import dev.jmcp.transport.netty.internal.server.ServerContext;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

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
 * <p>Locks: {@code lock} guards the streams; {@code inbound} ({@link SessionInbox}) serialises
 * calls to the listener. A thread may take {@code lock} while it holds {@code inbound} (the listener
 * sends from inside its callbacks), never the other way round.
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
        ENDED,
        /** {@code Last-Event-ID} names a stream of the session whose later events are no longer kept. */
        GONE
    }

    private final String id;
    private final ServerContext context;
    private final Object lock = new Object();
    private final SessionInbox inbound;
    private final StreamRoutes routes = new StreamRoutes();
    private final SessionStreamWriter writer;
    private boolean closed;
    private volatile long lastActivity = System.nanoTime();
    private volatile String protocolVersion;

    /**
     * @param id      the session id
     * @param context the server's shared state
     */
    public HttpSession(String id, ServerContext context) {
        this.id = Objects.requireNonNull(id, "id");
        this.context = Objects.requireNonNull(context, "context");
        this.writer = new SessionStreamWriter(this, lock, routes, context.settings(), context.replay());
        this.inbound = new SessionInbox("session " + id, this::isClosed);
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
            return routes.all().stream().anyMatch(EventStream::live);
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
        inbound.start(value);
    }

    /** @return what the session's own requests called, for reading the client's responses */
    public PendingRequests pendingRequests() {
        return inbound.pendingRequests();
    }

    /**
     * Hands a message of the client to the session (or keeps it until {@link #start}). A
     * {@code notifications/cancelled} also releases the stream that waited for that request.
     *
     * @param principal whom the POST was authenticated as; null when the server is not protected
     */
    public void deliver(JsonRpcPayload payload, Principal principal) {
        inbound.deliver(payload, principal);
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
        inbound.deliverUnreadable(error);
    }

    private void cancelled(RequestId request) {
        synchronized (lock) {
            EventStream stream = routes.waitingFor(request);
            if (stream == null) {
                return;
            }
            routes.forget(request);
            // the session sends no answer to a cancelled request: the stream must not wait for one
            if (stream.pending.isEmpty() && !stream.complete) {
                if (!stream.headSent && stream.live()) {
                    writer.sendSseHead(stream, protocolVersion);
                }
                writer.complete(stream);
            }
        }
    }

    // ---- streams ----

    /**
     * Opens the stream that answers a POST of requests, on {@code channel}.
     *
     * @param version the revision that decides whether a priming event is sent: the negotiated one,
     *                or the one {@code initialize} asks for
     * @return null when the stream is open; otherwise why not, for an error answer
     */
    public String openPostStream(Channel channel, List<JsonRpcRequest> requests, String version) {
        synchronized (lock) {
            if (closed) {
                return "session " + id + " has ended";
            }
            for (JsonRpcRequest request : requests) {
                // taking over its route would leave the POST that sent it first without an answer
                if (routes.waitingFor(request.id()) != null) {
                    return "request id " + request.id() + " is already in flight in session " + id
                            + "; a request id must not be reused";
                }
            }
            EventStream stream = routes.newStream(false);
            routes.awaitAnswers(stream, requests);
            writer.attach(stream, channel);
            if (context.settings().jsonResponses()) {
                return null;
            }
            Duration delay = context.settings().sseHeadDelay();
            Duration hold = context.settings().sseHeadHold();
            // a request that asks for progress expects several messages: its head goes at once
            if (delay.isZero() && (hold.isZero() || stream.pending.values().stream().anyMatch(Objects::nonNull))) {
                writer.sendSseHead(stream, version);
            } else if (delay.isZero()) {
                writer.holdSseHead(stream, version, hold);
            } else {
                // a quick answer goes as a JSON body instead (SessionStreamWriter.emit)
                stream.headTimer = channel.eventLoop().schedule(() -> startStreamIfWaiting(stream, version),
                        delay.toNanos(), TimeUnit.NANOSECONDS);
            }
            return null;
        }
    }

    /** Past {@code sseHeadDelay}: a POST still waiting for its first message becomes an SSE stream. */
    private void startStreamIfWaiting(EventStream stream, String version) {
        synchronized (lock) {
            stream.headTimer = null;
            if (!closed && !stream.headSent && !stream.complete && stream.live()) {
                writer.sendSseHead(stream, version);
            }
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
            EventStream resumed = lastEventId == null ? null : routes.resumable(lastEventId);
            if (resumed != null) {
                long after = Long.parseLong(lastEventId.substring(lastEventId.indexOf('-') + 1));
                if (resumed.live() && resumed.channel != channel) {
                    // the client has given up on that connection; it would only get half the events
                    resumed.channel.close();
                }
                writer.attach(resumed, channel);
                channel.write(writer.sseHead());
                resumed.headSent = true;
                writer.replay(resumed, after);
                if (resumed.complete) {
                    writer.end(resumed);
                }
                return Attach.ATTACHED;
            }
            if (lastEventId != null && routes.forgot(lastEventId)) {
                return Attach.GONE;
            }
            if (lastEventId != null) {
                LOG.log(Level.DEBUG, "session {0}: Last-Event-ID {1} names no stream that can be resumed; "
                        + "starting the standalone stream afresh", id, lastEventId);
            }
            EventStream stream = routes.standalone();
            if (stream.live()) {
                return Attach.CONFLICT;
            }
            long undelivered = stream.deliveredSeq;
            writer.attach(stream, channel);
            channel.write(writer.sseHead());
            stream.headSent = true;
            // what waited for this stream goes first, in order; only an empty start needs priming
            if (writer.replay(stream, undelivered) == 0) {
                writer.prime(stream, protocolVersion);
            }
            channel.flush();
            return Attach.ATTACHED;
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
            List<RequestId> answered = StreamRoutes.answeredIds(payload);
            if (!answered.isEmpty()) {
                EventStream stream = routes.waitingFor(answered.get(0));
                if (stream == null) {
                    LOG.log(Level.DEBUG, "session {0} drops a response to {1}: no stream waits for it "
                            + "(cancelled, or not a request of this session)", id, answered.get(0));
                    return CompletableFuture.completedFuture(null);
                }
                for (RequestId request : answered) {
                    routes.forget(request);
                }
                return writer.emit(stream, payload, stream.pending.isEmpty());
            }
            EventStream stream = routes.related(payload);
            return writer.emit(stream != null ? stream : routes.unrelatedTarget(), payload, false);
        }
    }

    /** @return the server's {@code maxResponseBytesInMemory}, which answers take from while they are made and written */
    @Override
    public Budget answerBudget() {
        return context.held();
    }

    private void learnVersion(JsonRpcPayload payload) {
        if (payload instanceof JsonRpcResultResponse response && response.result() instanceof InitializeResult result) {
            protocolVersion = result.protocolVersion();
        }
    }

    public static List<JsonRpcMessage> messages(JsonRpcPayload payload) {
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
            for (EventStream stream : routes.all()) {
                if (stream.live() && stream.headSent) {
                    writer.end(stream);
                } else if (stream.live()) {
                    // a POST of one request waits here: the error answers that request
                    RequestId waiting = stream.pending.size() == 1 ? stream.pending.keySet().iterator().next() : null;
                    stream.channel.writeAndFlush(HttpErrors.error(HttpResponseStatus.NOT_FOUND, waiting,
                            ErrorCodes.INVALID_REQUEST, "session " + id + " has ended", context.codec()));
                    writer.leave(stream);
                }
            }
            routes.clear();
            writer.release();
        }
        context.sessions().remove(this);
        inbound.closed();
        LOG.log(Level.DEBUG, "session {0} ended", id);
    }

    @Override
    public String toString() {
        return "HttpSession[" + id + "]";
    }
}
