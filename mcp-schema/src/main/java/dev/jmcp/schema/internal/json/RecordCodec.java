package dev.jmcp.schema.internal.json;

import jakarta.json.JsonValue;
import jakarta.json.stream.JsonParser.Event;
import java.io.IOException;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads and writes a record by its components: the component names are the JSON member names,
 * except {@code meta}, which is {@code _meta}. Reading goes from parser events straight into the
 * canonical constructor, whose validation failures become errors that name the member; unknown
 * members are skipped; null members are not written.
 */
public final class RecordCodec<T> implements ValueCodec<T> {

    /** Handles a member that is not a component, for types that flatten more onto a record. */
    public interface ExtraMember {
        /** @return true when the member was consumed */
        boolean read(String name, JsonInput in);
    }

    private final Class<T> type;
    private final String[] names;
    /** The names as written, quotes and colon included; null for one that needs escaping. */
    private final byte[][] encodedNames;
    private final Class<?>[] componentTypes;
    private final ValueCodec<Object>[] codecs;
    private final MethodHandle[] accessors;
    private final MethodHandle constructor;
    private final Map<String, Integer> indexOf = new HashMap<>();

    @SuppressWarnings("unchecked")
    RecordCodec(Class<T> type, Codecs registry) {
        this.type = type;
        RecordComponent[] components = type.getRecordComponents();
        names = new String[components.length];
        encodedNames = new byte[components.length][];
        componentTypes = new Class<?>[components.length];
        codecs = (ValueCodec<Object>[]) new ValueCodec<?>[components.length];
        accessors = new MethodHandle[components.length];
        // a record from a user's module (McpCodec.Builder.method) needs this module to read it
        RecordCodec.class.getModule().addReads(type.getModule());
        MethodHandles.Lookup lookup = MethodHandles.lookup();
        try {
            for (int i = 0; i < components.length; i++) {
                RecordComponent component = components[i];
                // the parser's own instance of the name: most lookups are then an identity match
                names[i] = MemberNames.known(component.getName().equals("meta") ? "_meta" : component.getName());
                encodedNames[i] = JsonOutput.encodedName(names[i]);
                componentTypes[i] = component.getType();
                codecs[i] = (ValueCodec<Object>) registry.forType(component.getGenericType());
                accessors[i] = lookup.unreflect(component.getAccessor()).asType(MethodType.methodType(Object.class, Object.class));
                indexOf.put(names[i], i);
            }
            constructor = lookup.unreflectConstructor(type.getDeclaredConstructor(componentTypes))
                    .asSpreader(Object[].class, components.length)
                    .asType(MethodType.methodType(Object.class, Object[].class));
        } catch (ReflectiveOperationException e) {
            throw new IllegalStateException("cannot map " + type.getName() + " to JSON", e);
        }
    }

    @Override
    public T read(JsonInput in) {
        in.expect(Event.START_OBJECT, "an object");
        return construct(readMembers(in, null), in);
    }

    /** Reads the members of the object that is current; {@code extra} may take those that are not components. */
    public Object[] readMembers(JsonInput in, ExtraMember extra) {
        Object[] values = new Object[names.length];
        while (in.next() == Event.KEY_NAME) {
            String name = in.text();
            in.enter(name);
            in.next();
            int index = componentOf(name);
            if (index >= 0) {
                // null is absent, except where a member holds any JSON value (error data, log data)
                values[index] = in.current() == Event.VALUE_NULL && componentTypes[index] != JsonValue.class
                        ? null : codecs[index].read(in);
            } else if (extra == null || !extra.read(name, in)) {
                in.skipValue();
            }
            in.exit();
        }
        return values;
    }

    /** @return the index of the component named {@code name}, or -1: by identity first, a few compares */
    private int componentOf(String name) {
        for (int i = 0; i < names.length; i++) {
            if (names[i] == name) {
                return i;
            }
        }
        return indexOf(name);
    }

    /** Calls the canonical constructor; its validation failures become errors naming the member. */
    @SuppressWarnings("unchecked")
    public T construct(Object[] values, JsonInput in) {
        for (int i = 0; i < values.length; i++) {
            if (values[i] == null && componentTypes[i].isPrimitive()) {
                throw in.rule("missing required member \"" + names[i] + "\"");
            }
        }
        try {
            return (T) constructor.invokeExact(values);
        } catch (NullPointerException e) {
            String member = e.getMessage() == null ? null : e.getMessage().equals("meta") ? "_meta" : e.getMessage();
            throw in.rule(member != null && indexOf.containsKey(member)
                    ? "missing required member \"" + member + "\""
                    : "invalid " + simpleName() + ": " + e.getMessage());
        } catch (IllegalArgumentException e) {
            throw in.rule("invalid " + simpleName() + ": " + e.getMessage());
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void write(JsonOutput out, T value) throws IOException {
        out.beginObject();
        writeMembers(out, value);
        out.endObject();
    }

    /** Writes the non-null components as members, without the braces. */
    public void writeMembers(JsonOutput out, T value) throws IOException {
        for (int i = 0; i < names.length; i++) {
            Object member = get(i, value);
            if (member != null) {
                if (encodedNames[i] != null) {
                    out.name(encodedNames[i]);
                } else {
                    out.name(names[i]);
                }
                codecs[i].write(out, member);
            }
        }
    }

    private Object get(int index, T value) {
        try {
            return accessors[index].invokeExact((Object) value);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return the index of the component with this JSON name, or -1 */
    public int indexOf(String name) {
        return indexOf.getOrDefault(name, -1);
    }

    private String simpleName() {
        return type.getSimpleName();
    }
}
