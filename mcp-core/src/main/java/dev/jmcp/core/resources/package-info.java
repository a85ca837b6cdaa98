/**
 * The resources feature's API: {@link dev.jmcp.core.resources.ResourceSettings} (the server's
 * named limits), {@link dev.jmcp.core.resources.ClientResources} (a client's view of a server's
 * resources, with {@link dev.jmcp.core.resources.Subscription} and
 * {@link dev.jmcp.core.resources.ResourceNotFoundException}). The RFC 6570 templates that route
 * reads to providers are implementation, not API: a provider gives its templates as strings
 * ({@code ResourceTemplate.uriTemplate()}).
 *
 * @since 0.1
 */
package dev.jmcp.core.resources;
