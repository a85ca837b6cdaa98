package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.schema.codec.McpCodec;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.QueryStringDecoder;
import io.netty.util.ReferenceCountUtil;

/**
 * The decoded path of a request, in one place: a path with a broken percent-escape ({@code /%zz})
 * makes {@link QueryStringDecoder} throw, and a handler that decoded it outside its release would
 * leak the request and close the connection without an answer. Such a request gets 400 instead.
 */
public final class RequestPaths {
    private RequestPaths() {
    }

    /** @return the decoded path of {@code uri}; null when it has a broken percent-escape */
    public static String of(String uri) {
        try {
            return new QueryStringDecoder(uri).path();
        } catch (IllegalArgumentException brokenEscape) {
            return null;
        }
    }

    /** Answers a request whose path cannot be decoded with 400, and releases it. */
    public static void refuse(ChannelHandlerContext ctx, HttpRequest request, McpCodec codec) {
        try {
            String uri = request.uri();
            ctx.writeAndFlush(HttpErrors.error(HttpResponseStatus.BAD_REQUEST, "the request path has a broken "
                    + "percent-escape: " + (uri.length() > 200 ? uri.substring(0, 200) + "..." : uri), codec));
        } finally {
            ReferenceCountUtil.release(request);
        }
    }
}
