package dev.jmcp.transport.netty.internal.session;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.lifecycle.ProtocolVersions;
import dev.jmcp.transport.netty.HttpServerSettings;
import dev.jmcp.transport.netty.internal.body.BlobScan;
import dev.jmcp.core.spi.Budget;
import dev.jmcp.transport.netty.internal.body.JsonBody;
import dev.jmcp.transport.netty.internal.headers.McpHeaders;
import dev.jmcp.transport.netty.internal.server.ResponseHeads;
import dev.jmcp.transport.netty.internal.sse.SseEvent;
import dev.jmcp.transport.netty.internal.sse.SseResponse;
import dev.jmcp.transport.netty.internal.sse.SseWriter;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.LastHttpContent;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.CompletableFuture;

/**
 * Writes the streams of one {@link HttpSession} to the connections that carry them: response heads,
 * priming events, events (each kept in the session's {@link EventReplayBuffer} too), replays and
 * ends; and drops a stream from its {@link StreamRoutes} once it can no longer be resumed. Called
 * with the session's lock held, except where a method takes it itself.
 */
final class SessionStreamWriter {
    private final HttpSession session;
    private final Object lock;
    private final StreamRoutes routes;
    private final EventReplayBuffer replay;
    private final McpCodec codec;
    private final int chunkBytes;
    private final boolean jsonResponses;

    SessionStreamWriter(HttpSession session, Object lock, StreamRoutes routes, HttpServerSettings settings,
            Budget budget) {
        this.session = session;
        this.lock = lock;
        this.routes = routes;
        this.replay = new EventReplayBuffer(settings.replayBufferEvents(), settings.replayBufferBytes(), budget,
                this::evicted);
        this.codec = settings.codec();
        this.chunkBytes = settings.chunkBytes();
        this.jsonResponses = settings.jsonResponses();
    }

    /**
     * Writes what {@code stream} sent after {@code afterSeq} again: the bytes as they were sent; a
     * message never written yet (its connection was gone) for the first time; for an answer whose
     * bytes are not kept, an error that answers the same requests and says why.
     *
     * @return how many events were written
     */
    int replay(EventStream stream, long afterSeq) {
        replay.abandonWrites(stream.number);
        int written = 0;
        for (EventReplayBuffer.Entry entry : replay.after(stream.number, afterSeq)) {
            String id = stream.eventId(entry.seq());
            Object event;
            if (entry.kept() != null) {
                event = entry.kept();
            } else if (entry.payload() != null) {
                event = SseEvent.message(id, entry.payload(), record(entry));
            } else if (!entry.answers().isEmpty()) {
                event = SseEvent.message(id, AnswerErrors.notKept(entry), null);
            } else {
                continue; // a notification whose bytes are gone: nothing waits for it
            }
            stream.channel.write(event);
            written++;
        }
        stream.deliveredSeq = stream.lastSeq;
        stream.channel.flush();
        return written;
    }

    /** Gives back every byte the session keeps for replay; for a session that ends. */
    void release() {
        replay.clear();
    }

    void attach(EventStream stream, Channel channel) {
        stream.channel = channel;
        stream.onClose = future -> detach(stream, channel);
        channel.closeFuture().addListener(stream.onClose);
    }

    /**
     * The stream is done with its connection, which lives on (keep-alive): its close listener goes
     * too, or a connection that carries many requests would hold every stream it ever carried.
     */
    void leave(EventStream stream) {
        if (stream.channel != null && stream.onClose != null) {
            stream.channel.closeFuture().removeListener(stream.onClose);
        }
        stream.channel = null;
        stream.onClose = null;
        session.touch();
    }

    private void detach(EventStream stream, Channel channel) {
        synchronized (lock) {
            if (stream.channel == channel) {
                stream.channel = null;
            }
        }
        session.touch();
    }

    HttpResponse sseHead() {
        HttpResponse head = ResponseHeads.eventStream();
        head.headers().set(McpHeaders.SESSION_ID, session.id());
        return head;
    }

    /** Writes the head of an SSE response, and a priming event for clients of 2025-11-25 and later. */
    void sendSseHead(EventStream stream, String version) {
        writeSseHead(stream, version);
        stream.channel.flush();
    }

    private void writeSseHead(EventStream stream, String version) {
        stream.channel.write(sseHead());
        stream.headSent = true;
        prime(stream, version);
    }

    /**
     * Writes an event with an id and no data, so that a client can resume from the start of the
     * stream; only for 2025-11-25 and later, whose clients expect it (older ones may try to parse
     * the empty data).
     */
    void prime(EventStream stream, String version) {
        SseEvent priming = priming(stream, version);
        if (priming != null) {
            stream.channel.write(priming);
        }
    }

    /** @return the priming event for {@code version}, its number taken; null for a client older than 2025-11-25 */
    private static SseEvent priming(EventStream stream, String version) {
        if (version != null && ProtocolVersions.isSupported(version)
                && version.compareTo(ProtocolVersions.V2025_11_25) >= 0) {
            long seq = stream.nextSeq();
            stream.deliveredSeq = seq;
            return SseEvent.priming(stream.eventId(seq));
        }
        return null;
    }

    CompletableFuture<Void> emit(EventStream stream, JsonRpcPayload payload, boolean last) {
        stream.headDecided();
        if (!stream.headSent && stream.live()) {
            // the answer is all there is to say, and came before sseHeadDelay (or in JSON mode), or
            // is an error that came before sseHeadHold: one application/json body. An answer that
            // reads a blob's source takes long to write, and gets a stream a client can resume
            // instead, unless the server is in JSON mode
            if (last && (jsonResponses || !BlobScan.readsSource(payload)
                    && (!stream.onlyErrorsAsJson || payload instanceof JsonRpcErrorResponse))) {
                HttpResponse head = ResponseHeads.json(HttpResponseStatus.OK);
                head.headers().set(McpHeaders.SESSION_ID, session.id());
                ChannelFuture written = stream.channel.writeAndFlush(new JsonBody(head, payload));
                stream.headSent = true;
                stream.complete = true;
                leave(stream);
                dropIfSpent(stream);
                return completion(written);
            }
            if (stream.onlyErrorsAsJson && last && !BlobScan.readsSource(payload)) {
                return answerWhole(stream, payload);
            }
            if (stream.onlyErrorsAsJson) {
                // within sseHeadHold: the head leaves with the first message, in its write
                writeSseHead(stream, session.protocolVersion());
                stream.headHeld = true;
            } else {
                sendSseHead(stream, session.protocolVersion());
            }
        }
        long seq = stream.nextSeq();
        stream.retained++;
        EventReplayBuffer.Entry entry = replay.add(stream.number, seq, payload);
        CompletableFuture<Void> taken = CompletableFuture.completedFuture(null);
        boolean ended = false;
        if (stream.live() && stream.headSent) {
            if (stream.headHeld && !last) {
                // a stream of several messages is a slow one: its head leaves before its first
                // event, as it would have without the hold, and a client that loses the connection
                // right after that event has already taken the response in
                stream.channel.flush();
            }
            stream.headHeld = false;
            stream.deliveredSeq = seq;
            SseEvent event = SseEvent.message(stream.eventId(seq), payload, record(entry));
            // the last answer ends the response in its own piece: one write and one flush, which
            // also send a head still held (sseHeadHold)
            taken = completion(stream.channel.writeAndFlush(last ? event.ending() : event));
            ended = last;
        } else if (!BlobScan.readsSource(payload)) {
            keepUnsent(entry, SseEvent.message(stream.eventId(seq), payload, null));
        }
        if (ended) {
            stream.complete = true;
            leave(stream);
            dropIfSpent(stream);
        } else if (last) {
            complete(stream);
        }
        return taken;
    }

    /**
     * Within {@code sseHeadHold}, the answer is all the stream carries: its head, priming event and
     * answer are known at once, and go as one {@link SseResponse} (one message, with a
     * {@code Content-Length}, when the answer is one piece), kept for replay as any event is.
     */
    private CompletableFuture<Void> answerWhole(EventStream stream, JsonRpcPayload payload) {
        stream.headSent = true;
        SseEvent priming = priming(stream, session.protocolVersion());
        long seq = stream.nextSeq();
        stream.retained++;
        EventReplayBuffer.Entry entry = replay.add(stream.number, seq, payload);
        stream.deliveredSeq = seq;
        SseEvent event = SseEvent.message(stream.eventId(seq), payload, record(entry)).ending();
        CompletableFuture<Void> taken = completion(stream.channel.writeAndFlush(new SseResponse(sseHead(), priming, event)));
        stream.complete = true;
        leave(stream);
        dropIfSpent(stream);
        return taken;
    }

    void complete(EventStream stream) {
        stream.complete = true;
        if (stream.live() && stream.headSent) {
            end(stream);
        }
        dropIfSpent(stream);
    }

    void end(EventStream stream) {
        stream.channel.writeAndFlush(LastHttpContent.EMPTY_LAST_CONTENT);
        leave(stream);
    }

    /**
     * Keeps a message that no connection carries now as the bytes a resume will send, so that
     * nothing holds the message meanwhile and its bytes count against the budgets; if they do not
     * fit, the event says why. A message that reads a blob's source waits for a connection instead:
     * its source is read once, as it is written.
     */
    private void keepUnsent(EventReplayBuffer.Entry entry, SseEvent event) {
        EventRecording recording = record(entry);
        recording.reading();
        try (InputStream in = SseWriter.bytes(event, codec)) {
            byte[] chunk = new byte[chunkBytes];
            for (int n; (n = in.readNBytes(chunk, 0, chunk.length)) > 0; ) {
                recording.written(chunk, 0, n);
            }
        } catch (IOException | RuntimeException e) {
            // left as a message, for the connection that resumes the stream to encode
            recording.abandoned();
            return;
        }
        recording.ended();
    }

    private EventRecording record(EventReplayBuffer.Entry entry) {
        return replay.record(entry, recording -> {
            synchronized (lock) {
                replay.over(entry, recording);
            }
        });
    }

    private void evicted(EventReplayBuffer.Entry entry) {
        EventStream stream = routes.get(entry.stream());
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
            routes.remove(stream);
        }
    }

    private static CompletableFuture<Void> completion(ChannelFuture written) {
        // a write that fails (the client went away) is not the sender's failure: the event is kept
        // for replay, and a response lost with a JSON body is the price of that mode
        CompletableFuture<Void> taken = new CompletableFuture<>();
        written.addListener(future -> taken.complete(null));
        return taken;
    }
}
