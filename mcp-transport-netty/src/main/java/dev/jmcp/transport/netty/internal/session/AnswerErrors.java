package dev.jmcp.transport.netty.internal.session;

import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcBatch;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.RequestId;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.util.ArrayList;
import java.util.List;

/**
 * What goes to the client in place of an answer the transport cannot deliver: an error
 * ({@code -32603}) for each request it answered, saying why and naming the setting, so that the
 * client learns the answer is gone instead of waiting for it.
 */
public final class AnswerErrors {
    private static final JsonProvider JSON = JsonRuntime.provider();

    private AnswerErrors() {
    }

    /** @return the errors that stand for an answer whose bytes a session did not keep for replay */
    static JsonRpcPayload notKept(EventReplayBuffer.Entry entry) {
        return of(entry.answers(), "is not kept for replay: " + entry.lost(), null);
    }

    /**
     * @param answered the requests the answer answers; not empty
     * @param why      completes "the answer to request N ..."
     * @param data     the errors' data; may be null
     * @return an error, or a batch of them when the answer answered several requests
     */
    public static JsonRpcPayload of(List<RequestId> answered, String why, JsonValue data) {
        List<JsonRpcMessage> errors = new ArrayList<>();
        for (RequestId request : answered) {
            errors.add(new JsonRpcErrorResponse(request, new JsonRpcError(ErrorCodes.INTERNAL_ERROR,
                    "the answer to request " + request + " " + why, data)));
        }
        return errors.size() == 1 ? errors.get(0) : new JsonRpcBatch(errors);
    }

    /** @return {@code {"setting": name, "value": value}}, the data of an error a setting caused */
    public static JsonValue setting(String name, long value) {
        return JSON.createObjectBuilder().add("setting", name).add("value", value).build();
    }
}
