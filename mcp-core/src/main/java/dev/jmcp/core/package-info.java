/**
 * The public API of the MCP protocol engine.
 */
package dev.jmcp.core;
