package dev.jmcp.transport.stdio;

/** Requests of the stateless revision (2026-07-28) as the JSON lines a client writes. */
final class Requests {
    static final String VERSION = "2026-07-28";
    /** The {@code _meta} every stateless request carries: revision, capabilities, client. */
    static final String META = "{\"io.modelcontextprotocol/protocolVersion\":\"" + VERSION + "\","
            + "\"io.modelcontextprotocol/clientCapabilities\":{\"elicitation\":{}},"
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"line-peer\",\"version\":\"1\"}}";

    private Requests() {
    }

    /**
     * @param id     the request id as JSON: {@code 1} or {@code "a"}
     * @param params the members of params besides {@code _meta}; may be empty
     * @return a stateless request of {@code method}
     */
    static String stateless(Object id, String method, String params) {
        return withMeta(id, method, META, params);
    }

    /** @return a request whose params are {@code _meta} (a JSON object) and {@code params} (members, may be empty) */
    static String withMeta(Object id, String method, String meta, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":{\"_meta\":" + meta
                + (params.isEmpty() ? "" : "," + params) + "}}";
    }

    /** @return a request of the handshake era: no {@code _meta}; {@code params} is a JSON object or null */
    static String session(Object id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\""
                + (params == null ? "" : ",\"params\":" + params) + "}";
    }

    /** @return {@code initialize} of {@code version}, with no capabilities */
    static String initialize(Object id, String version) {
        return session(id, "initialize", "{\"protocolVersion\":\"" + version + "\",\"capabilities\":{},"
                + "\"clientInfo\":{\"name\":\"line-peer\",\"version\":\"1\"}}");
    }

    /** @return a notification of {@code method}; {@code params} is a JSON object or null */
    static String notification(String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"method\":\"" + method + "\"" + (params == null ? "" : ",\"params\":" + params)
                + "}";
    }
}
