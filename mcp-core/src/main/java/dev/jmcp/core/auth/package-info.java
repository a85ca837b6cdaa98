/**
 * A jmcp server as an OAuth 2.1 resource server (the {@code basic/authorization} page of MCP
 * 2025-11-25 and 2026-07-28): {@link dev.jmcp.core.auth.ResourceProtection} (what a server over
 * HTTP asks of a request: the canonical resource URI, the authorization servers, the scopes), the
 * {@link dev.jmcp.core.auth.TokenVerifier} SPI that turns a bearer token into a
 * {@link dev.jmcp.core.spi.Principal}, and the {@link dev.jmcp.core.auth.AuthorizationDecision}
 * SPI that says which resources a caller may see. The HTTP transport enforces the protection (RFC
 * 9728 metadata, {@code WWW-Authenticate} challenges); the resources engine applies the decision to
 * every resources method. Verifiers of JWT access tokens and of introspection are in the
 * {@code dev.jmcp.auth} module, which keeps the JOSE library out of this one.
 *
 * @since 0.1
 */
package dev.jmcp.core.auth;
