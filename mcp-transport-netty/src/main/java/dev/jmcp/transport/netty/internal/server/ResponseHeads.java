package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.transport.netty.internal.body.JsonBodyWriter;
import dev.jmcp.transport.netty.internal.headers.McpHeaders;
import io.netty.handler.codec.http.DefaultHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponse;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;

/**
 * The heads of the responses whose bodies follow in pieces: an SSE stream, or a JSON body that
 * {@link JsonBodyWriter} encodes. Both are chunked, since neither length is known when the head is
 * made ({@link JsonBodyWriter} sets the length of a body it encodes whole). Callers add what their
 * era needs, such as a session id.
 */
public final class ResponseHeads {
    private ResponseHeads() {
    }

    /**
     * @return the head of an SSE stream: 200, {@code text/event-stream}, not to be cached, and
     *         {@code X-Accel-Buffering: no}, which asks proxies such as nginx to pass events on at once
     */
    public static HttpResponse eventStream() {
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, HttpResponseStatus.OK);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, McpHeaders.EVENT_STREAM)
                .set(HttpHeaderNames.CACHE_CONTROL, HttpHeaderValues.NO_CACHE)
                .set(McpHeaders.X_ACCEL_BUFFERING, "no");
        HttpUtil.setTransferEncodingChunked(head, true);
        return head;
    }

    /** @return the head of an {@code application/json} body */
    public static HttpResponse json(HttpResponseStatus status) {
        HttpResponse head = new DefaultHttpResponse(HttpVersion.HTTP_1_1, status);
        head.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON);
        HttpUtil.setTransferEncodingChunked(head, true);
        return head;
    }
}
