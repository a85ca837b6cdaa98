package dev.jmcp.core.internal.tasks;

import dev.jmcp.core.session.RequestContext;
import dev.jmcp.core.spi.FeatureHandlers;
import dev.jmcp.core.spi.ServerFeature;
import dev.jmcp.core.tasks.Tasks;
import dev.jmcp.schema.common.EmptyResult;
import dev.jmcp.schema.common.ResultType;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The extension's methods: {@code tasks/get} (the task, with its result, error or input requests
 * inlined), {@code tasks/update} (answers to its input requests) and {@code tasks/cancel}, each
 * acknowledged with an empty complete result. {@code tasks/result} and {@code tasks/list}, which
 * SEP-2663 removed, have no handler and are answered {@code -32601}. A client that did not negotiate
 * the extension is refused with {@code -32021}.
 */
public final class TasksFeature implements ServerFeature {
    private final TaskStore store;

    /** @param runtime an {@linkplain TaskRuntime#enabled enabled} runtime */
    public TasksFeature(TaskRuntime runtime) {
        this.store = runtime.store();
    }

    @Override
    public void declare(ServerCapabilities.Builder capabilities) {
        capabilities.extension(Tasks.EXTENSION, JsonValue.EMPTY_JSON_OBJECT);
    }

    @Override
    public void register(FeatureHandlers handlers) {
        handlers.requestHandler("tasks/get", (params, context) -> task(params, context).detailed());
        handlers.requestHandler("tasks/update", this::update);
        handlers.requestHandler("tasks/cancel", (params, context) -> {
            task(params, context).cancel(store.now()); // a task that has ended already is acknowledged alike
            return ack();
        });
    }

    private Object update(Object params, RequestContext context) {
        Task task = task(params, context);
        JsonValue responses = ((JsonObject) params).get("inputResponses");
        if (!(responses instanceof JsonObject answers)) {
            throw new ProtocolException(ErrorCodes.INVALID_PARAMS, "params.inputResponses of tasks/update must be an "
                    + "object of answers by input request key, was " + (responses == null ? "missing" : responses.getValueType()));
        }
        Map<String, JsonObject> taken = new LinkedHashMap<>();
        answers.forEach((key, value) -> {
            if (value instanceof JsonObject answer) {
                taken.put(key, answer);
            }
        });
        task.answer(taken, store.now());
        return ack();
    }

    private Task task(Object params, RequestContext context) {
        if (!Tasks.negotiated(context)) {
            throw TaskErrors.extensionRequired(context.method() + " is a method of the tasks extension");
        }
        if (!(params instanceof JsonObject object) || !(object.get("taskId") instanceof JsonString id)) {
            throw new ProtocolException(ErrorCodes.INVALID_PARAMS, context.method() + " needs params.taskId, a string");
        }
        return store.find(id.getString(), TaskRuntime.owner(context));
    }

    /** The acknowledgement: {@code {resultType: "complete"}}, no task fields. */
    private static EmptyResult ack() {
        return new EmptyResult(ResultType.COMPLETE, null);
    }
}
