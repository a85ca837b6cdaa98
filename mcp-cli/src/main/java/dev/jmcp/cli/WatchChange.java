package dev.jmcp.cli;

import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.resources.ConditionalReads;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One change {@code jmcp watch} reports: a line of text, or with {@code --json} an object
 * {@code {"change", "uri", "before", "after"}} whose {@code before} and {@code after} hold the
 * {@link #FIELDS} the resource had (those it has).
 *
 * @param kind   what happened
 * @param uri    the resource; null for {@link Kind#LIST_CHANGED}
 * @param before what watch knew of it; null when it knew nothing
 * @param after  what it is now; null when it is gone
 */
record WatchChange(Kind kind, String uri, Resource before, Resource after) {
    /** The fields compared, in the order printed. */
    static final List<String> FIELDS = List.of("size", "lastModified", "version");

    enum Kind {
        /** At least one of {@link #FIELDS} differs. */
        CHANGED("changed"),
        /** The server says it was updated, and none of {@link #FIELDS} shows how (or nothing was known). */
        UPDATED("updated"),
        /** It appeared in the listing watched. */
        ADDED("added"),
        /** It is gone. */
        REMOVED("removed"),
        /** The listing changed, and watch does not follow it (too long, or not a collection's). */
        LIST_CHANGED("list changed");

        final String word;

        Kind(String word) {
            this.word = word;
        }
    }

    static WatchChange listChanged() {
        return new WatchChange(Kind.LIST_CHANGED, null, null, null);
    }

    /** @return {@link Kind#CHANGED} when a field differs between {@code before} and {@code after}, else {@link Kind#UPDATED} */
    static WatchChange updated(String uri, Resource before, Resource after) {
        boolean differs = before != null && !fields(before).equals(fields(after));
        return new WatchChange(differs ? Kind.CHANGED : Kind.UPDATED, uri, before, after);
    }

    /**
     * @return such as {@code changed file:///a.txt: size 5 -> 12, version 5@1 -> 12@2},
     *         {@code added file:///b.txt: size 3}, {@code removed file:///c.txt}, {@code list changed};
     *         {@code updated file:///a.txt} when nothing shows how, with the fields it has when
     *         nothing was known of it
     */
    String text() {
        if (uri == null) {
            return kind.word;
        }
        List<String> parts = new ArrayList<>();
        Map<String, String> now = after == null ? Map.of() : fields(after);
        Map<String, String> then = before == null ? Map.of() : fields(before);
        if (kind == Kind.CHANGED) {
            for (String field : FIELDS) {
                if (!Objects.equals(then.get(field), now.get(field))) {
                    parts.add(field + " " + shown(then.get(field)) + " -> " + shown(now.get(field)));
                }
            }
        } else if (before == null) { // nothing to compare with: what it is now
            now.forEach((field, value) -> parts.add(field + " " + value));
        }
        return kind.word + " " + Text.printable(uri) + (parts.isEmpty() ? "" : ": " + Text.printable(String.join(", ", parts)));
    }

    /** @return {@code {"change":"changed","uri":...,"before":{...},"after":{...}}}, without the members that are null */
    JsonObject json() {
        JsonObjectBuilder json = JsonRuntime.provider().createObjectBuilder().add("change", kind.word);
        if (uri != null) {
            json.add("uri", uri);
        }
        if (before != null) {
            json.add("before", object(fields(before)));
        }
        if (after != null) {
            json.add("after", object(fields(after)));
        }
        return json.build();
    }

    /** @return the {@link #FIELDS} {@code resource} has, as text */
    static Map<String, String> fields(Resource resource) {
        Map<String, String> fields = new LinkedHashMap<>();
        if (resource.size() != null) {
            fields.put("size", resource.size().toString());
        }
        if (resource.annotations() != null && resource.annotations().lastModified() != null) {
            fields.put("lastModified", resource.annotations().lastModified());
        }
        String version = ConditionalReads.version(resource);
        if (version != null) {
            fields.put("version", version);
        }
        return fields;
    }

    private static String shown(String value) {
        return value == null ? "none" : value;
    }

    private static JsonObject object(Map<String, String> fields) {
        JsonObjectBuilder object = JsonRuntime.provider().createObjectBuilder();
        fields.forEach((name, value) -> {
            if (name.equals("size")) {
                object.add(name, Long.parseLong(value));
            } else {
                object.add(name, value);
            }
        });
        return object.build();
    }
}
