package dev.jmcp.schema.jsonrpc;

import java.util.Objects;

/**
 * A JSON-RPC request id: a string or an integer, never null.
 *
 * @since 0.1
 */
public sealed interface RequestId permits RequestId.Text, RequestId.Numeric {

    /** @return a string id */
    static RequestId of(String value) {
        return new Text(value);
    }

    /** @return an integer id */
    static RequestId of(long value) {
        return new Numeric(value);
    }

    /** A string id. @param value never null */
    record Text(String value) implements RequestId {
        public Text {
            Objects.requireNonNull(value, "value");
        }

        @Override
        public String toString() {
            return '"' + value + '"';
        }
    }

    /** An integer id. */
    record Numeric(long value) implements RequestId {
        @Override
        public String toString() {
            return Long.toString(value);
        }
    }
}
