package dev.jmcp.schema.common;

import jakarta.json.JsonObject;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * An interim result (2026-07-28, {@code resultType: "input_required"}): the server needs answers
 * from the client before it can finish, and the client retries the original request with them
 * ({@code inputResponses}, {@code requestState}). A {@code resources/read} may be answered this way.
 *
 * @param inputRequests the requests for the client to fulfil, keyed by server-chosen ids; each
 *                      value is a request object ({@code method} and {@code params}) kept as
 *                      received; may be null
 * @param requestState  opaque server state to echo back on the retry; may be null
 * @param resultType    never null; {@code "input_required"} for a conforming server
 * @param meta          the {@code _meta} object; may be null
 * @since 0.1
 */
public record InputRequiredResult(
        Map<String, JsonObject> inputRequests,
        String requestState,
        String resultType,
        JsonObject meta) implements Result {

    public InputRequiredResult {
        Objects.requireNonNull(resultType, "resultType");
        if (inputRequests != null) {
            // keeps the sender's key order, so that what is written again reads the same
            LinkedHashMap<String, JsonObject> copy = new LinkedHashMap<>();
            inputRequests.forEach((key, value) -> copy.put(
                    Objects.requireNonNull(key, "inputRequests key"),
                    Objects.requireNonNull(value, "inputRequests value")));
            inputRequests = Collections.unmodifiableMap(copy);
        }
    }

    /** @return an input-required result with these requests and state */
    public static InputRequiredResult of(Map<String, JsonObject> inputRequests, String requestState) {
        return new InputRequiredResult(inputRequests, requestState, ResultType.INPUT_REQUIRED, null);
    }
}
