/**
 * Resources as tools, for hosts that only call tools: the settings of the opt-in feature that serves
 * {@code resources_list}, {@code resources_read} and {@code resources_search} over a server's
 * resources ({@code McpServer.Builder.resourcesAsTools}).
 *
 * @since 0.1
 */
package dev.jmcp.core.resourcetools;
