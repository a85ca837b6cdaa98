package dev.jmcp.core.stateless;

/** Stateless (2026-07-28) requests as JSON text. */
final class Requests {
    static final String META = "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
            + "\"io.modelcontextprotocol/clientInfo\":{\"name\":\"t\",\"version\":\"1\"},"
            + "\"io.modelcontextprotocol/clientCapabilities\":{}}";

    private Requests() {
    }

    /** @return a request of {@code method} with the standard _meta and {@code params} (members, may be empty) */
    static String request(Object id, String method, String params) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":{" + META
                + (params.isEmpty() ? "" : "," + params) + "}}";
    }

    /** @return a request of {@code method} whose _meta is {@code meta} (a JSON object) */
    static String withMeta(Object id, String method, String meta) {
        return "{\"jsonrpc\":\"2.0\",\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":{\"_meta\":" + meta + "}}";
    }
}
