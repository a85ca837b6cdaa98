package dev.jmcp.transport.netty.internal.server;

import dev.jmcp.core.internal.transport.StatelessMeta;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import io.netty.buffer.ByteBuf;
import io.netty.buffer.ByteBufInputStream;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.spi.JsonProvider;

/**
 * The methods of the handshake era that 2026-07-28 removed: {@code initialize}, {@code ping},
 * {@code logging/setLevel}, {@code resources/subscribe}, {@code resources/unsubscribe}. The codec
 * reads their params into the handshake era's records, which the params of a stateless client
 * (often {@code _meta} alone) do not fill; yet such a request must reach the session, which
 * answers that the method does not exist (-32601, HTTP 404), as a client probing for the era
 * expects, rather than be refused for its params (-32602). Only the failure path reads the body a
 * second time.
 */
public final class RemovedMethods {
    private static final JsonProvider JSON = JsonRuntime.provider();
    private RemovedMethods() {
    }

    /**
     * @param body    the whole body, from its start; not consumed
     * @param failure what the codec threw for it
     * @return the request the body holds, with its params as read (a JSON object or null), when
     *         the codec refused its params and it calls a removed method; else null
     */
    public static JsonRpcRequest withRawParams(ByteBuf body, ProtocolException failure) {
        if (failure.code() != ErrorCodes.INVALID_PARAMS || failure.requestId() == null
                || !StatelessMeta.isRemovedMethod(failure.method())) {
            return null;
        }
        JsonObject message;
        try (JsonReader reader = JSON.createReader(new ByteBufInputStream(body.duplicate()))) {
            message = reader.readObject();
        } catch (JsonException | IllegalStateException e) {
            return null;
        }
        if (!(message.get("method") instanceof JsonString method) || !StatelessMeta.isRemovedMethod(method.getString())) {
            return null;
        }
        return new JsonRpcRequest(failure.requestId(), method.getString(),
                message.get("params") instanceof JsonObject params ? params : null);
    }
}
