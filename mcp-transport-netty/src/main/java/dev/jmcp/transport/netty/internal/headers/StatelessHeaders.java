package dev.jmcp.transport.netty.internal.headers;

import dev.jmcp.core.internal.transport.Era;
import dev.jmcp.core.internal.transport.StatelessMeta;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.jsonrpc.RequestId;
import io.netty.handler.codec.http.HttpHeaders;
import jakarta.json.JsonObject;
import java.util.List;

/**
 * Checks that a stateless request's headers agree with its body, in the order the spec's probes
 * require: {@code MCP-Protocol-Version} present (-32020); the body's {@code _meta} well-formed
 * (-32602); the header equal to {@code _meta}'s revision (-32020); {@code Mcp-Method} equal to the
 * method and, for {@code tools/call}, {@code prompts/get}, {@code resources/read} and the tasks
 * extension's {@code tasks/get}, {@code tasks/update} and {@code tasks/cancel}, {@code Mcp-Name}
 * equal to {@code params.name}, {@code params.uri} or {@code params.taskId} (-32020). Whether the
 * revision is one the server speaks is the session's to say (-32022), with one exception: a
 * {@code _meta} that breaks the rules of 2026-07-28 under a header that names a revision the server
 * does not speak at all gets -32022, since it cannot be judged by rules the server does not know.
 * Header names are matched without case, values with it, after trimming their optional whitespace.
 */
public final class StatelessHeaders {
    private static final String PROTOCOL_VERSION = "MCP-Protocol-Version";
    private static final String METHOD = "Mcp-Method";
    private static final String NAME = "Mcp-Name";

    private StatelessHeaders() {
    }

    /**
     * @return null when the headers agree with {@code request}; else the error to answer with HTTP
     *         400, which carries the request's id
     */
    public static ProtocolException check(HttpHeaders headers, JsonRpcRequest request) {
        RequestId id = request.id();
        JsonObject meta = StatelessMeta.of(request.params());
        List<String> versions = headers.getAll(McpHeaders.PROTOCOL_VERSION);
        if (versions.isEmpty()) {
            String named = StatelessMeta.protocolVersion(meta);
            return mismatch(id, "the " + PROTOCOL_VERSION + " header is required on every POST of "
                    + (named != null ? named : "the stateless revisions " + Era.STATELESS_VERSIONS)
                    + ": it repeats params._meta's protocol version");
        }
        if (versions.size() > 1) {
            return twice(id, PROTOCOL_VERSION, versions.size());
        }
        String header = HeaderValues.trim(versions.get(0));
        ProtocolException malformed = StatelessMeta.check(meta);
        if (malformed != null) {
            return StatelessMeta.supportedVersions().contains(header) ? malformed.withRequestId(id)
                    : StatelessMeta.unsupportedVersion(header).withRequestId(id);
        }
        String body = StatelessMeta.protocolVersion(meta);
        if (!header.equals(body)) {
            return differ(id, PROTOCOL_VERSION, header, body);
        }
        ProtocolException method = compare(headers, METHOD, false, request.method(), id);
        if (method != null) {
            return method;
        }
        String member = nameMember(request.method());
        String name = member == null ? null : ParamsMembers.string(request.params(), member);
        // without the member the handler answers -32602 naming it; there is nothing to repeat
        return name == null ? null : compare(headers, NAME, true, name, id);
    }

    /** @return the params member {@code Mcp-Name} repeats for {@code method}; null when it has none */
    static String nameMember(String method) {
        return switch (method) {
            case "tools/call", "prompts/get" -> "name";
            case McpMethodNames.RESOURCES_READ -> "uri";
            // SEP-2663's routing headers: the tasks extension's methods name their task
            case "tasks/get", "tasks/update", "tasks/cancel" -> "taskId";
            default -> null;
        };
    }

    private static ProtocolException compare(HttpHeaders headers, String name, boolean sentinel, String expected,
            RequestId id) {
        List<String> values = headers.getAll(name);
        if (values.isEmpty()) {
            return mismatch(id, "the " + name + " header is required: it repeats the body's value '" + expected + "'");
        }
        if (values.size() > 1) {
            return twice(id, name, values.size());
        }
        String raw = HeaderValues.trim(values.get(0));
        String value;
        try {
            value = sentinel ? HeaderValues.decode(name, raw) : HeaderValues.checked(name, raw);
        } catch (HeaderValues.Malformed e) {
            return mismatch(id, e.getMessage());
        }
        return value.equals(expected) ? null : differ(id, name, raw, expected);
    }

    static ProtocolException differ(RequestId id, String name, String header, String body) {
        return mismatch(id, name + " header value '" + header + "' does not match body value '" + body + "'");
    }

    static ProtocolException twice(RequestId id, String name, int count) {
        return mismatch(id, "the " + name + " header appears " + count + " times; send it once");
    }

    static ProtocolException mismatch(RequestId id, String detail) {
        return new ProtocolException(ErrorCodes.HEADER_MISMATCH, "Header mismatch: " + detail, null, id, null);
    }
}
