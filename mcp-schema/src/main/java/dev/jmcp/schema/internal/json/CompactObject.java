package dev.jmcp.schema.internal.json;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringWriter;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Set;

/**
 * An immutable JSON object of at most {@link #MAX_MEMBERS} members, held in two arrays: what a
 * {@code _meta} usually is. A listing carries one per entry, and Parsson's object (a builder, a
 * {@code LinkedHashMap} of 16 slots, an entry per member, an unmodifiable wrapper) made half of what
 * the client allocated to read a page of 10,000 entries. Members keep their first position, a
 * repeated name takes the last value, as Parsson's builder does; it equals, and hashes as, any
 * {@link JsonObject} with the same members, and its {@code toString} is its JSON text.
 */
public final class CompactObject extends AbstractMap<String, JsonValue> implements JsonObject {
    /** The most members; a larger object is Parsson's, whose lookups are hashed. */
    static final int MAX_MEMBERS = 8;

    private final String[] names;
    private final JsonValue[] values;
    private final int size;

    /** @param names, values the members; owned from now on, only the first {@code size} are used */
    CompactObject(String[] names, JsonValue[] values, int size) {
        this.names = names;
        this.values = values;
        this.size = size;
    }

    /** @return the position of member {@code name} in {@code names}, or -1 */
    static int indexOf(String[] names, int size, Object name) {
        for (int i = 0; i < size; i++) {
            if (names[i].equals(name)) {
                return i;
            }
        }
        return -1;
    }

    int memberCount() {
        return size;
    }

    String nameAt(int index) {
        return names[index];
    }

    JsonValue valueAt(int index) {
        return values[index];
    }

    @Override
    public JsonValue get(Object name) {
        int at = indexOf(names, size, name);
        return at < 0 ? null : values[at];
    }

    @Override
    public boolean containsKey(Object name) {
        return indexOf(names, size, name) >= 0;
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public Set<Entry<String, JsonValue>> entrySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<Entry<String, JsonValue>> iterator() {
                return new Iterator<>() {
                    private int next;

                    @Override
                    public boolean hasNext() {
                        return next < size;
                    }

                    @Override
                    public Entry<String, JsonValue> next() {
                        if (next >= size) {
                            throw new NoSuchElementException();
                        }
                        int at = next++;
                        return new SimpleImmutableEntry<>(names[at], values[at]);
                    }
                };
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    // ---- JsonObject, with Parsson's answers for a missing member or one of another type

    @Override
    public JsonArray getJsonArray(String name) {
        return (JsonArray) get(name);
    }

    @Override
    public JsonObject getJsonObject(String name) {
        return (JsonObject) get(name);
    }

    @Override
    public JsonNumber getJsonNumber(String name) {
        return (JsonNumber) get(name);
    }

    @Override
    public JsonString getJsonString(String name) {
        return (JsonString) get(name);
    }

    @Override
    public String getString(String name) {
        return getJsonString(name).getString();
    }

    @Override
    public String getString(String name, String defaultValue) {
        return get(name) instanceof JsonString value ? value.getString() : defaultValue;
    }

    @Override
    public int getInt(String name) {
        return getJsonNumber(name).intValue();
    }

    @Override
    public int getInt(String name, int defaultValue) {
        return get(name) instanceof JsonNumber value ? value.intValue() : defaultValue;
    }

    @Override
    public boolean getBoolean(String name) {
        JsonValue value = get(name);
        if (value == null) {
            throw new NullPointerException("no member " + name);
        }
        if (value == JsonValue.TRUE) {
            return true;
        }
        if (value == JsonValue.FALSE) {
            return false;
        }
        throw new ClassCastException("member " + name + " is not a boolean");
    }

    @Override
    public boolean getBoolean(String name, boolean defaultValue) {
        JsonValue value = get(name);
        return value == JsonValue.TRUE || value != JsonValue.FALSE && defaultValue;
    }

    @Override
    public boolean isNull(String name) {
        return get(name).equals(JsonValue.NULL);
    }

    @Override
    public ValueType getValueType() {
        return ValueType.OBJECT;
    }

    @Override
    public String toString() {
        StringWriter text = new StringWriter();
        JsonP.PROVIDER.createWriter(text).write(this);
        return text.toString();
    }

    /** @return {@code meta} (may be null) with member {@code name} set to {@code value}, compact when it fits */
    public static JsonObject with(JsonObject meta, String name, JsonValue value) {
        int size = meta == null ? 0 : meta.size();
        if (size >= MAX_MEMBERS) {
            return JsonP.PROVIDER.createObjectBuilder(meta).add(name, value).build();
        }
        String[] names = new String[size + 1];
        JsonValue[] values = new JsonValue[size + 1];
        int n = 0;
        if (meta != null) {
            for (Map.Entry<String, JsonValue> member : meta.entrySet()) {
                names[n] = member.getKey();
                values[n++] = member.getValue();
            }
        }
        int at = indexOf(names, n, name);
        if (at >= 0) {
            values[at] = value;
        } else {
            names[n] = name;
            values[n++] = value;
        }
        return new CompactObject(names, values, n);
    }
}
