package dev.jmcp.schema.resources;

import dev.jmcp.schema.Experimental;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * jmcp's ranged reads, as they look on the wire (the proposal is {@code docs/ranged-reads.md}): a
 * server that advertises {@link #EXTENSION} answers a {@code resources/read} whose {@code _meta}
 * holds {@link #RANGE} {@code {offset, length?, version}} with those bytes of the resource's one
 * content element, as a blob, when the resource still has that version, and refuses it with
 * {@code -32602} otherwise (HTTP's {@code If-Range}, refused rather than answered whole); the
 * result's {@code _meta} holds {@link #RANGE} {@code {offset, length, total}} and the version. The
 * one place these keys are spelled.
 *
 * @since 0.1
 */
@Experimental
public final class RangedReads {
    /** The key under {@code capabilities.extensions} by which a server offers ranged reads; its value is {@code {}}. */
    public static final String EXTENSION = "dev.jmcp/ranged-reads";
    /** The {@code _meta} key of a read request's range, and of a ranged result's. */
    public static final String RANGE = "dev.jmcp/range";

    private RangedReads() {
    }

    /** @return read params for {@code range} of {@code uri} */
    public static ReadResourceRequestParams readRange(String uri, ByteRange range) {
        JsonObjectBuilder value = JsonRuntime.provider().createObjectBuilder().add("offset", range.offset())
                .add("version", range.version());
        if (range.length() != null) {
            value.add("length", range.length());
        }
        return new ReadResourceRequestParams(uri, null, null,
                JsonRuntime.provider().createObjectBuilder().add(RANGE, value).build());
    }

    /**
     * @param requestMeta a read request's {@code _meta}; may be null
     * @return the range it asks for; null when it asks for none
     * @throws ProtocolException {@code -32602} naming what is wrong with a range that is there
     */
    public static ByteRange range(JsonObject requestMeta) {
        if (requestMeta == null || !requestMeta.containsKey(RANGE)) {
            return null;
        }
        if (!(requestMeta.get(RANGE) instanceof JsonObject range)) {
            throw invalid("_meta[\"" + RANGE + "\"] is not an object {offset, length?, version}");
        }
        if (!(range.get("version") instanceof JsonString version) || version.getString().isEmpty()) {
            throw invalid("_meta[\"" + RANGE + "\"] has no version: a range is tied to the version it is of");
        }
        long offset = whole(range, "offset", true);
        long length = whole(range, "length", false);
        return new ByteRange(offset, length < 0 ? null : length, version.getString());
    }

    private static long whole(JsonObject range, String field, boolean required) {
        JsonValue value = range.get(field);
        if (value == null && !required) {
            return -1;
        }
        if (!(value instanceof JsonNumber number) || !number.isIntegral() || number.longValue() < 0) {
            throw invalid("_meta[\"" + RANGE + "\"]." + field + " is not a whole number >= 0");
        }
        return number.longValueExact();
    }

    /** @return the {@code _meta} of a ranged result: the range served and the version it is of */
    public static JsonObject resultMeta(long offset, long length, long total, String version) {
        return JsonRuntime.provider().createObjectBuilder().add(ConditionalReads.VERSION, version)
                .add(RANGE, JsonRuntime.provider().createObjectBuilder().add("offset", offset).add("length", length)
                        .add("total", total)).build();
    }

    /** @return the total length a ranged result says the content has; -1 when it is not a ranged result */
    public static long total(ReadResourceResult result) {
        return result.meta() != null && result.meta().get(RANGE) instanceof JsonObject range
                && range.get("total") instanceof JsonNumber total ? total.longValue() : -1;
    }

    private static ProtocolException invalid(String message) {
        return new ProtocolException(ErrorCodes.INVALID_PARAMS, "resources/read: " + message);
    }
}
