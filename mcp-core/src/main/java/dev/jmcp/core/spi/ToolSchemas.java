package dev.jmcp.core.spi;

import jakarta.json.JsonObject;

/**
 * The input schemas of the tools a server serves, by tool name, for the checks a transport makes
 * of a {@code tools/call} before the call runs: Streamable HTTP of 2026-07-28 mirrors the arguments
 * that a schema marks with {@code x-mcp-header} into {@code Mcp-Param-*} headers, which the server
 * must compare with the body. A feature that serves tools registers one with
 * {@link FeatureHandlers#toolSchemas}; a transport finds it through
 * {@link McpTransport.Listener#toolSchemas()}. The core itself knows no header: it only says which
 * schema a tool has.
 *
 * @since 0.1
 */
@dev.jmcp.schema.Experimental
@FunctionalInterface
public interface ToolSchemas {

    /**
     * Called on a transport's I/O thread for each {@code tools/call}, so it must answer from memory
     * and must not block; called from any thread.
     *
     * @param tool a tool's name as a {@code tools/call} names it; never null
     * @return the tool's {@code inputSchema}, as {@code tools/list} shows it; null when the server
     *         serves no tool of that name (the call is then left to the {@code tools/call} handler)
     */
    JsonObject inputSchema(String tool);

    /** @return schemas of no tool: what a server without tools has */
    static ToolSchemas none() {
        return tool -> null;
    }
}
