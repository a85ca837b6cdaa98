/**
 * OAuth 2.1 for MCP over HTTP, with Nimbus JOSE+JWT for the cryptography.
 *
 * <ul>
 *   <li>{@link dev.jmcp.auth.server}: a jmcp server as an OAuth resource server: access tokens
 *       verified as JWTs (RFC 9068) with keys from the authorization server's JWK set, or by
 *       introspection (RFC 7662).</li>
 *   <li>{@link dev.jmcp.auth.client}: jmcp's client as an OAuth client: discovery, the
 *       authorization code flow with PKCE, client registration, refresh, step-up and the client
 *       credentials grant.</li>
 * </ul>
 */
module dev.jmcp.auth {
    requires transitive dev.jmcp.core;
    requires com.nimbusds.jose.jwt;
    requires java.net.http;

    exports dev.jmcp.auth.client;
    exports dev.jmcp.auth.server;
}
