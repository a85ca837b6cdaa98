package dev.jmcp.core.internal.session;

import dev.jmcp.core.internal.Records;
import dev.jmcp.core.internal.transport.Era;
import dev.jmcp.core.spi.CacheHint;
import dev.jmcp.schema.McpMethodNames;
import dev.jmcp.schema.codec.JsonRuntime;
import dev.jmcp.schema.common.CacheScope;
import dev.jmcp.schema.common.InputRequiredResult;
import dev.jmcp.schema.common.ResultType;
import dev.jmcp.schema.jsonrpc.ErrorCodes;
import dev.jmcp.schema.jsonrpc.JsonRpcError;
import dev.jmcp.schema.jsonrpc.JsonRpcErrorResponse;
import dev.jmcp.schema.jsonrpc.JsonRpcMessage;
import dev.jmcp.schema.jsonrpc.JsonRpcRequest;
import dev.jmcp.schema.jsonrpc.JsonRpcResultResponse;
import dev.jmcp.schema.jsonrpc.ProtocolException;
import dev.jmcp.schema.lifecycle.DiscoverResult;
import dev.jmcp.schema.lifecycle.Implementation;
import dev.jmcp.schema.lifecycle.ProtocolVersions;
import dev.jmcp.schema.lifecycle.ServerCapabilities;
import dev.jmcp.schema.lifecycle.ServerMetaKeys;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.spi.JsonProvider;
import java.lang.System.Logger.Level;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;

/**
 * The server's side of the stateless era (2026-07-28): which requests belong to it, what their
 * {@code _meta} must say, the methods it answers itself ({@code server/discover}) or no longer has
 * ({@code initialize}, {@code ping}, {@code logging/setLevel}, {@code resources/subscribe} and
 * {@code unsubscribe}), and what it adds to every result: {@code resultType}, the server's identity
 * in {@code _meta}, and caching hints where the revision asks for them. Immutable; made once per
 * server and shared by its sessions and stateless requests.
 */
public final class StatelessServer {
    private static final System.Logger LOG = System.getLogger(StatelessServer.class.getName());
    private static final JsonProvider JSON = JsonRuntime.provider();

    /** Methods of the handshake era that 2026-07-28 removed. */
    private static final Set<String> REMOVED = Set.of(McpMethodNames.INITIALIZE, McpMethodNames.PING,
            McpMethodNames.SET_LEVEL, McpMethodNames.RESOURCES_SUBSCRIBE, McpMethodNames.RESOURCES_UNSUBSCRIBE);
    /** Methods whose complete results carry caching hints. */
    private static final Set<String> CACHEABLE = Set.of(McpMethodNames.SERVER_DISCOVER, "tools/list", "prompts/list",
            McpMethodNames.RESOURCES_LIST, McpMethodNames.RESOURCES_TEMPLATES_LIST, McpMethodNames.RESOURCES_READ,
            McpMethodNames.RESOURCES_METADATA);
    /** The only methods that may answer with an {@code input_required} result. */
    private static final Set<String> MAY_ASK_FOR_INPUT = Set.of("tools/call", "prompts/get",
            McpMethodNames.RESOURCES_READ);

    /** Where a result record keeps the members the era adds; looked up once per record type. */
    private static final ClassValue<EraFields> ERA_FIELDS = new ClassValue<>() {
        @Override
        protected EraFields computeValue(Class<?> type) {
            return new EraFields(Records.component(type, "resultType", String.class),
                    Records.component(type, "ttlMs", Long.class), Records.component(type, "cacheScope", CacheScope.class),
                    Records.component(type, "meta", JsonObject.class));
        }
    };

    private final Implementation serverInfo;
    private final ServerCapabilities capabilities;
    private final String instructions;
    private final CacheHint defaultHint;
    private final JsonObject serverInfoJson;
    /** A {@code _meta} of the server's identity alone, made once. */
    private final JsonObject serverInfoMeta;

    /**
     * @param serverInfo   never null
     * @param capabilities never null
     * @param instructions may be null
     * @param defaultHint  the caching hint of results whose producer gave none; never null
     */
    public StatelessServer(Implementation serverInfo, ServerCapabilities capabilities, String instructions,
            CacheHint defaultHint) {
        this.serverInfo = Objects.requireNonNull(serverInfo, "serverInfo");
        this.capabilities = Objects.requireNonNull(capabilities, "capabilities");
        this.instructions = instructions;
        this.defaultHint = Objects.requireNonNull(defaultHint, "defaultHint");
        this.serverInfoJson = Meta.toJson(serverInfo);
        this.serverInfoMeta = JSON.createObjectBuilder().add(ServerMetaKeys.SERVER_INFO, serverInfoJson).build();
    }

    /** @return the revisions {@code server/discover} lists: every one jmcp speaks, newest first */
    public static List<String> supportedVersions() {
        return ProtocolVersions.SUPPORTED;
    }

    /** @return the {@code -32602} that names a member of a stateless request's {@code _meta} and what is wrong with it */
    public static ProtocolException invalidMeta(String key, String why) {
        return new ProtocolException(ErrorCodes.INVALID_PARAMS, "params._meta[\"" + key + "\"] " + why);
    }

    /** @return true for a method of the handshake revisions that 2026-07-28 removed */
    public static boolean isRemoved(String method) {
        return REMOVED.contains(method);
    }

    /**
     * The answer to a request whose params the codec refused, on a connection without a session:
     * a stateless client's {@code initialize} or {@code logging/setLevel} carries no params of the
     * handshake revisions, and must learn that the method is gone, not that its params are wrong.
     *
     * @return the {@code -32601} response for a removed method; null for any other
     */
    static JsonRpcErrorResponse removedMethod(ProtocolException unreadable) {
        if (unreadable.code() != ErrorCodes.INVALID_PARAMS || unreadable.requestId() == null
                || !isRemoved(unreadable.method())) {
            return null;
        }
        return new JsonRpcErrorResponse(unreadable.requestId(), new JsonRpcError(ErrorCodes.METHOD_NOT_FOUND,
                "method not found: " + unreadable.method() + " is not a method of " + String.join(" or ", Era.STATELESS_VERSIONS)
                        + "; as a request of the handshake revisions, its params were refused: "
                        + unreadable.getMessage(), null));
    }

    /** @return the {@code _meta} of a request's params; null when there is none */
    public static JsonObject metaOf(Object params) {
        return Meta.of(params);
    }

    /**
     * Checks a stateless request's {@code _meta} and method.
     *
     * @return the request's metadata when a handler should answer it
     * @throws Refusal with the response to send instead (an error, or the answer to {@code server/discover})
     */
    RequestMeta admit(JsonRpcRequest request, JsonObject meta) throws Refusal {
        RequestMeta parsed;
        try {
            parsed = RequestMeta.read(meta);
        } catch (ProtocolException e) {
            throw new Refusal(new JsonRpcErrorResponse(request.id(), e.toError()));
        }
        String version = parsed.protocolVersion();
        if (!Era.STATELESS_VERSIONS.contains(version)) {
            throw new Refusal(unsupported(request, version));
        }
        String method = request.method();
        if (REMOVED.contains(method)) {
            throw new Refusal(error(request, ErrorCodes.METHOD_NOT_FOUND, "method not found: " + method
                    + " is not a method of " + version + " (it belongs to the initialize handshake revisions)", null));
        }
        JsonRpcErrorResponse badToken = SessionEngine.refuseProgressToken(request, meta);
        if (badToken != null) {
            throw new Refusal(badToken);
        }
        if (McpMethodNames.SERVER_DISCOVER.equals(method)) {
            throw new Refusal(decorate(method, new JsonRpcResultResponse(request.id(), new DiscoverResult(
                    supportedVersions(), capabilities, instructions, ResultType.COMPLETE, defaultHint.ttlMs(),
                    defaultHint.scope(), null))));
        }
        return parsed;
    }

    private static JsonRpcErrorResponse unsupported(JsonRpcRequest request, String version) {
        return new JsonRpcErrorResponse(request.id(), unsupportedVersion(version).toError());
    }

    /** @return the {@code -32022} error for {@code version}; see {@code StatelessMeta.unsupportedVersion} */
    public static ProtocolException unsupportedVersion(String version) {
        JsonArrayBuilder supported = JSON.createArrayBuilder();
        supportedVersions().forEach(supported::add);
        JsonObject data = JSON.createObjectBuilder().add("supported", supported).add("requested", version).build();
        String message = ProtocolVersions.isSupported(version)
                ? "Unsupported protocol version: " + version + " uses the initialize handshake; send initialize "
                        + "first, or name one of " + Era.STATELESS_VERSIONS + " in _meta"
                : "Unsupported protocol version: " + version;
        return new ProtocolException(ErrorCodes.UNSUPPORTED_PROTOCOL_VERSION, message, data);
    }

    /**
     * Adds what the revision requires to a handler's answer: {@code resultType} (and no caching
     * hints) on an {@code input_required} result, which only some methods may send;
     * {@code resultType: "complete"} and caching hints, where missing, on a final result; the
     * server's identity in every result's {@code _meta}. Errors pass unchanged.
     */
    JsonRpcMessage decorate(String method, JsonRpcMessage answer) {
        if (!(answer instanceof JsonRpcResultResponse response)) {
            return answer;
        }
        Object result = response.result();
        if (result instanceof InputRequiredResult input) {
            if (!MAY_ASK_FOR_INPUT.contains(method)
                    || input.inputRequests() == null && input.requestState() == null) {
                LOG.log(Level.WARNING, "the handler of {0} answered input_required, which {1}; sent -32603 instead",
                        method, MAY_ASK_FOR_INPUT.contains(method) ? "needs inputRequests or requestState"
                                : "only tools/call, prompts/get and resources/read may send");
                return new JsonRpcErrorResponse(response.id(), new JsonRpcError(ErrorCodes.INTERNAL_ERROR,
                        "internal error while handling " + method, null));
            }
        }
        // a task is no answer to cache: what the request answers comes later, through tasks/get
        boolean cacheable = CACHEABLE.contains(method) && !(result instanceof InputRequiredResult)
                && !(result instanceof JsonObject object && "task".equals(object.getString("resultType", null)));
        try {
            if (result instanceof JsonObject object) {
                return new JsonRpcResultResponse(response.id(), decorateJson(object, cacheable));
            }
            if (result instanceof Record record) {
                return new JsonRpcResultResponse(response.id(), decorateRecord(record, cacheable));
            }
        } catch (IllegalArgumentException e) {
            LOG.log(Level.WARNING, "could not add the 2026-07-28 result fields to the result of " + method, e);
        }
        return answer;
    }

    private JsonObject decorateJson(JsonObject result, boolean cacheable) {
        JsonObjectBuilder builder = JSON.createObjectBuilder(result);
        if (!result.containsKey("resultType")) {
            builder.add("resultType", ResultType.COMPLETE);
        }
        if (cacheable && !result.containsKey("ttlMs")) {
            builder.add("ttlMs", defaultHint.ttlMs());
        }
        if (cacheable && !result.containsKey("cacheScope")) {
            builder.add("cacheScope", defaultHint.scope().name().toLowerCase(Locale.ROOT));
        }
        return builder.add("_meta", withServerInfo(result.get("_meta") instanceof JsonObject meta ? meta : null))
                .build();
    }

    private Record decorateRecord(Record result, boolean cacheable) {
        EraFields fields = ERA_FIELDS.get(result.getClass());
        if (!fields.any()) {
            return result;
        }
        Object[] values = Records.values(result);
        boolean changed = fill(values, fields.resultType, ResultType.COMPLETE);
        if (cacheable) {
            changed |= fill(values, fields.ttlMs, defaultHint.ttlMs());
            changed |= fill(values, fields.cacheScope, defaultHint.scope());
        }
        if (fields.meta >= 0) {
            JsonObject meta = (JsonObject) values[fields.meta];
            JsonObject with = withServerInfo(meta);
            changed |= with != meta;
            values[fields.meta] = with;
        }
        return changed ? Records.of(result.getClass(), values) : result;
    }

    /** Sets {@code values[index]} to {@code value} when the component exists and is null; @return whether it did */
    private static boolean fill(Object[] values, int index, Object value) {
        if (index < 0 || values[index] != null) {
            return false;
        }
        values[index] = value;
        return true;
    }

    /** @return {@code meta} with the server's identity; the same object when it has it already */
    private JsonObject withServerInfo(JsonObject meta) {
        if (meta == null) {
            return serverInfoMeta; // most results carry no _meta of their own
        }
        if (meta.containsKey(ServerMetaKeys.SERVER_INFO)) {
            return meta;
        }
        return JSON.createObjectBuilder(meta).add(ServerMetaKeys.SERVER_INFO, serverInfoJson).build();
    }

    private static JsonRpcErrorResponse error(JsonRpcRequest request, int code, String message, JsonObject data) {
        return new JsonRpcErrorResponse(request.id(), new JsonRpcError(code, message, data));
    }

    /** The answer to a stateless request that no handler gives. */
    static final class Refusal extends Exception {
        private final transient JsonRpcMessage response;

        Refusal(JsonRpcMessage response) {
            super(null, null, false, false);
            this.response = response;
        }

        JsonRpcMessage response() {
            return response;
        }
    }

    /** Component indices, -1 for one the record lacks. */
    private record EraFields(int resultType, int ttlMs, int cacheScope, int meta) {
        boolean any() {
            return resultType >= 0 || ttlMs >= 0 || cacheScope >= 0 || meta >= 0;
        }
    }
}
