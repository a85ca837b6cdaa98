package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.core.spi.McpTransport;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.jsonrpc.JsonRpcBatch;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.InitializeResult;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import java.util.List;

/**
 * Stands for a server session, on the caller's thread: answers every request at once (initialize
 * with an {@link InitializeResult}, anything else with an empty result) and an unreadable message
 * with its error, so that whatever the HTTP layer leaves unanswered is the HTTP layer's doing.
 */
final class AnsweringSession implements McpTransport.Listener {
    private final McpTransport transport;

    AnsweringSession(McpTransport transport) {
        this.transport = transport;
    }

    @Override
    public void onMessage(JsonRpcPayload payload) {
        List<JsonRpcMessage> messages = payload instanceof JsonRpcBatch batch ? batch.messages()
                : List.of((JsonRpcMessage) payload);
        for (JsonRpcMessage message : messages) {
            if (message instanceof JsonRpcRequest request) {
                Object result = request.method().equals(McpMethodNames.INITIALIZE)
                        ? new InitializeResult("2025-11-25", ServerCapabilities.none(), Implementation.of("fuzz", "1"),
                                null, null)
                        : EmptyResult.of();
                transport.send(new JsonRpcResultResponse(request.id(), result));
            }
        }
    }

    @Override
    public void onUnreadable(ProtocolException error) {
        transport.send(JsonRpcErrorResponse.of(error));
    }

    @Override
    public void onClosed(Throwable cause) {
    }
}
