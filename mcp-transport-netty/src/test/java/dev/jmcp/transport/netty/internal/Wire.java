package dev.jmcp.transport.netty.internal;

import io.netty.buffer.ByteBuf;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Reads what handlers wrote to an {@link EmbeddedChannel}, releasing every buffer. */
public final class Wire {
    public final List<HttpResponse> heads = new ArrayList<>();
    public final ByteArrayOutputStream body = new ByteArrayOutputStream();
    public final List<Integer> chunkSizes = new ArrayList<>();
    public int lasts;

    private Wire() {
    }

    /** Drains the channel's outbound messages. */
    public static Wire drain(EmbeddedChannel channel) {
        Wire wire = new Wire();
        channel.runPendingTasks();
        Object message;
        while ((message = channel.readOutbound()) != null) {
            wire.record(message);
        }
        return wire;
    }

    /** @return a wire to {@link #record} messages on */
    public static Wire empty() {
        return new Wire();
    }

    /** Keeps what {@code message} says and releases it. */
    public void record(Object message) {
        try {
            if (message instanceof HttpResponse head) {
                heads.add(head);
            }
            if (message instanceof HttpContent content) {
                ByteBuf bytes = content.content();
                chunkSizes.add(bytes.readableBytes());
                byte[] copy = new byte[bytes.readableBytes()];
                bytes.getBytes(bytes.readerIndex(), copy);
                body.writeBytes(copy);
                if (message instanceof LastHttpContent) {
                    lasts++;
                }
            }
        } finally {
            ReferenceCountUtil.release(message);
        }
    }

    public HttpResponse head() {
        return heads.get(0);
    }

    public int status() {
        return head().status().code();
    }

    FullHttpResponse full() {
        return (FullHttpResponse) head();
    }

    public String text() {
        return body.toString(StandardCharsets.UTF_8);
    }
}
