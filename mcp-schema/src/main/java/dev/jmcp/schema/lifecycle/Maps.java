package dev.jmcp.schema.lifecycle;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/** Immutable map copies for records of this package. */
final class Maps {
    private Maps() {
    }

    /**
     * Like {@link Map#copyOf} (null keys and values rejected), but keeps the iteration order:
     * {@code Map.copyOf} varies it from one JVM run to the next, and the codec writes maps in
     * iteration order, so output would not be reproducible.
     */
    static <V> Map<String, V> copy(Map<String, V> map, String field) {
        if (map == null) {
            return null;
        }
        LinkedHashMap<String, V> copy = new LinkedHashMap<>();
        map.forEach((key, value) -> copy.put(
                Objects.requireNonNull(key, field + " key"),
                Objects.requireNonNull(value, field + " value")));
        return Collections.unmodifiableMap(copy);
    }
}
