package dev.jmcp.schema.internal.json;

import dev.jmcp.schema.McpMethod;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;

/** The methods whose params and results the codec reads into records, by name. */
public final class MethodTable {
    private final Map<String, McpMethod<?, ?>> byName = new HashMap<>();

    public MethodTable(Collection<? extends McpMethod<?, ?>> methods) {
        for (McpMethod<?, ?> method : methods) {
            byName.put(method.name(), method);
        }
    }

    /** @return the params type of {@code method}, or null when params stay a JSON object */
    Class<?> paramsType(String method) {
        McpMethod<?, ?> known = byName.get(method);
        return known == null ? null : known.paramsType();
    }

    /** @return the result type of {@code method}, or null when the result stays a JSON object */
    Class<?> resultType(String method) {
        McpMethod<?, ?> known = method == null ? null : byName.get(method);
        return known == null ? null : known.resultType();
    }
}
