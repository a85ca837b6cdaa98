package dev.jmcp.transport.netty.internal.auth;

import dev.jmcp.core.spi.Principal;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.util.AttributeKey;

/**
 * The principal of the request a connection is handling, from {@link AuthGate} to the handlers
 * that deliver its messages. Set only while the request goes down the pipeline (which delivers
 * synchronously, on the event loop) and removed at once: a connection keeps no principal between
 * its requests, and no handler ever sees a token.
 */
public final class RequestPrincipal {
    private static final AttributeKey<Principal> KEY = AttributeKey.valueOf(RequestPrincipal.class.getName());

    private RequestPrincipal() {
    }

    /** @return whom the request being handled was authenticated as; null when the server is not protected */
    public static Principal of(ChannelHandlerContext ctx) {
        return ctx.channel().attr(KEY).get();
    }

    /** Runs {@code passOn} with {@code principal} set on {@code channel}, then removes it. */
    static void during(Channel channel, Principal principal, Runnable passOn) {
        channel.attr(KEY).set(principal);
        try {
            passOn.run();
        } finally {
            channel.attr(KEY).set(null);
        }
    }
}
