package dev.jmcp.transport.netty.internal;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.transport.netty.HttpServerSettings;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.util.Objects;

/**
 * Netty's aggregator, whose answer to a body over the limit is a 413 that says why: a JSON-RPC
 * error without an id naming {@code maxMessageBytes} and its value, where Netty sends an empty 413.
 * The connection is closed after it, as Netty does when it cannot tell where the next request
 * starts.
 */
public final class RequestAggregator extends HttpObjectAggregator {
    private final McpCodec codec;

    /** @param settings bound the body by {@link HttpServerSettings#maxRequestBytes()}; never null */
    public RequestAggregator(HttpServerSettings settings) {
        super(Objects.requireNonNull(settings, "settings").maxRequestBytes());
        this.codec = settings.codec();
    }

    @Override
    protected void handleOversizedMessage(ChannelHandlerContext ctx, HttpMessage oversized) {
        HttpErrors.sendAndClose(ctx, HttpErrors.error(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE,
                "the request body is larger than the codec's maxMessageBytes="
                + codec.limits().maxMessageBytes(), codec));
    }
}
