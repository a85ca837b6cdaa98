package dev.jmcp.transport.netty.internal.headers;

import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.lang.reflect.RecordComponent;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads a member of a request's params without knowing the method: the codec gives a schema
 * record for the methods it knows ({@code resources/read}) and a {@link JsonObject} for the others
 * ({@code tools/call}, {@code prompts/get}). A record's component has the member's name.
 */
final class ParamsMembers {
    /** The String components of each record type, by name, looked up once. */
    private static final ClassValue<Map<String, RecordComponent>> STRINGS = new ClassValue<>() {
        @Override
        protected Map<String, RecordComponent> computeValue(Class<?> type) {
            Map<String, RecordComponent> strings = new HashMap<>();
            RecordComponent[] components = type.getRecordComponents();
            for (RecordComponent component : components == null ? new RecordComponent[0] : components) {
                if (component.getType() == String.class) {
                    strings.put(component.getName(), component);
                }
            }
            return Map.copyOf(strings);
        }
    };

    private ParamsMembers() {
    }

    /** @return the string member {@code name} of {@code params}; null when absent or not a string */
    static String string(Object params, String name) {
        if (params instanceof JsonObject object) {
            return object.get(name) instanceof JsonString text ? text.getString() : null;
        }
        if (params instanceof Record record) {
            RecordComponent component = STRINGS.get(record.getClass()).get(name);
            if (component != null) {
                try {
                    return (String) component.getAccessor().invoke(record);
                } catch (ReflectiveOperationException | RuntimeException e) {
                    return null;
                }
            }
        }
        return null;
    }
}
