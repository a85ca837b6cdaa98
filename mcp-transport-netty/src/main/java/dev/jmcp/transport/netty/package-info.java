/**
 * The Streamable HTTP transport.
 */
package dev.jmcp.transport.netty;
