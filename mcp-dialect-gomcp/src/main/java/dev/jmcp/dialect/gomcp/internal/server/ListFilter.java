package dev.jmcp.dialect.gomcp.internal.server;

import dev.jmcp.dialect.gomcp.internal.wire.GomcpResource;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The {@code filter} of gomcp's {@code resources/list}, which gomcp leaves open; jmcp's members,
 * each of which must match: {@code kind} (a string, or an array of strings: any of them),
 * {@code uri} or {@code uriPrefix} (the URI starts with it), {@code mimeType} or
 * {@code contentType} (the MIME type, without parameters, equal ignoring case), {@code metadata}
 * (an object whose every member equals the resource's {@code metadata} member), and
 * {@code parent}: list the children of that collection instead of the top level (gomcp has no
 * other way to walk down). Any other member is {@code -32602} naming it, so that a filter jmcp
 * does not understand never widens into "everything".
 *
 * @param kinds       the kinds accepted; empty for any
 * @param uriPrefix   may be null
 * @param contentType lower case, without parameters; may be null
 * @param metadata    may be null
 * @param parent      the collection to list; null for the top level
 */
record ListFilter(Set<String> kinds, String uriPrefix, String contentType, JsonObject metadata, String parent) {
    static final ListFilter NONE = new ListFilter(Set.of(), null, null, null, null);
    private static final Set<String> MEMBERS = Set.of("kind", "uri", "uriPrefix", "mimeType", "contentType",
            "metadata", "parent");

    /** @param value params.filter; null for none */
    static ListFilter parse(JsonValue value, String method) {
        if (value == null || value == JsonValue.NULL) {
            return NONE;
        }
        if (!(value instanceof JsonObject filter)) {
            throw JsonParams.invalid(method + ": params.filter must be an object, was " + JsonParams.kind(value));
        }
        for (String member : filter.keySet()) {
            if (!MEMBERS.contains(member)) {
                throw JsonParams.invalid(method + ": params.filter." + member + " is not a filter this server knows; "
                        + "known: " + MEMBERS.stream().sorted().toList());
            }
        }
        String uri = JsonParams.optionalString(filter, "uri", "params.filter.uri", method);
        String prefix = JsonParams.optionalString(filter, "uriPrefix", "params.filter.uriPrefix", method);
        if (uri != null && prefix != null && !uri.equals(prefix)) {
            throw JsonParams.invalid(method + ": params.filter has both uri and uriPrefix, and they differ");
        }
        String mimeType = JsonParams.optionalString(filter, "mimeType", "params.filter.mimeType", method);
        String contentType = JsonParams.optionalString(filter, "contentType", "params.filter.contentType", method);
        if (mimeType != null && contentType != null && !bare(mimeType).equals(bare(contentType))) {
            throw JsonParams.invalid(method + ": params.filter has both mimeType and contentType, and they differ");
        }
        JsonValue metadata = filter.get("metadata");
        if (metadata != null && !(metadata instanceof JsonObject)) {
            throw JsonParams.invalid(method + ": params.filter.metadata must be an object, was "
                    + JsonParams.kind(metadata));
        }
        String type = mimeType != null ? mimeType : contentType;
        return new ListFilter(kinds(filter.get("kind"), method), uri != null ? uri : prefix,
                type == null ? null : bare(type), (JsonObject) metadata,
                JsonParams.optionalString(filter, "parent", "params.filter.parent", method));
    }

    boolean matches(GomcpResource resource) {
        if (!kinds.isEmpty() && !kinds.contains(resource.kind())) {
            return false;
        }
        if (uriPrefix != null && !resource.uri().startsWith(uriPrefix)) {
            return false;
        }
        if (contentType != null) {
            String own = ResourceViews.contentType(resource);
            if (own == null || !bare(own).equals(contentType)) {
                return false;
            }
        }
        if (metadata != null) {
            for (var member : metadata.entrySet()) {
                if (!member.getValue().equals(resource.metadata().get(member.getKey()))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static Set<String> kinds(JsonValue value, String method) {
        if (value == null || value == JsonValue.NULL) {
            return Set.of();
        }
        if (value instanceof JsonString one) {
            return Set.of(one.getString());
        }
        if (value instanceof JsonArray many) {
            List<String> kinds = new ArrayList<>();
            for (JsonValue kind : many) {
                if (!(kind instanceof JsonString text)) {
                    throw JsonParams.invalid(method + ": params.filter.kind must hold strings, held "
                            + JsonParams.kind(kind));
                }
                kinds.add(text.getString());
            }
            return Set.copyOf(kinds);
        }
        throw JsonParams.invalid(method + ": params.filter.kind must be a string or an array of strings, was "
                + JsonParams.kind(value));
    }

    private static String bare(String mimeType) {
        int semicolon = mimeType.indexOf(';');
        return (semicolon < 0 ? mimeType : mimeType.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
    }
}
