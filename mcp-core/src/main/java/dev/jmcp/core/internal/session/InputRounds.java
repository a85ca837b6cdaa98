package dev.jmcp.core.internal.session;

import dev.jmcp.core.internal.Failures;
import dev.jmcp.core.internal.Records;
import dev.jmcp.core.session.RequestOptions;
import dev.jmcp.schema.McpException;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.common.InputRequiredResult;
import dev.jmcp.schema.common.ResultType;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

/**
 * A client request of 2026-07-28 that the server may answer with {@code input_required}: the
 * embedded input requests go to the handlers the program registered (as if the server had sent
 * them), and the request is sent again, with a fresh id, carrying their answers in
 * {@code inputResponses} and the server's {@code requestState} unchanged; at most
 * {@code maxInputRounds} times.
 */
final class InputRounds<R> {
    private static final JsonProvider JSON = JsonRuntime.provider();
    private static final AtomicLong INPUTS = new AtomicLong();

    private final SessionEngine engine;
    private final String method;
    private final Class<R> type;
    private final RequestOptions options;
    private final int maxRounds;
    private final CompletableFuture<R> result = new CompletableFuture<>();
    /** The round in flight, so that a caller's cancellation reaches it. */
    private final AtomicReference<CompletableFuture<?>> current = new AtomicReference<>();

    private InputRounds(SessionEngine engine, String method, Class<R> type, RequestOptions options, int maxRounds) {
        this.engine = engine;
        this.method = method;
        this.type = type;
        this.options = options;
        this.maxRounds = maxRounds;
    }

    /** @return the final result of {@code method}, after as many input rounds as the server asked for */
    static <R> CompletableFuture<R> send(SessionEngine engine, String method, Object params, Class<R> type,
            RequestOptions options, int maxRounds) {
        InputRounds<R> rounds = new InputRounds<>(engine, method, type, options, maxRounds);
        rounds.result.whenComplete((value, failure) -> {
            CompletableFuture<?> running = rounds.current.get();
            if (rounds.result.isCancelled() && running != null) {
                running.cancel(false);
            }
        });
        rounds.round(params, 0);
        return rounds.result;
    }

    private void round(Object params, int round) {
        CompletableFuture<Object> sent = engine.request(method, params, Object.class, options);
        current.set(sent);
        sent.whenComplete((value, failure) -> {
            if (failure != null) {
                result.completeExceptionally(Failures.unwrap(failure));
                return;
            }
            InputRequiredResult input = inputRequired(value);
            try {
                if (input == null) {
                    result.complete(Results.convert(null, method, value, type));
                    return;
                }
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
                return;
            }
            if (round >= maxRounds) {
                result.completeExceptionally(new McpException(method + " still answered input_required after "
                        + maxRounds + " rounds, the limit maxInputRounds=" + maxRounds
                        + " (ClientSession.Builder.maxInputRounds)"));
                return;
            }
            answers(input).whenComplete((responses, refused) -> {
                if (refused != null) {
                    result.completeExceptionally(Failures.unwrap(refused));
                } else if (!result.isDone()) {
                    round(retry(params, responses, input.requestState()), round + 1);
                }
            });
        });
    }

    /** @return the answers to every input request, by its key, in the server's order */
    private CompletableFuture<Map<String, JsonObject>> answers(InputRequiredResult input) {
        Map<String, JsonObject> requests = input.inputRequests() == null ? Map.of() : input.inputRequests();
        List<String> keys = new ArrayList<>(requests.keySet());
        List<CompletableFuture<JsonObject>> answers = new ArrayList<>();
        for (String key : keys) {
            answers.add(answer(key, requests.get(key)));
        }
        return CompletableFuture.allOf(answers.toArray(CompletableFuture[]::new)).thenApply(done -> {
            Map<String, JsonObject> responses = new LinkedHashMap<>();
            for (int i = 0; i < keys.size(); i++) {
                responses.put(keys.get(i), answers.get(i).join());
            }
            return responses;
        });
    }

    private CompletableFuture<JsonObject> answer(String key, JsonObject request) {
        JsonValue name = request.get("method");
        if (!(name instanceof JsonString inputMethod)) {
            return CompletableFuture.failedFuture(new ProtocolException(ErrorCodes.INVALID_PARAMS, "the input request "
                    + key + " of " + method + "'s input_required result has no method: " + request));
        }
        JsonValue inputParams = request.get("params");
        RequestId id = RequestId.of("input-" + INPUTS.incrementAndGet() + "-" + key);
        JsonRpcRequest embedded = new JsonRpcRequest(id, inputMethod.getString(),
                inputParams instanceof JsonObject object ? object : null);
        return engine.handleLocally(embedded).thenApply(reply -> response(key, embedded, reply));
    }

    private JsonObject response(String key, JsonRpcRequest embedded, JsonRpcMessage reply) {
        if (reply instanceof JsonRpcResultResponse answered) {
            Object value = answered.result();
            return value instanceof JsonObject object ? object : Meta.toJson(value);
        }
        String why = reply instanceof JsonRpcErrorResponse error ? error.error().code() + " " + error.error().message()
                : "it was cancelled";
        throw new McpException("could not answer the input request " + key + " (" + embedded.method() + ") of "
                + method + ": " + why);
    }

    /** @return {@code params} for the retry: with the answers and the server's state, exactly as sent */
    private static Object retry(Object params, Map<String, JsonObject> responses, String requestState) {
        if (params instanceof Record record) {
            Map<String, Object> members = new HashMap<>();
            members.put("inputResponses", responses);
            members.put("requestState", requestState); // absent in the result means absent in the retry
            return Records.with(record, members);
        }
        JsonObjectBuilder builder = params instanceof JsonObject object ? JSON.createObjectBuilder(object)
                : JSON.createObjectBuilder();
        JsonObjectBuilder answers = JSON.createObjectBuilder();
        responses.forEach(answers::add);
        builder.add("inputResponses", answers);
        if (requestState != null) {
            builder.add("requestState", requestState);
        } else {
            builder.remove("requestState");
        }
        return builder.build();
    }

    /** @return the result as an input request, whether the codec knew the method or read it as JSON; else null */
    private static InputRequiredResult inputRequired(Object value) {
        if (value instanceof InputRequiredResult input) {
            return input;
        }
        if (!(value instanceof JsonObject object)
                || !ResultType.INPUT_REQUIRED.equals(object.getString("resultType", null))) {
            return null;
        }
        Map<String, JsonObject> requests = new LinkedHashMap<>();
        if (object.get("inputRequests") instanceof JsonObject embedded) {
            embedded.forEach((key, request) -> {
                if (request instanceof JsonObject requestObject) {
                    requests.put(key, requestObject);
                }
            });
        }
        JsonValue state = object.get("requestState");
        return InputRequiredResult.of(requests, state instanceof JsonString text ? text.getString() : null);
    }
}
