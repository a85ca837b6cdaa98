package dev.jmcp.schema.internal.json;

import dev.jmcp.schema.codec.PendingRequests;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcBatch;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcNotification;
import dev.jmcp.schema.jsonrpc.JsonRpcPayload;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser.Event;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Reads one JSON-RPC message or batch. Params and results go straight into the records of their
 * method; only when a member arrives before the one that tells its type ({@code params} before
 * {@code method}, {@code result} before {@code id}) is it held as a JSON-P tree and mapped after.
 */
public final class MessageReader {
    private final Codecs codecs = Codecs.instance();
    private final MethodTable methods;
    private final ValueCodec<JsonRpcError> errorCodec;
    private final Map<Class<?>, ResultCodec<?>> resultCodecs = new ConcurrentHashMap<>();

    public MessageReader(MethodTable methods) {
        this.methods = methods;
        this.errorCodec = codecs.forClass(JsonRpcError.class);
    }

    /** Reads the payload and checks that nothing follows it. */
    public JsonRpcPayload read(JsonInput in, PendingRequests pending) {
        Event first = in.next();
        JsonRpcPayload payload;
        if (first == Event.START_ARRAY) {
            payload = readBatch(in, pending);
        } else {
            payload = readMessage(in, pending);
        }
        if (in.hasMore()) {
            in.next();
            throw new ProtocolException(ErrorCodes.PARSE_ERROR, "unexpected " + JsonInput.describe(in.current())
                    + " after the end of the message");
        }
        return payload;
    }

    private JsonRpcBatch readBatch(JsonInput in, PendingRequests pending) {
        List<JsonRpcMessage> messages = new ArrayList<>();
        in.enterArray();
        while (in.next() != Event.END_ARRAY) {
            in.nextElement();
            messages.add(readMessage(in, pending));
        }
        in.exit();
        if (messages.isEmpty()) {
            throw new ProtocolException(ErrorCodes.INVALID_REQUEST, "a batch must hold at least one message");
        }
        return new JsonRpcBatch(messages);
    }

    private JsonRpcMessage readMessage(JsonInput in, PendingRequests pending) {
        if (in.current() != Event.START_OBJECT) {
            throw new ProtocolException(ErrorCodes.INVALID_REQUEST,
                    "a JSON-RPC message must be an object, was " + JsonInput.describe(in.current()));
        }
        Envelope m = new Envelope();
        try {
            while (in.next() == Event.KEY_NAME) {
                readMember(in, m, pending);
            }
        } catch (ProtocolException e) {
            throw m.tied(e);
        }
        return m.toMessage(in, pending);
    }

    private void readMember(JsonInput in, Envelope m, PendingRequests pending) {
        String name = in.text();
        in.enter(name);
        in.next();
        switch (name) {
            case "jsonrpc" -> m.jsonrpc = in.string();
            case "id" -> {
                m.hasId = true;
                m.id = in.current() == Event.VALUE_NULL ? null : ScalarCodecs.REQUEST_ID.read(in);
            }
            case "method" -> m.method = in.string();
            case "params" -> readParams(in, m, pending);
            case "result" -> {
                m.hasResult = true;
                if (m.hasId && m.id != null) {
                    m.result = readResult(in, m.id, pending);
                } else {
                    m.bufferedResult = in.tree();
                }
            }
            case "error" -> m.error = errorCodec.read(in);
            default -> in.skipValue();
        }
        in.exit();
    }

    private void readParams(JsonInput in, Envelope m, PendingRequests pending) {
        if (in.current() == Event.VALUE_NULL) {
            return;
        }
        if (m.method == null) {
            m.bufferedParams = in.tree();
            return;
        }
        boolean container = in.current() == Event.START_OBJECT || in.current() == Event.START_ARRAY;
        int depth = in.depth();
        int mark = in.pathMark();
        try {
            m.params = params(in, paramsType(m.method, pending));
        } catch (ProtocolException e) {
            if (e.code() != ErrorCodes.INVALID_PARAMS) {
                throw e;
            }
            // keep reading, so the error can name the request's id even when "id" comes last
            m.paramsError = e;
            while (container && in.depth() >= depth) {
                in.next();
            }
            in.resetPath(mark);
        }
    }

    /** @return the record {@code method}'s params are read into; null when they stay JSON */
    private Class<?> paramsType(String method, PendingRequests pending) {
        return pending.paramsAsJson(method) ? null : methods.paramsType(method);
    }

    private Object params(JsonInput in, Class<?> type) {
        int previous = in.ruleCode(ErrorCodes.INVALID_PARAMS);
        try {
            if (type == null) {
                return in.tree();
            }
            if (in.current() != Event.START_OBJECT) {
                throw in.mismatch("an object");
            }
            return codecs.forClass(type).read(in);
        } finally {
            in.ruleCode(previous);
        }
    }

    private Object readResult(JsonInput in, RequestId id, PendingRequests pending) {
        Class<?> type = methods.resultType(pending.methodOf(id));
        try {
            if (in.current() != Event.START_OBJECT) {
                throw in.mismatch("an object");
            }
            return type == null ? in.tree() : resultCodec(type).read(in);
        } catch (ProtocolException e) {
            throw e.withRequestId(id);
        }
    }

    private ResultCodec<?> resultCodec(Class<?> type) {
        return resultCodecs.computeIfAbsent(type, t -> new ResultCodec<>(t, codecs));
    }

    /** Maps a member that was held as a tree, reading it with the same rules as the wire. */
    private <T> T fromTree(JsonInput wire, JsonValue tree, String member, java.util.function.Function<JsonInput, T> reader) {
        return reader.apply(JsonInput.ofTree(tree, wire, member, ErrorCodes.INVALID_REQUEST));
    }

    /** The members of one message as they are read, in whatever order they arrive. */
    private final class Envelope {
        String jsonrpc;
        boolean hasId;
        RequestId id;
        String method;
        Object params;
        JsonValue bufferedParams;
        ProtocolException paramsError;
        boolean hasResult;
        Object result;
        JsonValue bufferedResult;
        JsonRpcError error;

        JsonRpcMessage toMessage(JsonInput in, PendingRequests pending) {
            if (jsonrpc == null) {
                throw invalid("missing member \"jsonrpc\"; it must be \"2.0\"");
            }
            if (!jsonrpc.equals("2.0")) {
                throw invalid("\"jsonrpc\" must be \"2.0\", was \"" + jsonrpc + "\"");
            }
            if (method != null) {
                if (hasResult || error != null) {
                    throw invalid("a message cannot have both \"method\" and \"" + (hasResult ? "result" : "error") + "\"");
                }
                if (hasId && id == null) {
                    throw invalid("\"id\" must be a string or an integer, was null");
                }
                if (bufferedParams != null) {
                    if (bufferedParams.getValueType() != JsonValue.ValueType.OBJECT) {
                        params = paramsOf(bufferedParams, pending);
                    } else {
                        try {
                            Class<?> type = paramsType(method, pending);
                            params = fromTree(in, bufferedParams, "params", input -> params(input, type));
                        } catch (ProtocolException e) {
                            if (e.code() != ErrorCodes.INVALID_PARAMS) {
                                throw e;
                            }
                            paramsError = e;
                        }
                    }
                }
                if (paramsError != null) {
                    throw paramsError.withRequest(id, method);
                }
                return hasId ? new JsonRpcRequest(id, method, params) : new JsonRpcNotification(method, params);
            }
            if (hasResult && error != null) {
                throw invalid("a response cannot have both \"result\" and \"error\"");
            }
            if (hasResult) {
                if (id == null) {
                    throw invalid("a result response needs a string or integer \"id\"");
                }
                if (bufferedResult != null) {
                    result = fromTree(in, bufferedResult, "result", input -> readResult(input, id, pending));
                }
                return new JsonRpcResultResponse(id, result);
            }
            if (error != null) {
                return new JsonRpcErrorResponse(id, error);
            }
            throw invalid("a message needs \"method\", \"result\" or \"error\"");
        }

        /** Params that are not an object: kept as they are for unknown methods, refused for known ones. */
        private Object paramsOf(JsonValue value, PendingRequests pending) {
            if (paramsType(method, pending) != null) {
                paramsError = new ProtocolException(ErrorCodes.INVALID_PARAMS, "params: expected an object, was "
                        + value.getValueType().name().toLowerCase(java.util.Locale.ROOT));
                return null;
            }
            return value;
        }

        /**
         * A request that breaks a limit or the JSON syntax after its id and method were read gets an
         * error its sender can match to it, instead of one with a null id that leaves it waiting.
         * Only a request: the id of a response names one of our own requests, and the error of a
         * result is tied to it where the result is read.
         */
        ProtocolException tied(ProtocolException e) {
            return e.requestId() == null && method != null && hasId && id != null ? e.withRequest(id, method) : e;
        }

        private ProtocolException invalid(String message) {
            return new ProtocolException(ErrorCodes.INVALID_REQUEST, message, null, hasId ? id : null, null);
        }
    }
}
