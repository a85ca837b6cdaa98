package dev.jmcp.transport.netty.internal;

import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcBatch;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.RequestId;
import java.util.ArrayList;
import java.util.List;

/**
 * What a resumed stream carries in place of an answer whose bytes the session did not keep: an
 * error ({@code -32603}) for each request it answered, saying why and naming the setting, so that
 * the client learns the answer is gone instead of waiting for it.
 */
final class ReplayLoss {
    private ReplayLoss() {
    }

    /** @return the error, or a batch of them when the event answered several requests */
    static JsonRpcPayload answer(EventReplayBuffer.Entry entry) {
        List<JsonRpcMessage> errors = new ArrayList<>();
        for (RequestId request : entry.answers()) {
            errors.add(new JsonRpcErrorResponse(request, new JsonRpcError(ErrorCodes.INTERNAL_ERROR,
                    "the answer to request " + request + " was written but is not kept for replay: " + entry.lost(),
                    null)));
        }
        return errors.size() == 1 ? errors.get(0) : new JsonRpcBatch(errors);
    }
}
