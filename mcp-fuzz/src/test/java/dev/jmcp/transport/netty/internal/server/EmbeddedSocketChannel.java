package dev.jmcp.transport.netty.internal.server;

import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelPromise;
import io.netty.channel.embedded.EmbeddedChannel;
import io.netty.channel.socket.DefaultSocketChannelConfig;
import io.netty.channel.socket.ServerSocketChannel;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.SocketChannelConfig;
import java.net.InetSocketAddress;
import java.net.Socket;

/**
 * An {@link EmbeddedChannel} that is a {@link SocketChannel}, so that the server's own
 * {@link ServerChannelInitializer} (a {@code ChannelInitializer<SocketChannel>}) builds its pipeline
 * on it: the fuzz test drives exactly the handlers a real connection gets, without a copy of the list.
 * Shutting down either half closes the channel.
 */
final class EmbeddedSocketChannel extends EmbeddedChannel implements SocketChannel {
    private static final InetSocketAddress SERVER = new InetSocketAddress("127.0.0.1", 8080);
    private static final InetSocketAddress CLIENT = new InetSocketAddress("127.0.0.1", 50000);

    /** Made on first use: the super constructor asks for it before this class's fields exist. */
    private SocketChannelConfig socketConfig;

    @Override
    public SocketChannelConfig config() {
        if (socketConfig == null) {
            // an unconnected socket that never opens a descriptor: the option Netty sets is ignored
            socketConfig = new DefaultSocketChannelConfig(this, new Socket() {
                @Override
                public void setTcpNoDelay(boolean on) {
                }
            });
        }
        return socketConfig;
    }

    @Override
    public ServerSocketChannel parent() {
        return null;
    }

    @Override
    public InetSocketAddress localAddress() {
        return SERVER;
    }

    @Override
    public InetSocketAddress remoteAddress() {
        return CLIENT;
    }

    @Override
    public boolean isInputShutdown() {
        return !isOpen();
    }

    @Override
    public ChannelFuture shutdownInput() {
        return close();
    }

    @Override
    public ChannelFuture shutdownInput(ChannelPromise promise) {
        return close(promise);
    }

    @Override
    public boolean isOutputShutdown() {
        return !isOpen();
    }

    @Override
    public ChannelFuture shutdownOutput() {
        return close();
    }

    @Override
    public ChannelFuture shutdownOutput(ChannelPromise promise) {
        return close(promise);
    }

    @Override
    public boolean isShutdown() {
        return !isOpen();
    }

    @Override
    public ChannelFuture shutdown() {
        return close();
    }

    @Override
    public ChannelFuture shutdown(ChannelPromise promise) {
        return close(promise);
    }
}
