/**
 * Service provider interfaces of the protocol core: what a transport module implements.
 *
 * @since 0.1
 */
package dev.jmcp.core.spi;
