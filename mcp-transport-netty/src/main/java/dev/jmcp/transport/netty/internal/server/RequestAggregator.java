package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.transport.netty.HttpServerSettings;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelPipeline;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMessage;
import io.netty.handler.codec.http.HttpObjectAggregator;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.ReferenceCountUtil;
import java.util.Objects;

/**
 * Netty's aggregator, whose refusals say why: a body over the limit gets a 413 whose JSON-RPC error
 * (without an id) names {@code maxMessageBytes} and its value, and an {@code Expect} it cannot meet
 * a 417 naming the header, where Netty sends both empty.
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
        HttpErrors.sendAndClose(ctx, HttpErrors.error(HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE, tooLarge(), codec));
    }

    @Override
    protected Object newContinueResponse(HttpMessage start, int maxContentLength, ChannelPipeline pipeline) {
        String expect = start.headers().get(HttpHeaderNames.EXPECT); // Netty removes it
        Object answer = super.newContinueResponse(start, maxContentLength, pipeline);
        if (!(answer instanceof HttpResponse refusal) || refusal.status().code() < 400) {
            return answer;
        }
        String message = refusal.status().code() == HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE.code()
                ? tooLarge()
                : "only Expect: 100-continue is understood; Expect was " + expect;
        FullHttpResponse explained = HttpErrors.error(refusal.status(), message, codec);
        String connection = refusal.headers().get(HttpHeaderNames.CONNECTION);
        if (connection != null) {
            explained.headers().set(HttpHeaderNames.CONNECTION, connection);
        }
        ReferenceCountUtil.release(answer);
        return explained;
    }

    private String tooLarge() {
        return "the request body is larger than the codec's maxMessageBytes=" + codec.limits().maxMessageBytes();
    }
}
