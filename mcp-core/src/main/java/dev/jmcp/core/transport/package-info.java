/**
 * Transports that ship with the core: {@link dev.jmcp.core.transport.InMemoryTransport}, a
 * connection within one JVM.
 *
 * @since 0.1
 */
package dev.jmcp.core.transport;
