package dev.jmcp.transport.netty.internal.stateless;

import dev.jmcp.core.spi.Budget;
import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.core.spi.Principal;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.transport.netty.internal.body.JsonBody;
import dev.jmcp.transport.netty.internal.headers.ToolParamCheck;
import dev.jmcp.transport.netty.internal.server.HttpErrors;
import dev.jmcp.transport.netty.internal.server.ResponseHeads;
import dev.jmcp.transport.netty.internal.server.ServerContext;
import dev.jmcp.transport.netty.internal.sse.SseEvent;
import dev.jmcp.transport.netty.internal.sse.SseWriter;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpHeaders;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.LastHttpContent;
import java.lang.System.Logger.Level;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * The transport of one request of the stateless era (2026-07-28). It says it
 * {@linkplain #carriesOneRequest() carries one request}, so the server serves it without building a
 * session (core's {@code StatelessCall}); the request is the only message it delivers, and the
 * answer ends it. What the server sends goes to the connection of the POST that carried the request:
 * <ul>
 *   <li>the answer alone: an {@code application/json} body, whose status the error code decides
 *       (400 for -32020, -32021 and -32022; 404 for -32601; 200 otherwise, and for results);</li>
 *   <li>notifications first (progress, log messages, a subscription's): an SSE stream, one
 *       {@code data} line per message and no event ids (these streams cannot be resumed), that
 *       ends with the answer; while it is quiet it gets a comment every
 *       {@code sseKeepAliveInterval}, as the open stream of {@code subscriptions/listen} needs;</li>
 *   <li>a request of its own: refused, since the era has none (a server asks for input with an
 *       {@code input_required} result).</li>
 * </ul>
 * Once the answer has been written the transport closes, and the request's server side with it.
 * A connection that closes first cancels the request, as the spec says: the transport closes, the
 * server cancels the handler, and nothing more is sent.
 *
 * <p>Threads: the state of the response is the connection's event loop's alone; {@link #send} and
 * {@link #close} hand their work to it, so nothing the server does waits for the network, and a
 * slow client only delays the future {@code send} returns. The listener's state is guarded by
 * {@code inbound}, since the server may start the transport from any thread.
 */
public final class StatelessExchange implements McpTransport {
    private static final System.Logger LOG = System.getLogger(StatelessExchange.class.getName());

    private final Channel channel;
    private final JsonRpcRequest request;
    private final ServerContext context;
    private final ChannelFutureListener onDisconnect = future -> end("the client closed the connection");

    // the event loop's
    private boolean streaming;
    private boolean answered;
    private boolean ended;
    private ScheduledFuture<?> keepAlive;

    private final Principal principal;
    /** The POST's {@code Mcp-Param-*} headers, checked against a {@code tools/call} once the server's tools are known. */
    private final HttpHeaders paramHeaders;
    private final Object inbound = new Object();
    private Listener listener;
    private boolean handedOver;
    private boolean delivered;
    private boolean closeDelivered;
    private boolean endedBeforeStart;

    /**
     * Called on the connection's event loop.
     *
     * @param channel the connection of the POST; never null
     * @param request the request the POST carried; never null
     * @param context the server's shared state; never null
     * @param principal whom the POST was authenticated as; null when the server is not protected
     * @param paramHeaders the POST's {@code Mcp-Param-*} headers, when it is a {@code tools/call} ({@link ToolParamCheck#keep(HttpHeaders, JsonRpcRequest)}); never null
     */
    StatelessExchange(Channel channel, JsonRpcRequest request, ServerContext context, Principal principal,
            HttpHeaders paramHeaders) {
        this.principal = principal;
        this.paramHeaders = Objects.requireNonNull(paramHeaders, "paramHeaders");
        this.channel = Objects.requireNonNull(channel, "channel");
        this.request = Objects.requireNonNull(request, "request");
        this.context = Objects.requireNonNull(context, "context");
        channel.closeFuture().addListener(onDisconnect);
    }

    // ---- inbound ----

    @Override
    public void start(Listener value) {
        Objects.requireNonNull(value, "listener");
        synchronized (inbound) {
            if (listener != null) {
                throw new IllegalStateException(this + " is already started");
            }
            listener = value;
            if (endedBeforeStart) {
                closeDelivered = true;
                safely(() -> value.onClosed(null));
            } else if (handedOver) {
                handOver(value);
            }
        }
    }

    /** Hands the request to the server, now or as soon as it has started the transport. */
    void deliver() {
        synchronized (inbound) {
            handedOver = true;
            if (listener != null && !closeDelivered && !delivered) {
                handOver(listener);
            }
        }
    }

    /**
     * Delivers the request, unless its {@code Mcp-Param-*} headers disagree with the body: only the
     * server knows its tools' schemas, so this is the first moment they can be checked. A refused
     * request is answered here (400, -32020) and never reaches the server, which only sees the
     * transport close.
     */
    private void handOver(Listener to) {
        delivered = true;
        ProtocolException refused;
        try {
            refused = ToolParamCheck.check(paramHeaders, request, to.toolSchemas());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, this + ": the server's tool schemas could not be read", e);
            refused = new ProtocolException(ErrorCodes.INTERNAL_ERROR, "the server could not read the inputSchema "
                    + "of the tool to check the request's Mcp-Param-* headers: " + e.getMessage(), null, request.id(),
                    null);
        }
        if (refused != null) {
            send(JsonRpcErrorResponse.of(refused));
            return;
        }
        safely(() -> to.onMessage(request, principal));
    }

    private void deliverClosed() {
        synchronized (inbound) {
            if (listener == null) {
                endedBeforeStart = true;
            } else if (!closeDelivered) {
                closeDelivered = true;
                safely(() -> listener.onClosed(null));
            }
        }
    }

    // ---- outbound ----

    @Override
    public CompletableFuture<Void> send(JsonRpcPayload payload) {
        Objects.requireNonNull(payload, "payload");
        CompletableFuture<Void> taken = new CompletableFuture<>();
        try {
            channel.eventLoop().execute(() -> emit(payload, taken));
        } catch (RejectedExecutionException e) {
            taken.completeExceptionally(new McpException("the server is stopping: " + this + " has ended", e));
        }
        return taken;
    }

    private void emit(JsonRpcPayload payload, CompletableFuture<Void> taken) {
        if (ended || answered) {
            taken.completeExceptionally(new McpException(this + " has been " + (answered ? "answered" : "cancelled")
                    + ": nothing more goes to its client"));
        } else if (isAnswer(payload)) {
            answer((JsonRpcMessage) payload, taken);
        } else if (payload instanceof JsonRpcNotification) {
            if (!streaming) {
                startStream();
            }
            channel.writeAndFlush(SseEvent.data(payload)).addListener(written -> taken.complete(null));
        } else {
            taken.completeExceptionally(new McpException("a stateless (2026-07-28) server sends no request, batch or "
                    + "other response on the stream of " + request.method() + " (id " + request.id() + "): it asks "
                    + "for input with an input_required result"));
        }
    }

    private boolean isAnswer(JsonRpcPayload payload) {
        return payload instanceof JsonRpcResultResponse result && result.id().equals(request.id())
                || payload instanceof JsonRpcErrorResponse error && request.id().equals(error.id());
    }

    private void startStream() {
        streaming = true;
        channel.write(ResponseHeads.eventStream());
        long period = context.settings().sseKeepAliveInterval().toNanos();
        keepAlive = channel.eventLoop().scheduleAtFixedRate(this::keepAlive, period, period, TimeUnit.NANOSECONDS);
    }

    private void keepAlive() {
        if (ended || answered) {
            // the end of the response may still wait to be written: nothing may follow it
            keepAlive.cancel(false);
        } else if (channel.isWritable()) {
            channel.writeAndFlush(SseWriter.comment());
        }
    }

    private void answer(JsonRpcMessage answer, CompletableFuture<Void> taken) {
        answered = true;
        ChannelFuture written;
        if (streaming) {
            channel.write(SseEvent.data(answer));
            written = channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
        } else {
            written = channel.writeAndFlush(new JsonBody(ResponseHeads.json(statusOf(answer)), answer));
        }
        // only once it is written: closing the transport cancels what a lazy body still reads
        written.addListener(future -> {
            taken.complete(null);
            end(null);
        });
    }

    /** @return the status of a response that is the answer alone, as the spec maps its error codes */
    static HttpResponseStatus statusOf(JsonRpcMessage answer) {
        if (answer instanceof JsonRpcErrorResponse error) {
            return switch (error.error().code()) {
                case ErrorCodes.HEADER_MISMATCH, ErrorCodes.MISSING_REQUIRED_CLIENT_CAPABILITY,
                        ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION -> HttpResponseStatus.BAD_REQUEST;
                case ErrorCodes.METHOD_NOT_FOUND -> HttpResponseStatus.NOT_FOUND;
                default -> HttpResponseStatus.OK;
            };
        }
        return HttpResponseStatus.OK;
    }

    /** @return the server's {@code maxResponseBytesInMemory}, which answers take from while they are made and written */
    @Override
    public Budget answerBudget() {
        return context.held();
    }

    // ---- end ----

    /** @return true: this transport carries one request and its answer */
    @Override
    public boolean carriesOneRequest() {
        return true;
    }

    @Override
    public void close() {
        EventLoop loop = channel.eventLoop();
        if (loop.inEventLoop()) {
            end(null);
            return;
        }
        try {
            loop.execute(() -> end(null));
        } catch (RejectedExecutionException e) {
            deliverClosed();
        }
    }

    /** @param cancellation why the request was cancelled; null when the exchange ends for any other reason */
    private void end(String cancellation) {
        if (ended) {
            return;
        }
        ended = true;
        if (keepAlive != null) {
            keepAlive.cancel(false);
        }
        channel.closeFuture().removeListener(onDisconnect);
        if (!answered && channel.isActive()) {
            // the server gave up on the request (it is stopping, or could not serve it)
            if (streaming) {
                channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
            } else {
                channel.writeAndFlush(HttpErrors.error(HttpResponseStatus.SERVICE_UNAVAILABLE, request.id(),
                        ErrorCodes.INTERNAL_ERROR, "the server ended " + request.method() + " before answering it",
                        context.codec()));
            }
        }
        if (cancellation != null && !answered) {
            LOG.log(Level.DEBUG, "{0} is cancelled: {1}", this, cancellation);
        }
        deliverClosed();
    }

    private void safely(Runnable call) {
        try {
            call.run();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, this + ": the listener failed", e);
        }
    }

    @Override
    public String toString() {
        return "StatelessExchange[" + request.method() + " " + request.id() + "]";
    }
}
