package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.transport.netty.internal.headers.McpHeaders;
import dev.jmcp.transport.netty.internal.headers.MediaTypes;
import io.netty.buffer.ByteBufInputStream;
import io.netty.handler.codec.http.FullHttpRequest;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpResponseStatus;
import java.io.UncheckedIOException;

/**
 * What a POST to the MCP endpoint must be in either era: it accepts both {@code application/json}
 * and {@code text/event-stream} (else 406), carries {@code application/json} (else 415), and its
 * body is a message the codec can read.
 */
public final class PostBodies {
    private PostBodies() {
    }

    /** @return the answer to a POST whose media types are wrong; null when they are right */
    public static FullHttpResponse refusal(FullHttpRequest request, McpCodec codec) {
        String accept = request.headers().get(HttpHeaderNames.ACCEPT);
        if (!MediaTypes.accepts(accept, McpHeaders.JSON) || !MediaTypes.accepts(accept, McpHeaders.EVENT_STREAM)) {
            return HttpErrors.error(HttpResponseStatus.NOT_ACCEPTABLE, ErrorCodes.INVALID_REQUEST,
                    "a POST must accept both application/json and text/event-stream; Accept was " + accept, codec);
        }
        String contentType = request.headers().get(HttpHeaderNames.CONTENT_TYPE);
        if (!MediaTypes.isUtf8Json(contentType)) {
            return HttpErrors.error(HttpResponseStatus.UNSUPPORTED_MEDIA_TYPE, ErrorCodes.INVALID_REQUEST,
                    "a POST must carry application/json in UTF-8; Content-Type was " + contentType, codec);
        }
        return null;
    }

    /**
     * @param pending what the receiving side's own requests called, to read responses to them
     * @return the body as a message or batch
     * @throws ProtocolException the codec's error, with the request's id when it could be read, or
     *         {@code -32700} when the bytes could not be read at all
     */
    public static JsonRpcPayload read(FullHttpRequest request, PendingRequests pending, McpCodec codec) {
        try {
            // a duplicate, so that the body can be read again (see RemovedMethods)
            return codec.read(new ByteBufInputStream(request.content().duplicate()), pending);
        } catch (UncheckedIOException e) {
            throw new ProtocolException(ErrorCodes.PARSE_ERROR, "the body could not be read: " + e.getMessage());
        }
    }
}
