/**
 * The stdio transport: one JSON-RPC message per line, UTF-8.
 */
package dev.jmcp.transport.stdio;
