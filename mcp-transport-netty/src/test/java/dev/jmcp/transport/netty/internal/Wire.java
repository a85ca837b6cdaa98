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
final class Wire {
    final List<HttpResponse> heads = new ArrayList<>();
    final ByteArrayOutputStream body = new ByteArrayOutputStream();
    final List<Integer> chunkSizes = new ArrayList<>();
    int lasts;

    private Wire() {
    }

    /** Drains the channel's outbound messages. */
    static Wire drain(EmbeddedChannel channel) {
        Wire wire = new Wire();
        channel.runPendingTasks();
        Object message;
        while ((message = channel.readOutbound()) != null) {
            wire.record(message);
        }
        return wire;
    }

    /** @return a wire to {@link #record} messages on */
    static Wire empty() {
        return new Wire();
    }

    /** Keeps what {@code message} says and releases it. */
    void record(Object message) {
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

    HttpResponse head() {
        return heads.get(0);
    }

    int status() {
        return head().status().code();
    }

    FullHttpResponse full() {
        return (FullHttpResponse) head();
    }

    String text() {
        return body.toString(StandardCharsets.UTF_8);
    }
}
