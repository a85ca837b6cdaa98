package dev.jmcp.schema;

import java.util.Objects;

/**
 * A protocol method and the records its messages carry: what the codec reads {@code params} and
 * {@code result} into.
 *
 * @param name       the wire name, such as {@code "resources/read"}; never null
 * @param paramsType the record of its {@code params}; never null
 * @param resultType the record of its {@code result}; null for a notification, which has no answer
 * @since 0.1
 */
public record McpMethod(String name, Class<?> paramsType, Class<?> resultType) {

    public McpMethod {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(paramsType, "paramsType");
    }

    /** @return a request: a method that is answered with a result of {@code resultType} */
    public static McpMethod request(String name, Class<?> paramsType, Class<?> resultType) {
        return new McpMethod(name, paramsType, Objects.requireNonNull(resultType, "resultType"));
    }

    /** @return a notification: a method that is never answered */
    public static McpMethod notification(String name, Class<?> paramsType) {
        return new McpMethod(name, paramsType, null);
    }

    /** @return true when the method is a notification, which has no result */
    public boolean isNotification() {
        return resultType == null;
    }
}
