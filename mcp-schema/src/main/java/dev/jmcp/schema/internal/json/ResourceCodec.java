package dev.jmcp.schema.internal.json;

import dev.jmcp.schema.common.Annotations;
import dev.jmcp.schema.common.Icon;
import dev.jmcp.schema.resources.Resource;
import jakarta.json.JsonObject;
import jakarta.json.stream.JsonParser.Event;
import java.io.IOException;
import java.util.List;

/**
 * {@link Resource} by hand: the record of every listed entry and, flattened, of every read element
 * (SEP-2093), so the most written and read object there is. The same members, in the same order and
 * with the same errors as a {@link RecordCodec} would give it (the tests compare the two), without its
 * per-member indirections: an accessor and a codec called through arrays, and a constructor through
 * a spreader, which were a third of the codec's time for a 10,000-entry page.
 */
final class ResourceCodec implements ValueCodec<Resource> {
    // the components' positions in a members array, in the record's order (which is the wire order)
    private static final int URI = 0;
    private static final int NAME = 1;
    private static final int TITLE = 2;
    private static final int DESCRIPTION = 3;
    private static final int MIME_TYPE = 4;
    private static final int SIZE = 5;
    private static final int IS_COLLECTION = 6;
    private static final int ANNOTATIONS = 7;
    private static final int ICONS = 8;
    private static final int META = 9;
    private static final int COMPONENTS = 10;

    /** The member names, as the parser hands them out (most are then matched by identity) and as written. */
    private static final KnownNames MEMBERS = new KnownNames("uri", "name", "title", "description", "mimeType", "size",
            "isCollection", "annotations", "icons", "_meta");

    /** How each member may be written plainly ({@link JsonInput#plainMembers}, {@link JsonInput#nextPlainValue}). */
    private static final byte[] PLAIN = {PlainValues.STRING, PlainValues.STRING, PlainValues.STRING,
            PlainValues.STRING, PlainValues.SHARED_STRING, PlainValues.INTEGER, PlainValues.BOOLEAN, 0, 0, 0};

    static {
        if (Resource.class.getRecordComponents().length != COMPONENTS) {
            throw new IllegalStateException("Resource has " + Resource.class.getRecordComponents().length
                    + " components and ResourceCodec knows " + COMPONENTS + ": teach it the new ones");
        }
    }

    private final ValueCodec<Annotations> annotations;
    private final ValueCodec<List<Icon>> icons;

    @SuppressWarnings("unchecked")
    ResourceCodec(Codecs registry) {
        this.annotations = registry.forClass(Annotations.class);
        try {
            this.icons = (ValueCodec<List<Icon>>) registry.forType(
                    Resource.class.getRecordComponents()[ICONS].getGenericType());
        } catch (RuntimeException e) {
            throw new IllegalStateException("cannot map Resource.icons to JSON", e);
        }
    }

    @Override
    public Resource read(JsonInput in) {
        in.expect(Event.START_OBJECT, "an object");
        return construct(readMembers(in, null), in);
    }

    /** Reads the members of the object that is current; {@code extra} may take those that are not components. */
    Object[] readMembers(JsonInput in, RecordCodec.ExtraMember extra) {
        Object[] values = new Object[COMPONENTS];
        // a writer puts the members in the record's order, leaving out the absent ones
        int expected = in.plainMembers(MEMBERS, PLAIN, values);
        if (expected == JsonInput.OBJECT_ENDED) {
            return values;
        }
        for (;;) {
            int index = in.nextKnownName(MEMBERS, expected);
            String name;
            if (index >= 0) {
                name = MEMBERS.name(index);
                expected = index + 1;
                // a plain value has no error: a string too long is left to the events, which name the member
                Object plain = in.nextPlainValue(PLAIN[index]);
                if (plain != null) {
                    values[index] = plain;
                    continue;
                }
            } else if (index == JsonInput.OBJECT_ENDED || in.next() != Event.KEY_NAME) {
                break;
            } else {
                name = in.text();
                index = componentOf(name);
            }
            in.enter(name);
            in.next();
            if (index < 0) {
                if (extra == null || !extra.read(name, in)) {
                    in.skipValue();
                }
            } else if (in.current() != Event.VALUE_NULL) { // null is absent
                values[index] = switch (index) {
                    case SIZE -> in.integer();
                    case IS_COLLECTION -> in.bool();
                    case ANNOTATIONS -> annotations.read(in);
                    case ICONS -> icons.read(in);
                    case META -> ScalarCodecs.JSON_OBJECT.read(in);
                    case MIME_TYPE -> in.sharedString(); // the same few in every entry of a listing
                    default -> in.string();
                };
            } else {
                values[index] = null;
            }
            in.exit();
        }
        return values;
    }

    private static int componentOf(String name) {
        for (int i = 0; i < COMPONENTS; i++) {
            if (MEMBERS.name(i) == name) {
                return i;
            }
        }
        for (int i = 0; i < COMPONENTS; i++) {
            if (MEMBERS.name(i).equals(name)) {
                return i;
            }
        }
        return -1;
    }

    /** Makes the resource; its validation failures become errors naming the member. */
    @SuppressWarnings("unchecked")
    Resource construct(Object[] values, JsonInput in) {
        try {
            return new Resource((String) values[URI], (String) values[NAME], (String) values[TITLE],
                    (String) values[DESCRIPTION], (String) values[MIME_TYPE], (Long) values[SIZE],
                    (Boolean) values[IS_COLLECTION], (Annotations) values[ANNOTATIONS], (List<Icon>) values[ICONS],
                    (JsonObject) values[META]);
        } catch (NullPointerException e) {
            String member = e.getMessage() == null ? null : e.getMessage().equals("meta") ? "_meta" : e.getMessage();
            throw in.rule(member != null && componentOf(member) >= 0
                    ? "missing required member \"" + member + "\""
                    : "invalid Resource: " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw in.rule("invalid Resource: " + e.getMessage());
        }
    }

    @Override
    public void write(JsonOutput out, Resource value) throws IOException {
        out.beginObject();
        writeMembers(out, value);
        out.endObject();
    }

    /** Writes the non-null components as members, without the braces. */
    void writeMembers(JsonOutput out, Resource value) throws IOException {
        string(out, URI, value.uri());
        string(out, NAME, value.name());
        string(out, TITLE, value.title());
        string(out, DESCRIPTION, value.description());
        string(out, MIME_TYPE, value.mimeType());
        if (value.size() != null) {
            out.name(MEMBERS.encoded(SIZE)).number(value.size().longValue());
        }
        if (value.isCollection() != null) {
            out.name(MEMBERS.encoded(IS_COLLECTION)).bool(value.isCollection());
        }
        if (value.annotations() != null) {
            annotations.write(out.name(MEMBERS.encoded(ANNOTATIONS)), value.annotations());
        }
        if (value.icons() != null) {
            icons.write(out.name(MEMBERS.encoded(ICONS)), value.icons());
        }
        if (value.meta() != null) {
            out.name(MEMBERS.encoded(META)).value(value.meta());
        }
    }

    private static void string(JsonOutput out, int component, String value) throws IOException {
        if (value != null) {
            out.name(MEMBERS.encoded(component)).string(value);
        }
    }
}
