/**
 * Records for every MCP protocol type of the revisions jmcp speaks (2024-11-05 to 2025-11-25 and
 * 2026-07-28, plus SEP-2093), and the streaming JSON codec that reads and writes them.
 *
 * <p>Packages: {@code dev.jmcp.schema.jsonrpc} (the JSON-RPC envelope and errors),
 * {@code dev.jmcp.schema.common} (types shared by features), {@code dev.jmcp.schema.lifecycle}
 * (initialize, capabilities, ping, cancellation, progress, logging, the 2026-07-28 stateless
 * additions), {@code dev.jmcp.schema.resources} (the resources feature) and
 * {@code dev.jmcp.schema.codec} (reading and writing messages).
 *
 * <p>Compatibility: the protocol types are records because the codec reads them through their
 * canonical constructors, and a later revision of the protocol adds fields to them. Programs build them
 * through their {@code of(...)} factories and builders (such as {@code Resource.builder()}), which keep
 * working when a component is added; a record's canonical constructor is the codec's and may gain
 * components in any release before 1.0.
 *
 * <p>The codec reads no system property. Its limits are the settings of
 * {@link dev.jmcp.schema.codec.CodecLimits}. The JSON-P provider (Eclipse Parsson, found through
 * {@code jakarta.json.spi.JsonProvider}) is resolved once, when the codec is first used.
 */
module dev.jmcp.schema {
    requires transitive jakarta.json;

    exports dev.jmcp.schema;
    exports dev.jmcp.schema.jsonrpc;
    exports dev.jmcp.schema.common;
    exports dev.jmcp.schema.lifecycle;
    exports dev.jmcp.schema.resources;
    exports dev.jmcp.schema.codec;
}
