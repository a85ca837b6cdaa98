package dev.jmcp.schema;

import java.util.Objects;

/**
 * A protocol method and the records its messages carry: what the codec reads {@code params} and
 * {@code result} into.
 *
 * <p>Typed by what it carries, so that a handler registered for one and a request sent with one
 * need no cast: {@code session.request(McpMethods.RESOURCES_READ, params)} is a
 * {@code CompletableFuture<ReadResourceResult>}.
 *
 * @param name       the wire name, such as {@code "resources/read"}; never null
 * @param paramsType the record of its {@code params}; never null
 * @param resultType the record of its {@code result}; null for a notification, which has no answer
 * @param <P>        the params' type
 * @param <R>        the result's type; {@link Void} for a notification
 * @since 0.1
 */
public record McpMethod<P, R>(String name, Class<P> paramsType, Class<R> resultType) {

    public McpMethod {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(paramsType, "paramsType");
    }

    /** @return a request: a method that is answered with a result of {@code resultType} */
    public static <P, R> McpMethod<P, R> request(String name, Class<P> paramsType, Class<R> resultType) {
        return new McpMethod<>(name, paramsType, Objects.requireNonNull(resultType, "resultType"));
    }

    /** @return a notification: a method that is never answered */
    public static <P> McpMethod<P, Void> notification(String name, Class<P> paramsType) {
        return new McpMethod<>(name, paramsType, null);
    }

    /** @return true when the method is a notification, which has no result */
    public boolean isNotification() {
        return resultType == null;
    }
}
