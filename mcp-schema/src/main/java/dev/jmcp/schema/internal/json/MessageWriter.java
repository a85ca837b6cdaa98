package dev.jmcp.schema.internal.json;

import dev.jmcp.schema.jsonrpc.JsonRpcBatch;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.RequestId;
import jakarta.json.JsonValue;
import java.io.IOException;

/** Writes JSON-RPC messages and schema records. */
public final class MessageWriter {
    private final Codecs codecs = Codecs.instance();

    public void write(JsonOutput out, JsonRpcPayload payload) throws IOException {
        if (payload instanceof JsonRpcBatch batch) {
            out.beginArray();
            for (JsonRpcMessage message : batch.messages()) {
                writeMessage(out, message);
            }
            out.endArray();
        } else {
            writeMessage(out, (JsonRpcMessage) payload);
        }
    }

    private void writeMessage(JsonOutput out, JsonRpcMessage message) throws IOException {
        out.beginObject();
        out.name("jsonrpc").string("2.0");
        if (message instanceof JsonRpcRequest request) {
            writeId(out, request.id());
            out.name("method").string(request.method());
            writeMember(out, "params", request.params());
        } else if (message instanceof JsonRpcNotification notification) {
            out.name("method").string(notification.method());
            writeMember(out, "params", notification.params());
        } else if (message instanceof JsonRpcResultResponse response) {
            writeId(out, response.id());
            writeMember(out, "result", response.result());
        } else if (message instanceof JsonRpcErrorResponse response) {
            // an unknown id is left out rather than written as null: the MCP schemas type id as string or integer
            if (response.id() != null) {
                writeId(out, response.id());
            }
            out.name("error");
            codecs.forClass(JsonRpcError.class).write(out, response.error());
        }
        out.endObject();
    }

    private void writeId(JsonOutput out, RequestId id) throws IOException {
        out.name("id");
        ScalarCodecs.REQUEST_ID.write(out, id);
    }

    private void writeMember(JsonOutput out, String name, Object value) throws IOException {
        if (value != null) {
            out.name(name);
            writeValue(out, value);
        }
    }

    /** Writes a schema record, or a JSON-P value as it is. */
    @SuppressWarnings({"unchecked", "rawtypes"})
    public void writeValue(JsonOutput out, Object value) throws IOException {
        if (value instanceof JsonValue json) {
            out.value(json);
        } else {
            ((ValueCodec) codecs.forClass(value.getClass())).write(out, value);
        }
    }
}
