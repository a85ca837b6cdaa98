package dev.jmcp.transport.netty.internal;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOutboundHandlerAdapter;
import io.netty.channel.ChannelPromise;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.local.LocalAddress;
import io.netty.channel.local.LocalChannel;
import io.netty.channel.local.LocalServerChannel;
import io.netty.handler.stream.ChunkedWriteHandler;

/**
 * A connection on a real event loop, for the handlers whose work is finished by another thread
 * (which an {@link io.netty.channel.embedded.EmbeddedChannel} cannot take: its loop says every
 * thread is the loop). Its pipeline is a {@link ChunkedWriteHandler} and the given handlers, behind
 * a sink that keeps what reaches it in a {@link Wire} instead of sending it. In-VM (Netty's local
 * transport), so no socket is involved.
 */
public final class LoopChannel implements AutoCloseable {
    private final Channel server;
    private final Channel channel;
    private final Wire wire = Wire.empty();

    private LoopChannel(EventLoopGroup group, String name, ChannelHandler... handlers) throws InterruptedException {
        LocalAddress address = new LocalAddress(name + "-" + System.nanoTime());
        server = new ServerBootstrap().group(group).channel(LocalServerChannel.class)
                .childHandler(new ChannelInboundHandlerAdapter()).bind(address).sync().channel();
        channel = new Bootstrap().group(group).channel(LocalChannel.class).handler(new ChannelInitializer<Channel>() {
            @Override
            protected void initChannel(Channel ch) {
                ch.pipeline().addLast(new Sink(), new ChunkedWriteHandler());
                ch.pipeline().addLast(handlers);
            }
        }).connect(address).sync().channel();
    }

    /** @return a connection on {@code group}'s loop, with {@code handlers} at the tail */
    public static LoopChannel open(EventLoopGroup group, ChannelHandler... handlers) throws InterruptedException {
        return new LoopChannel(group, "loop-channel", handlers);
    }

    /** Writes and flushes {@code message} from the caller's thread. */
    public ChannelFuture write(Object message) {
        return channel.writeAndFlush(message);
    }

    public Channel channel() {
        return channel;
    }

    /** @return what reached the sink; read it once the writes are done */
    public Wire wire() {
        synchronized (wire) {
            return wire;
        }
    }

    @Override
    public void close() throws InterruptedException {
        channel.close().sync();
        server.close().sync();
    }

    /** Keeps every message and reports it written. */
    private final class Sink extends ChannelOutboundHandlerAdapter {
        @Override
        public void write(ChannelHandlerContext ctx, Object msg, ChannelPromise promise) {
            synchronized (wire) {
                wire.record(msg);
            }
            promise.setSuccess();
        }

        @Override
        public void flush(ChannelHandlerContext ctx) {
            // nothing is sent
        }
    }
}
