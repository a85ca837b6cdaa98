package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.schema.codec.McpCodec;
import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelDuplexHandler;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpStatusClass;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.concurrent.ScheduledFuture;
import java.lang.System.Logger.Level;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.TimeUnit;

/**
 * Closes a connection that holds a descriptor without using it. At most one of two clocks runs:
 * <ul>
 * <li>{@code requestReadTimeout}, from the first byte of a request to its last: a deadline for the
 *     whole request, not a limit on the gaps between bytes, so that a peer trickling a header byte
 *     a second is closed as surely as one that stops. The request gets 408 (when no response is
 *     being written on the connection, which a 408 would corrupt) and the connection is closed.</li>
 * <li>{@code connectionIdleTimeout}, from the moment the connection has no request being read, none
 *     waiting for its answer and no response being written: the connection is then closed without
 *     a word, as HTTP/1.1 allows of an idle persistent connection. An open SSE stream is a response
 *     being written, however quiet; so is a response its client reads slowly (back-pressure bounds
 *     what that costs), since a response counts as written once its last byte left.</li>
 * </ul>
 * It sits right after the HTTP codec, where it sees requests as read and responses as written.
 * The codec reports a request only once its head is in, so the first byte of each request is
 * reported by {@link #byteWatch()}, which sits before the codec.
 *
 * <p>A keep-alive connection switches clocks twice per request. Scheduling and cancelling a timer
 * at each switch cost two timer-queue insertions and removals and two allocations per request (a
 * visible share of a 1 KiB read under load), so a switch only notes when its clock started, and
 * one check at a time is scheduled: when it runs it ends the connection if the running clock has
 * expired, else it comes back when that clock would expire, but never later than the shorter of
 * the two timeouts, so that a clock which starts meanwhile is never checked late.
 */
public final class ConnectionTimeouts extends ChannelDuplexHandler {
    private static final System.Logger LOG = System.getLogger(ConnectionTimeouts.class.getName());

    private enum Clock { NONE, READ, IDLE }

    private final Duration readTimeout;
    private final Duration idleTimeout;
    private final McpCodec codec;
    private ChannelHandlerContext ctx;
    /** Bytes of a request have come and its end has not. */
    private boolean reading;
    /** Requests whose response has not left to its last byte. */
    private int unanswered;
    /** A final response's head has been written and its end has not. */
    private boolean responding;
    /** The response being written is a 1xx one, which the final response follows. */
    private boolean informational;
    private Clock clock = Clock.NONE;
    /** When the running clock started, on the event loop's ticker. */
    private long clockStart;
    /** The pending check, if any. */
    private ScheduledFuture<?> timer;

    /**
     * @param readTimeout the setting {@code requestReadTimeout}; never null
     * @param idleTimeout the setting {@code connectionIdleTimeout}; never null
     * @param codec       writes the 408's body; never null
     */
    public ConnectionTimeouts(Duration readTimeout, Duration idleTimeout, McpCodec codec) {
        this.readTimeout = Objects.requireNonNull(readTimeout, "readTimeout");
        this.idleTimeout = Objects.requireNonNull(idleTimeout, "idleTimeout");
        this.codec = Objects.requireNonNull(codec, "codec");
    }

    /** @return the handler that reports the first byte of each request: put it before the codec */
    public ChannelHandler byteWatch() {
        return new ChannelInboundHandlerAdapter() {
            @Override
            public void channelRead(ChannelHandlerContext c, Object msg) {
                if (!reading && msg instanceof ByteBuf bytes && bytes.isReadable()) {
                    reading = true;
                    rearm();
                }
                c.fireChannelRead(msg);
            }
        };
    }

    @Override
    public void handlerAdded(ChannelHandlerContext context) {
        this.ctx = context;
        rearm();
    }

    @Override
    public void channelActive(ChannelHandlerContext context) {
        rearm();
        context.fireChannelActive();
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object msg) {
        if (msg instanceof HttpRequest) {
            unanswered++;
        }
        if (msg instanceof LastHttpContent) {
            reading = false;
            rearm();
        }
        context.fireChannelRead(msg);
    }

    @Override
    public void write(ChannelHandlerContext context, Object msg, ChannelPromise promise) {
        ChannelPromise written = promise;
        if (msg instanceof HttpResponse head) {
            informational = head.status().codeClass() == HttpStatusClass.INFORMATIONAL;
            responding = !informational;
        }
        if (msg instanceof LastHttpContent) {
            if (informational) {
                informational = false;
            } else {
                responding = false;
                written = promise.unvoid();
                written.addListener(future -> {
                    unanswered = Math.max(0, unanswered - 1);
                    rearm();
                });
            }
        }
        context.write(msg, written);
    }

    @Override
    public void channelInactive(ChannelHandlerContext context) {
        stop();
        context.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext context) {
        stop();
    }

    private void stop() {
        if (timer != null) {
            timer.cancel(false);
            timer = null;
        }
        clock = Clock.NONE;
    }

    /** Starts the clock the connection's state calls for, unless it runs already. */
    private void rearm() {
        Clock next = !ctx.channel().isActive() ? Clock.NONE
                : reading ? Clock.READ : unanswered == 0 ? Clock.IDLE : Clock.NONE;
        if (next == clock) {
            return;
        }
        clock = next;
        if (next != Clock.NONE) {
            clockStart = ctx.executor().ticker().nanoTime();
            if (timer == null) {
                // the pending check, if any, comes within the shorter timeout: soon enough for this clock
                schedule(limit(next));
            }
        }
    }

    private long limit(Clock running) {
        return (running == Clock.READ ? readTimeout : idleTimeout).toNanos();
    }

    private void schedule(long nanos) {
        long soonest = Math.min(readTimeout.toNanos(), idleTimeout.toNanos());
        timer = ctx.executor().schedule(this::check, Math.min(nanos, soonest), TimeUnit.NANOSECONDS);
    }

    /** Ends the connection if the running clock has expired; else checks again by the time it would. */
    private void check() {
        timer = null;
        if (clock == Clock.NONE || !ctx.channel().isActive()) {
            return; // the next clock to start schedules the next check
        }
        long left = limit(clock) - (ctx.executor().ticker().nanoTime() - clockStart);
        if (left > 0) {
            schedule(left);
        } else if (clock == Clock.READ) {
            readTimedOut();
        } else {
            idleTimedOut();
        }
    }

    private void readTimedOut() {
        LOG.log(Level.DEBUG, "closing {0}: a request took longer than requestReadTimeout={1} to arrive",
                ctx.channel(), readTimeout);
        if (responding) {
            ctx.close();
            return;
        }
        HttpErrors.sendAndClose(ctx, HttpErrors.error(HttpResponseStatus.REQUEST_TIMEOUT,
                "the request did not arrive in full within requestReadTimeout=" + readTimeout, codec));
    }

    private void idleTimedOut() {
        LOG.log(Level.DEBUG, "closing {0}: idle for connectionIdleTimeout={1}", ctx.channel(), idleTimeout);
        ctx.close();
    }
}
