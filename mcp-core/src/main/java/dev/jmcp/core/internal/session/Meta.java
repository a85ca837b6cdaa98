package dev.jmcp.core.internal.session;

import dev.jmcp.core.internal.Records;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.codec.McpCodec;
import dev.jmcp.schema.common.ProgressToken;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.spi.JsonProvider;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;

/**
 * Reads and writes the {@code _meta} of params without knowing the method: params are either a
 * schema record with a {@code JsonObject meta} component or a raw {@link JsonObject}.
 */
final class Meta {
    /** Resolved once: {@code Json.createX} would scan ServiceLoader on every call. */
    private static final JsonProvider JSON = JsonRuntime.provider();
    private static final String META = "_meta";
    private static final String PROGRESS_TOKEN = "progressToken";

    /** The index of the {@code meta} component of each record type, or -1. */
    private static final ClassValue<Integer> META_INDEX = new ClassValue<>() {
        @Override
        protected Integer computeValue(Class<?> type) {
            return Records.component(type, "meta", JsonObject.class);
        }
    };

    private Meta() {
    }

    /** @return the {@code _meta} of {@code params}; null when there is none or it cannot be read */
    static JsonObject of(Object params) {
        if (params instanceof JsonObject object) {
            JsonValue meta = object.get(META);
            return meta instanceof JsonObject metaObject ? metaObject : null;
        }
        if (params instanceof Record record) {
            int index = META_INDEX.get(record.getClass());
            if (index < 0) {
                return null;
            }
            try {
                return (JsonObject) Records.get(record, index);
            } catch (IllegalArgumentException e) {
                return null;
            }
        }
        return null;
    }

    /** @return the {@code progressToken} of a {@code _meta}; null when absent or not a string or integer */
    static ProgressToken progressToken(JsonObject meta) {
        JsonValue token = meta == null ? null : meta.get(PROGRESS_TOKEN);
        if (token instanceof JsonString text) {
            return ProgressToken.of(text.getString());
        }
        if (token instanceof JsonNumber number && number.isIntegral()) {
            try {
                return ProgressToken.of(number.longValueExact());
            } catch (ArithmeticException e) {
                return null;
            }
        }
        return null;
    }

    /**
     * A token the peer sent but we cannot echo in {@code notifications/progress} would make it wait
     * for progress that never comes, so it is refused rather than ignored.
     *
     * @return {@code -32602} naming {@code params._meta.progressToken} when present but neither a
     *         string nor an integer in the 64-bit range; null when absent or well-formed
     */
    static ProtocolException malformedProgressToken(JsonObject meta) {
        if (meta == null || !meta.containsKey(PROGRESS_TOKEN) || progressToken(meta) != null) {
            return null;
        }
        JsonValue token = meta.get(PROGRESS_TOKEN);
        return new ProtocolException(ErrorCodes.INVALID_PARAMS, "params._meta.progressToken must be a string or an"
                + " integer in the 64-bit range, not " + describe(token));
    }

    private static String describe(JsonValue token) {
        return token instanceof JsonNumber ? "the number " + token : JsonKind.of(token);
    }

    /**
     * @return {@code params} with {@code _meta.progressToken} set to {@code token}; null params
     *         become {@code {"_meta": {"progressToken": token}}}
     * @throws IllegalArgumentException when params of this type cannot carry {@code _meta}
     */
    static Object withProgressToken(Object params, ProgressToken token) {
        JsonValue value = token instanceof ProgressToken.Numeric numeric
                ? JSON.createValue(numeric.value())
                : JSON.createValue(((ProgressToken.Text) token).value());
        return withMembers(params, JSON.createObjectBuilder().add(PROGRESS_TOKEN, value).build(), true);
    }

    /**
     * @param members  what to put into {@code _meta}
     * @param override whether {@code members} replace members of the same name already there;
     *                 when false, the caller's own members win
     * @return {@code params} with {@code members} in its {@code _meta}; null params become
     *         {@code {"_meta": members}}
     * @throws IllegalArgumentException when params of this type cannot carry {@code _meta}
     */
    static Object withMembers(Object params, JsonObject members, boolean override) {
        if (params == null) {
            return JSON.createObjectBuilder().add(META, members).build();
        }
        if (params instanceof JsonObject object) {
            return JSON.createObjectBuilder(object).add(META, merged(of(object), members, override)).build();
        }
        if (params instanceof Record record && META_INDEX.get(record.getClass()) >= 0) {
            return withMeta(record, merged(of(record), members, override));
        }
        throw new IllegalArgumentException("params of type " + params.getClass().getName()
                + " cannot carry _meta" + members.keySet() + ": use a record with a JsonObject meta component or a"
                + " JsonObject");
    }

    private static JsonObject merged(JsonObject meta, JsonObject members, boolean override) {
        if (meta == null) {
            return members;
        }
        JsonObjectBuilder builder = JSON.createObjectBuilder(override ? meta : members);
        (override ? members : meta).forEach(builder::add);
        return builder.build();
    }

    /**
     * @return {@code value} (a schema record) as the JSON object the codec writes for it, read back by
     *         the codec: its strings hold a {@code String}, where the provider's reader keeps a
     *         builder that {@code getString()} copies at every call, and these objects are written
     *         again and again (the server's identity in every stateless result, a stateless
     *         client's capabilities and identity in every request)
     */
    static JsonObject toJson(Object value) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try {
            McpCodec.defaults().writeValue(value, bytes);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return McpCodec.defaults().readValue(bytes.toByteArray(), JsonObject.class);
    }

    private static Record withMeta(Record record, JsonObject meta) {
        try {
            return Records.with(record, Map.of("meta", meta));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("cannot add _meta" + meta.keySet() + " to " + record.getClass().getName()
                    + ": its canonical constructor and accessors must be public in an exported package", e);
        }
    }
}
