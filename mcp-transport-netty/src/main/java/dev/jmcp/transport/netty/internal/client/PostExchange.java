package dev.jmcp.transport.netty.internal.client;

import static dev.jmcp.transport.netty.internal.client.ClientConnection.EVENT_STREAM;
import static dev.jmcp.transport.netty.internal.client.ClientConnection.LOG;

import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.transport.netty.internal.sse.SseReader;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import io.netty.channel.Channel;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpUtil;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.lang.System.Logger.Level;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.RejectedExecutionException;

/**
 * One POST's answer, as its pieces reach the event loop. An answer that comes whole in at most
 * {@link #FAST_BYTES} (a JSON body, or each event of an SSE stream) is decoded and delivered right
 * there, with no thread to wake in between: that is nearly every answer. A longer one, or a JSON body
 * without a length past {@link #STREAMED_BYTES}, is handed, as it arrives, to a thread of the
 * connection through a {@link PipeInput}, and read the way a GET stream is ({@link SseStreamReader},
 * with its resumption), so that a blob of any size streams; the connection carries the next request
 * once the body is in.
 * A stream that ends or breaks before it has carried the answers it owes is resumed from the last
 * event id seen, as any other stream.
 */
final class PostExchange {
    /**
     * The longest JSON body, or SSE event, decoded on the event loop; longer ones stream through a
     * thread. Room for a 1 MiB blob's base64 and then some: such a read is one the issue measures.
     */
    static final int FAST_BYTES = 4 * 1024 * 1024;
    /**
     * The bytes of a JSON body without a length after which it is decoded on a thread as it comes:
     * a server that streams a body as it makes it (jmcp's long listings) sends no length, and
     * decoding it while the rest is made takes the decoding off the time the answer takes, where a
     * body with a length was made whole and arrives at once.
     */
    static final int STREAMED_BYTES = 64 * 1024;
    /**
     * How much of an error answer's body is kept: a 2026-07-28 server's JSON-RPC error (its answer
     * to the request), or the text for the message.
     */
    private static final int ERROR_TEXT_BYTES = 64 * 1024;

    private enum Mode { EMPTY, JSON, SSE, ERROR, PIPED }

    private final ClientConnection connection;
    private final JsonRpcPayload payload;
    private final int attempt;
    private List<String> challenges = List.of();
    private String dpopNonce;
    final CompletableFuture<Void> sent = new CompletableFuture<>();
    private Channel channel;
    private Mode mode;
    private int status;
    private boolean keepAlive;
    private ByteBuf pending;
    private Set<RequestId> owed;
    private EventBoundaries boundaries;
    private String lastEventId;
    private Long retry;
    private PipeInput pipe;
    private boolean lengthKnown;

    /** @param attempt 1, or one more for each time the server refused this payload for want of authorization */
    PostExchange(ClientConnection connection, JsonRpcPayload payload, int attempt) {
        this.connection = connection;
        this.payload = payload;
        this.attempt = attempt;
    }

    void head(HttpResponse response, Channel on) {
        channel = on;
        status = response.status().code();
        keepAlive = HttpUtil.isKeepAlive(response);
        if (status == 401 || status == 403) {
            challenges = List.copyOf(response.headers().getAll(HttpHeaderNames.WWW_AUTHENTICATE));
            dpopNonce = response.headers().get("DPoP-Nonce");
        }
        String id = response.headers().get("Mcp-Session-Id");
        if (id != null) {
            connection.sessionId = id;
        }
        long length = HttpUtil.getContentLength(response, -1L);
        String type = response.headers().get(HttpHeaderNames.CONTENT_TYPE, "");
        if (status == 202 || status == 200 && length == 0) {
            mode = Mode.EMPTY;
        } else if (status == 200 && type.toLowerCase(Locale.ROOT).startsWith(EVENT_STREAM)) {
            mode = Mode.SSE;
            owed = ConcurrentHashMap.newKeySet();
            owed.addAll(SseStreamReader.requestIds(payload));
            boundaries = new EventBoundaries();
            pending = on.alloc().heapBuffer();
            sent.complete(null);
        } else {
            mode = status == 200 ? Mode.JSON : Mode.ERROR;
            lengthKnown = length >= 0;
            pending = on.alloc().heapBuffer(length > 0 && length <= FAST_BYTES ? (int) length : 256);
        }
    }

    /** @param content a piece of the body; not kept beyond the call (retained when it is) */
    void content(ByteBuf content) {
        switch (mode) {
            case EMPTY -> {
                // nothing to read in it
            }
            case ERROR -> pending.writeBytes(content, content.readerIndex(),
                    Math.min(content.readableBytes(), Math.max(0, ERROR_TEXT_BYTES - pending.readableBytes())));
            case PIPED -> pipe.offer(content.retain());
            case JSON -> {
                pending.writeBytes(content, content.readerIndex(), content.readableBytes());
                if (pending.readableBytes() > (lengthKnown ? FAST_BYTES : STREAMED_BYTES)) {
                    startPipe(() -> readJson(pipe));
                }
            }
            case SSE -> events(content);
        }
    }

    private void events(ByteBuf content) {
        int scanned = pending.writerIndex();
        pending.writeBytes(content, content.readerIndex(), content.readableBytes());
        for (int end; (end = boundaries.next(pending, scanned, pending.writerIndex())) >= 0; scanned = end) {
            deliver(pending.slice(pending.readerIndex(), end - pending.readerIndex()));
            pending.readerIndex(end);
        }
        pending.discardReadBytes();
        if (pending.readableBytes() > FAST_BYTES) {
            // the unfinished event goes first into the pipe, so that the thread's reader starts at its beginning
            startPipe(() -> connection.streams().readStream(pipe, owed, lastEventId, retry));
        }
    }

    private void deliver(ByteBuf event) {
        SseReader reader = new SseReader(new ByteBufInputStream(event), event.readableBytes());
        try {
            while (reader.next((name, data) -> connection.streams().onEvent(name, data, owed))) {
                // each message is delivered as it is read
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.DEBUG, "an event from {0} could not be read: {1}", connection.target, e.toString());
        }
        lastEventId = reader.lastEventId() != null ? reader.lastEventId() : lastEventId;
        retry = reader.retryMillis() != null ? reader.retryMillis() : retry;
    }

    private void startPipe(Runnable reader) {
        pipe = new PipeInput(channel);
        pipe.offer(pending);
        pending = null;
        mode = Mode.PIPED;
        try {
            connection.executor.execute(reader);
        } catch (RejectedExecutionException closing) {
            // the client closed meanwhile: no thread will read the pipe, so it releases what it holds
            // (else its buffers leak) and the request fails instead of waiting for an answer
            pipe.close();
            sent.completeExceptionally(connection.wrap(closing, "POST"));
        }
    }

    private void readJson(InputStream body) {
        try (InputStream in = body) {
            connection.readMessage(in);
            sent.complete(null);
        } catch (IOException | RuntimeException e) {
            sent.completeExceptionally(connection.wrap(e, "POST"));
        }
    }

    /** A batch of reads has ended: a thread reading the body gets what it brought. */
    void readComplete() {
        if (mode == Mode.PIPED) {
            pipe.flush();
        }
    }

    /**
     * The body is complete.
     *
     * @return whether the connection may carry another request
     */
    boolean end() {
        try {
            answer();
        } finally {
            release(); // whatever the answer's handling threw
        }
        // a piped body is whole in its pipe by now, which no longer touches the channel
        return keepAlive;
    }

    private void answer() {
        switch (mode) {
            case EMPTY -> {
                if (payload instanceof JsonRpcNotification notification
                        && McpMethodNames.INITIALIZED.equals(notification.method())) {
                    connection.streams().openGetStream();
                }
                sent.complete(null);
            }
            case JSON -> readJson(new ByteBufInputStream(pending));
            case SSE -> resumeIfOwed();
            case ERROR -> connection.refused(payload, status, pending.toString(StandardCharsets.UTF_8).strip(),
                    challenges, dpopNonce, attempt)
                    .whenComplete((ignored, failure) -> {
                        if (failure == null) {
                            sent.complete(null);
                        } else {
                            sent.completeExceptionally(failure);
                        }
                    });
            case PIPED -> pipe.end();
        }
    }

    /** The connection broke, or could not be used, before the body was complete. */
    void broken(Throwable cause) {
        try {
            fail(cause);
        } finally {
            release();
        }
    }

    private void fail(Throwable cause) {
        if (mode == null || mode == Mode.JSON || mode == Mode.ERROR) {
            sent.completeExceptionally(connection.wrap(cause, "POST"));
        } else if (mode == Mode.SSE) {
            LOG.log(Level.DEBUG, "a stream from {0} dropped: {1}", connection.target, cause.toString());
            resumeIfOwed();
        } else if (mode == Mode.PIPED) {
            pipe.fail(new EOFException("the connection broke: " + cause));
        } else {
            sent.complete(null);
        }
    }

    private void resumeIfOwed() {
        if (!owed.isEmpty() && !connection.closed.get()) {
            try {
                connection.executor.execute(() -> connection.streams().readStream(null, owed, lastEventId, retry));
            } catch (RejectedExecutionException closing) {
                // the client closed between the check and here: nothing is owed to a closed client, and
                // the caller still releases this exchange's buffer (the leak detector saw it kept once)
                LOG.log(Level.DEBUG, "a stream from {0} is not resumed: the client closed", connection.target);
            }
        }
    }

    private void release() {
        if (pending != null) {
            pending.release();
            pending = null;
        }
    }
}
