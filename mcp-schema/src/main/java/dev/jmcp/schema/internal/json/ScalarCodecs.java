package dev.jmcp.schema.internal.json;

import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.RequestId;
import dev.jmcp.schema.resources.Blob;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser.Event;
import java.io.IOException;
import java.util.Locale;
import java.util.function.LongFunction;
import java.util.function.Function;

/** Codecs for the scalar and small union types of the schema. */
final class ScalarCodecs {
    private ScalarCodecs() {
    }

    static final ValueCodec<String> STRING = new ValueCodec<>() {
        @Override
        public String read(JsonInput in) {
            return in.string();
        }

        @Override
        public void write(JsonOutput out, String value) throws IOException {
            out.string(value);
        }
    };

    static final ValueCodec<Boolean> BOOLEAN = new ValueCodec<>() {
        @Override
        public Boolean read(JsonInput in) {
            return in.bool();
        }

        @Override
        public void write(JsonOutput out, Boolean value) throws IOException {
            out.bool(value);
        }
    };

    static final ValueCodec<Long> LONG = new ValueCodec<>() {
        @Override
        public Long read(JsonInput in) {
            return in.integer();
        }

        @Override
        public void write(JsonOutput out, Long value) throws IOException {
            out.number(value);
        }
    };

    static final ValueCodec<Integer> INT = new ValueCodec<>() {
        @Override
        public Integer read(JsonInput in) {
            long value = in.integer();
            if (value != (int) value) {
                throw in.rule("expected a 32-bit integer, was " + value);
            }
            return (int) value;
        }

        @Override
        public void write(JsonOutput out, Integer value) throws IOException {
            out.number(value.longValue());
        }
    };

    static final ValueCodec<Double> DOUBLE = new ValueCodec<>() {
        @Override
        public Double read(JsonInput in) {
            return in.number();
        }

        @Override
        public void write(JsonOutput out, Double value) throws IOException {
            out.number(value);
        }
    };

    static final ValueCodec<JsonValue> JSON_VALUE = new ValueCodec<>() {
        @Override
        public JsonValue read(JsonInput in) {
            return in.tree();
        }

        @Override
        public void write(JsonOutput out, JsonValue value) throws IOException {
            out.value(value);
        }
    };

    static final ValueCodec<JsonObject> JSON_OBJECT = new ValueCodec<>() {
        @Override
        public JsonObject read(JsonInput in) {
            in.expect(Event.START_OBJECT, "an object");
            return (JsonObject) in.tree();
        }

        @Override
        public void write(JsonOutput out, JsonObject value) throws IOException {
            out.value(value);
        }
    };

    /** A blob is decoded as it is read, into a target of the codec's {@link dev.jmcp.schema.codec.BlobSink}. */
    static final ValueCodec<Blob> BLOB = new ValueCodec<>() {
        @Override
        public Blob read(JsonInput in) {
            return in.blob();
        }

        @Override
        public void write(JsonOutput out, Blob value) throws IOException {
            out.blob(value, null);
        }
    };

    static final ValueCodec<RequestId> REQUEST_ID = stringOrInteger(RequestId::of, RequestId::of,
            id -> id instanceof RequestId.Text text ? text.value() : null,
            id -> ((RequestId.Numeric) id).value(), "a request id (a string or an integer)");

    static final ValueCodec<ProgressToken> PROGRESS_TOKEN = stringOrInteger(ProgressToken::of, ProgressToken::of,
            token -> token instanceof ProgressToken.Text text ? text.value() : null,
            token -> ((ProgressToken.Numeric) token).value(), "a progress token (a string or an integer)");

    /** Ids and tokens are "string or integer" unions; this reads and writes both shapes. */
    private static <T> ValueCodec<T> stringOrInteger(Function<String, T> ofText, LongFunction<T> ofNumber,
            Function<T, String> textOf, java.util.function.ToLongFunction<T> numberOf, String what) {
        return new ValueCodec<>() {
            @Override
            public T read(JsonInput in) {
                return switch (in.current()) {
                    case VALUE_STRING -> ofText.apply(in.text());
                    case VALUE_NUMBER -> ofNumber.apply(in.integer());
                    default -> throw in.mismatch(what);
                };
            }

            @Override
            public void write(JsonOutput out, T value) throws IOException {
                String text = textOf.apply(value);
                if (text != null) {
                    out.string(text);
                } else {
                    out.number(numberOf.applyAsLong(value));
                }
            }
        };
    }

    /** Enums: the wire value is the constant's name in lower case ({@code USER} is {@code "user"}). */
    static <E extends Enum<E>> ValueCodec<E> enumCodec(Class<E> type) {
        E[] constants = type.getEnumConstants();
        String[] wire = new String[constants.length];
        for (int i = 0; i < constants.length; i++) {
            wire[i] = constants[i].name().toLowerCase(Locale.ROOT);
        }
        return new ValueCodec<>() {
            @Override
            public E read(JsonInput in) {
                String value = in.string();
                for (int i = 0; i < wire.length; i++) {
                    if (wire[i].equals(value)) {
                        return constants[i];
                    }
                }
                throw in.rule("unknown value \"" + value + "\", expected one of " + String.join(", ", wire));
            }

            @Override
            public void write(JsonOutput out, E value) throws IOException {
                out.string(wire[value.ordinal()]);
            }
        };
    }
}
