package dev.jmcp.schema.common;

import jakarta.json.JsonObject;

/**
 * What every result record has in common, so that code can treat results alike without knowing
 * the method. Not a wire type of its own.
 *
 * @since 0.1
 */
public interface Result {

    /**
     * @return the {@code resultType}, see {@link ResultType}; required from 2026-07-28, may be null
     *         for earlier revisions
     */
    String resultType();

    /** @return the {@code _meta} object; may be null */
    JsonObject meta();

    /** @return true when this is a final result: {@code resultType} absent or {@code "complete"} */
    default boolean isComplete() {
        return ResultType.isComplete(resultType());
    }
}
