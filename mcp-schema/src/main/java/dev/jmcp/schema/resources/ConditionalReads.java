package dev.jmcp.schema.resources;

import dev.jmcp.schema.Experimental;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.internal.json.CompactObject;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Objects;

/**
 * jmcp's conditional reads, as they look on the wire (the proposal is {@code docs/conditional-reads.md}):
 * a server that advertises {@link #EXTENSION} puts each resource's content version in its
 * {@code _meta} under {@link #VERSION} (in listings, {@code resources/metadata} and every element of
 * a read); a client sends the version it holds in the read request's {@code _meta} under
 * {@link #IF_NONE_MATCH}; while the content still has that version the server answers with no
 * contents and {@code _meta} holding {@link #NOT_MODIFIED} {@code true} and the version. The one
 * place these keys are spelled.
 *
 * @since 0.1
 */
@Experimental
public final class ConditionalReads {
    /** The key under {@code capabilities.extensions} by which a server offers conditional reads; its value is {@code {}}. */
    public static final String EXTENSION = "dev.jmcp/conditional-reads";
    /** The {@code _meta} key of a resource's content version: an opaque string. */
    public static final String VERSION = "dev.jmcp/version";
    /** The {@code _meta} key of a read request that holds the version the client has. */
    public static final String IF_NONE_MATCH = "dev.jmcp/ifNoneMatch";
    /** The {@code _meta} key, {@code true}, of a read result that says the client's version is current. */
    public static final String NOT_MODIFIED = "dev.jmcp/notModified";

    private ConditionalReads() {
    }

    /** @return the content version in {@code resource}'s {@code _meta}; null when there is none */
    public static String version(Resource resource) {
        return string(resource.meta(), VERSION);
    }

    /**
     * @return the version a read result carries: in its {@code _meta} when it says "not modified",
     *         else in its elements' when they all carry the same one; null otherwise (a collection's
     *         children each have their own)
     */
    public static String version(ReadResourceResult result) {
        if (isNotModified(result)) {
            return string(result.meta(), VERSION);
        }
        String version = null;
        for (ResourceContents element : result.contents()) {
            String own = version(element.resource());
            if (own == null || (version != null && !version.equals(own))) {
                return null;
            }
            version = own;
        }
        return version;
    }

    /** @return true when {@code result} says that the version the client sent is still current */
    public static boolean isNotModified(ReadResourceResult result) {
        return result.meta() != null && result.meta().get(NOT_MODIFIED) == JsonValue.TRUE;
    }

    /** @return the version a read request's {@code _meta} holds under {@link #IF_NONE_MATCH}; null when none */
    public static String ifNoneMatch(JsonObject requestMeta) {
        return string(requestMeta, IF_NONE_MATCH);
    }

    /** @return {@code resource} with {@code version} in its {@code _meta}, its other keys kept */
    public static Resource withVersion(Resource resource, String version) {
        Objects.requireNonNull(version, "version");
        if (version.equals(version(resource))) {
            return resource;
        }
        return resource.toBuilder().meta(with(resource.meta(), VERSION, version)).build();
    }

    /** @return read params for {@code uri} that hold {@code version} */
    public static ReadResourceRequestParams readIfNoneMatch(String uri, String version) {
        return new ReadResourceRequestParams(uri, null, null, with(null, IF_NONE_MATCH, Objects.requireNonNull(version)));
    }

    /** @return the answer to a read whose client holds {@code version}, still current: no contents */
    public static ReadResourceResult notModified(String version) {
        JsonObject meta = JsonRuntime.provider().createObjectBuilder().add(NOT_MODIFIED, true).add(VERSION, version)
                .build();
        return new ReadResourceResult(List.of(), null, null, null, meta);
    }

    private static String string(JsonObject meta, String key) {
        return meta != null && meta.get(key) instanceof JsonString value ? value.getString() : null;
    }

    private static JsonObject with(JsonObject meta, String key, String value) {
        // compact: a listing stamps one per entry
        return CompactObject.with(meta, key, JsonRuntime.provider().createValue(value));
    }
}
