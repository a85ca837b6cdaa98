/**
 * jmcp's client as an OAuth 2.1 client of the MCP authorization spec: {@link dev.jmcp.auth.client.OAuthClient}
 * is an {@link dev.jmcp.core.spi.HttpAuthorizer} for {@link dev.jmcp.core.ClientOptions.Builder#authorizer};
 * {@link dev.jmcp.auth.client.AuthorizationPrompt} is the user's step
 * ({@link dev.jmcp.auth.client.LoopbackPrompt} receives it on a loopback port);
 * {@link dev.jmcp.auth.client.TokenStore} keeps tokens.
 *
 * @since 0.1
 */
package dev.jmcp.auth.client;
