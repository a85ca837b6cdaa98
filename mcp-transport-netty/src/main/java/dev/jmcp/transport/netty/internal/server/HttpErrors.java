package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
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
 * as the body, whose message says what was wrong and which rule or setting applied. Before the
 * body has been read the error has no {@code id} (the spec allows that for 400 and 403); once the
 * body has been read, it carries the id of the request it answers, with its JSON type, so that
 * the client can tell which of its requests failed.
 */
public final class HttpErrors {
    /** 421: the request's {@code Host} is not one this server answers to. */
    public static final HttpResponseStatus MISDIRECTED_REQUEST = HttpResponseStatus.valueOf(421);

    private HttpErrors() {
    }

    /** @return an error response with a JSON-RPC error body of code {@code -32600}, without an id */
    public static FullHttpResponse error(HttpResponseStatus status, String message, McpCodec codec) {
        return error(status, ErrorCodes.INVALID_REQUEST, message, codec);
    }

    /** @return an error response with a JSON-RPC error body without an id */
    public static FullHttpResponse error(HttpResponseStatus status, int code, String message, McpCodec codec) {
        return error(status, null, code, message, codec);
    }

    /**
     * @param id the id of the request the error answers; null when it is not known
     * @return an error response with a JSON-RPC error body
     */
    public static FullHttpResponse error(HttpResponseStatus status, RequestId id, int code, String message,
            McpCodec codec) {
        return error(status, new JsonRpcErrorResponse(id, new JsonRpcError(code, message, null)), codec);
    }

    /** @return an error response whose body is {@code failure}, with its code, data and request id (if known) */
    public static FullHttpResponse error(HttpResponseStatus status, ProtocolException failure, McpCodec codec) {
        return error(status, JsonRpcErrorResponse.of(failure), codec);
    }

    /** @return an error response whose body is {@code body} */
    public static FullHttpResponse error(HttpResponseStatus status, JsonRpcErrorResponse body, McpCodec codec) {
        byte[] bytes = codec.toBytes(body);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                Unpooled.wrappedBuffer(bytes));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, HttpHeaderValues.APPLICATION_JSON)
                .setInt(HttpHeaderNames.CONTENT_LENGTH, bytes.length);
        return response;
    }

    /** @return the id an error about {@code payload} answers: a lone request's; null for anything else */
    public static RequestId idOf(JsonRpcPayload payload) {
        return payload instanceof JsonRpcRequest request ? request.id() : null;
    }

    /**
     * @return a 503 for a server too busy to take the request now, whatever it says: a JSON-RPC
     *         error without an id ({@code -32603}) and {@code Retry-After: 1}, since what is spent
     *         (connections, body bytes) comes back as soon as other requests finish
     */
    public static FullHttpResponse busy(String message, McpCodec codec) {
        FullHttpResponse response = error(HttpResponseStatus.SERVICE_UNAVAILABLE, ErrorCodes.INTERNAL_ERROR, message,
                codec);
        response.headers().setInt(HttpHeaderNames.RETRY_AFTER, 1);
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
