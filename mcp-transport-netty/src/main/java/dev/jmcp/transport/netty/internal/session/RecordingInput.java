package dev.jmcp.transport.netty.internal.session;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufAllocator;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.stream.ChunkedInput;

/**
 * An event's body that hands a copy of each piece to an {@link EventRecording} as the piece goes to
 * the connection, and tells it whether the body ended or was abandoned: what is kept for replay is
 * what was written, byte for byte.
 */
public final class RecordingInput implements ChunkedInput<HttpContent> {
    private final ChunkedInput<HttpContent> body;
    private final EventRecording recording;
    private boolean told;

    public RecordingInput(ChunkedInput<HttpContent> body, EventRecording recording) {
        this.body = body;
        this.recording = recording;
    }

    /**
     * Keeps a whole event handed to the connection in one piece, as this body would have kept it
     * piece by piece.
     *
     * @param bytes the event's bytes; their indexes are left as they were
     */
    public static void recordWhole(EventRecording recording, ByteBuf bytes) {
        recording.reading();
        recording.written(bytes);
        recording.ended();
    }

    @Override
    public boolean isEndOfInput() throws Exception {
        boolean end = body.isEndOfInput();
        if (end && !told) {
            told = true;
            recording.ended();
        }
        return end;
    }

    @Deprecated
    @Override
    public HttpContent readChunk(ChannelHandlerContext ctx) throws Exception {
        return readChunk(ctx.alloc());
    }

    @Override
    public HttpContent readChunk(ByteBufAllocator allocator) throws Exception {
        recording.reading();
        HttpContent chunk = body.readChunk(allocator);
        if (chunk != null) {
            recording.written(chunk.content());
        }
        return chunk;
    }

    @Override
    public void close() throws Exception {
        if (!told) {
            told = true;
            recording.abandoned();
        }
        body.close();
    }

    @Override
    public long length() {
        return body.length();
    }

    @Override
    public long progress() {
        return body.progress();
    }
}
