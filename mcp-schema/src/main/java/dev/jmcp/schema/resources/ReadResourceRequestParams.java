package dev.jmcp.schema.resources;

import jakarta.json.JsonObject;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The params of {@code resources/read}. A 2026-07-28 server may answer with an
 * {@link dev.jmcp.schema.common.InputRequiredResult}; the client then retries with
 * {@code inputResponses} and {@code requestState} set.
 *
 * @param uri            the resource to read; never null
 * @param inputResponses the client's answers to the server's input requests, keyed like them; each
 *                       value is a result object kept as received (2026-07-28); may be null
 * @param requestState   the opaque state the server returned with its input requests, echoed
 *                       unchanged (2026-07-28); may be null
 * @param meta           the {@code _meta} object; required from 2026-07-28, may be null for earlier
 *                       revisions (the session adds it when it sends the request)
 * @since 0.1
 */
public record ReadResourceRequestParams(
        String uri,
        Map<String, JsonObject> inputResponses,
        String requestState,
        JsonObject meta) {

    public ReadResourceRequestParams {
        Objects.requireNonNull(uri, "uri");
        if (inputResponses != null) {
            // keeps the caller's key order (Map.copyOf would not), so output is reproducible
            LinkedHashMap<String, JsonObject> copy = new LinkedHashMap<>();
            inputResponses.forEach((key, value) -> copy.put(
                    Objects.requireNonNull(key, "inputResponses key"),
                    Objects.requireNonNull(value, "inputResponses value")));
            inputResponses = Collections.unmodifiableMap(copy);
        }
    }

    /** @return params that read {@code uri} */
    public static ReadResourceRequestParams of(String uri) {
        return new ReadResourceRequestParams(uri, null, null, null);
    }
}
