package dev.jmcp.transport.netty.internal;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelFutureListener;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;

/**
 * The answers of the transport itself: an HTTP status, and for errors a JSON-RPC error response
 * without an {@code id} as the body (the spec allows one for 400 and 403), whose message says what
 * was wrong and which rule or setting applied.
 */
public final class HttpErrors {
    /** 421: the request's {@code Host} is not one this server answers to. */
    public static final HttpResponseStatus MISDIRECTED_REQUEST = HttpResponseStatus.valueOf(421);

    private HttpErrors() {
    }

    /** @return an error response with a JSON-RPC error body of code {@code -32600} */
    public static FullHttpResponse error(HttpResponseStatus status, String message, McpCodec codec) {
        return error(status, ErrorCodes.INVALID_REQUEST, message, codec);
    }

    /** @return an error response with a JSON-RPC error body */
    public static FullHttpResponse error(HttpResponseStatus status, int code, String message, McpCodec codec) {
        byte[] body = codec.toBytes(new JsonRpcErrorResponse(null, new JsonRpcError(code, message, null)));
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.wrappedBuffer(body));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        return response;
    }

    /** @return a response without a body */
    public static FullHttpResponse empty(HttpResponseStatus status) {
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status, Unpooled.EMPTY_BUFFER);
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, 0);
        return response;
    }

    /** Writes {@code response} and closes the connection after it. */
    public static ChannelFuture sendAndClose(ChannelHandlerContext ctx, FullHttpResponse response) {
        response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        return ctx.writeAndFlush(response).addListener(ChannelFutureListener.CLOSE);
    }
}
