package dev.jmcp.schema.internal.json;

import java.io.IOException;

/**
 * Reads and writes one Java type as JSON.
 *
 * @param <T> the Java type
 */
public interface ValueCodec<T> {
    /** Reads the value whose first event is {@link JsonInput#current()}; leaves its last event current. */
    T read(JsonInput in);

    /** Writes {@code value}, which is never null. */
    void write(JsonOutput out, T value) throws IOException;
}
