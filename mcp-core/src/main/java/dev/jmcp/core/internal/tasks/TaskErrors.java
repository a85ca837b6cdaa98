package dev.jmcp.core.internal.tasks;

import dev.jmcp.core.tasks.Tasks;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;

/** The errors of the tasks surface, each saying what was wrong. */
final class TaskErrors {
    private static final JsonProvider JSON = JsonRuntime.provider();
    /** {@code {"requiredCapabilities": {"extensions": {"io.modelcontextprotocol/tasks": {}}}}}, as SEP-2575 shapes it. */
    private static final JsonObject REQUIRED = JSON.createObjectBuilder().add("requiredCapabilities",
            JSON.createObjectBuilder().add("extensions", JSON.createObjectBuilder().add(Tasks.EXTENSION,
                    JsonValue.EMPTY_JSON_OBJECT))).build();

    private TaskErrors() {
    }

    /** @return {@code -32021}: {@code why}, and the extension the client must declare */
    static ProtocolException extensionRequired(String why) {
        return new ProtocolException(ErrorCodes.MISSING_REQUIRED_CLIENT_CAPABILITY, why + ": the client must declare the "
                + Tasks.EXTENSION + " extension in its capabilities", REQUIRED);
    }

    /** @return {@code -32602} for a task that does not exist, has expired, or is another principal's */
    static ProtocolException notFound(String taskId) {
        return new ProtocolException(ErrorCodes.INVALID_PARAMS, "task not found: " + taskId + " (unknown, expired, or "
                + "started by another principal)", JSON.createObjectBuilder().add("taskId", taskId).build());
    }

    /** @return {@code -32603} naming the bound that refused a new task */
    static ProtocolException full(String setting, int value, String whose) {
        return new ProtocolException(ErrorCodes.INTERNAL_ERROR, "no task can be started: " + whose + " already "
                + "keeps " + value + " tasks (" + setting + "=" + value + "); wait for some to finish or expire",
                JSON.createObjectBuilder().add("setting", setting).add("value", value).build());
    }
}
