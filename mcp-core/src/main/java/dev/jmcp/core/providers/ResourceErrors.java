package dev.jmcp.core.providers;

import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.ProtocolException;

/**
 * The errors a resource provider answers with, in the shapes jmcp's clients and the spec expect,
 * so that no provider writes them by hand: each carries the URI in {@code data.uri}.
 *
 * @since 0.1
 */
public final class ResourceErrors {
    private ResourceErrors() {
    }

    /**
     * SEP-2093: a resource that is not there is {@code -32602} "Resource not found" with
     * {@code data.uri}, never empty contents. A provider's {@code describe} says this with an empty
     * Optional; its {@code read} throws this when the resource went away since it was described.
     *
     * @param uri the URI asked for; never null
     * @return the error
     */
    public static ProtocolException notFound(String uri) {
        return new ProtocolException(ErrorCodes.INVALID_PARAMS, "Resource not found", data(uri).build());
    }

    /**
     * A URI this provider will not serve as it is spelled: {@code -32602} "URI refused: REASON" with
     * {@code data.uri}.
     *
     * @param uri    the URI; never null
     * @param reason what is wrong with it, such as "it has a '..' segment"; never null
     * @return the error
     */
    public static ProtocolException invalidUri(String uri, String reason) {
        return new ProtocolException(ErrorCodes.INVALID_PARAMS, "URI refused: " + reason, data(uri).build());
    }

    /**
     * A resource that is there but cannot be read (permissions, a broken archive entry, a database
     * error): {@code -32603} naming the resource and the reason, with {@code data.uri} and
     * {@code data.reason}.
     *
     * @param uri    the resource; never null
     * @param reason why, such as "Permission denied"; never null
     * @param cause  the failure, kept as the exception's cause (never sent to the client); may be null
     * @return the error
     */
    public static ProtocolException unreadable(String uri, String reason, Throwable cause) {
        return new ProtocolException(ErrorCodes.INTERNAL_ERROR, "cannot read " + uri + ": " + reason,
                data(uri).add("reason", reason).build(), null, cause);
    }

    private static jakarta.json.JsonObjectBuilder data(String uri) {
        return JsonRuntime.provider().createObjectBuilder().add("uri", uri);
    }
}
