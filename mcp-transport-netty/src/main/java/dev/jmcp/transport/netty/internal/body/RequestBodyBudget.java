package dev.jmcp.transport.netty.internal.body;

import dev.jmcp.core.spi.Budget;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.transport.netty.internal.server.HttpErrors;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.LastHttpContent;
import io.netty.util.ReferenceCountUtil;
import java.lang.System.Logger.Level;
import java.util.Objects;

/**
 * Takes the bytes of each request body from a server-wide {@link Budget}
 * ({@code maxBufferedRequestBytes}) and from its peer's share of it
 * ({@code maxBufferedRequestBytesPerPeer}, over all of that client's connections) as they arrive,
 * before the aggregator holds them, and gives them back once the body is complete, or the
 * connection closes. A piece either cannot take gets 503 with {@code Retry-After} and a JSON-RPC
 * error naming the setting (the server is busy; the message itself may be fine), and the connection
 * is closed, since the rest of the body is still on its way.
 */
public final class RequestBodyBudget extends ChannelInboundHandlerAdapter {
    private static final System.Logger LOG = System.getLogger(RequestBodyBudget.class.getName());

    private final Budget budget;
    private final PeerShares shares;
    private final McpCodec codec;
    private Object peer;
    private long held;
    private boolean refused;

    /**
     * @param budget the bytes of all connections' unfinished bodies; never null
     * @param shares what each peer holds of them; never null
     * @param codec  writes the 503's body; never null
     */
    public RequestBodyBudget(Budget budget, PeerShares shares, McpCodec codec) {
        this.budget = Objects.requireNonNull(budget, "budget");
        this.shares = Objects.requireNonNull(shares, "shares");
        this.codec = Objects.requireNonNull(codec, "codec");
    }

    @Override
    public void channelRead(ChannelHandlerContext ctx, Object msg) {
        if (refused) {
            ReferenceCountUtil.release(msg);
            return;
        }
        if (!(msg instanceof HttpContent content)) {
            ctx.fireChannelRead(msg);
            return;
        }
        int size = content.content().readableBytes();
        if (peer == null) {
            peer = PeerShares.peerOf(ctx.channel().remoteAddress());
        }
        if (!budget.tryTake(size)) {
            refuse(ctx, msg, "the server is reading too many request bodies at once: " + budget + "; try again later");
            return;
        }
        if (!shares.tryTake(peer, size)) {
            budget.giveBack(size);
            refuse(ctx, msg, "this client's connections are sending too many request bodies at once: they hold "
                    + shares.heldBy(peer) + " bytes, and " + shares + "; finish or close one and try again");
            return;
        }
        held += size;
        if (!(msg instanceof LastHttpContent)) {
            ctx.fireChannelRead(msg);
            return;
        }
        try {
            ctx.fireChannelRead(msg);
        } finally {
            giveBack();
        }
    }

    private void refuse(ChannelHandlerContext ctx, Object msg, String why) {
        refused = true;
        ReferenceCountUtil.release(msg);
        // the part of this body already passed on is dropped by the aggregator when the connection closes
        giveBack();
        LOG.log(Level.DEBUG, "refused a request body on {0}: {1}", ctx.channel(), why);
        HttpErrors.sendAndClose(ctx, HttpErrors.busy(why, codec));
    }

    @Override
    public void channelInactive(ChannelHandlerContext ctx) {
        giveBack();
        ctx.fireChannelInactive();
    }

    @Override
    public void handlerRemoved(ChannelHandlerContext ctx) {
        giveBack();
    }

    private void giveBack() {
        budget.giveBack(held);
        shares.giveBack(peer, held);
        held = 0;
    }
}
