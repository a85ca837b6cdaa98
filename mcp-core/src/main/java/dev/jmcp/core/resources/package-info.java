/**
 * The resources feature's API: {@link dev.jmcp.core.resources.ResourceSettings} (the server's
 * named limits), {@link dev.jmcp.core.resources.ClientResources} (a client's view of a server's
 * resources, with {@link dev.jmcp.core.resources.Subscription} and
 * {@link dev.jmcp.core.resources.ResourceNotFoundException}), and
 * {@link dev.jmcp.core.resources.UriTemplate} (RFC 6570 templates that route reads).
 *
 * @since 0.1
 */
package dev.jmcp.core.resources;
