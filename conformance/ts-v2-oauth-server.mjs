#!/usr/bin/env node
// An official TypeScript SDK v2 server (@modelcontextprotocol/server 2.4.0, the npm alias mcp-server-v2)
// protected by the SDK's own auth middleware, for jmcp's OAuth client to work against: RFC 9728
// metadata (oauthMetadataResponse), the 401 / 403 Bearer challenges (requireBearerAuth, with the token's
// audience compared to this server's URL), and tokens checked by RFC 7662 introspection at the
// authorization server, since the SDK leaves verification to its user and introspection needs no JOSE
// library.
//
//   node ts-v2-oauth-server.mjs --issuer URL --introspection-client ID --introspection-secret SECRET
//        [--scope SCOPE] [--step-up-scope SCOPE] [--port PORT]
//
// Serves one text resource, note://ts-v2/protected ("protected by the TypeScript SDK v2"), and with
// --step-up-scope a second, note://ts-v2/step-up ("only with the step-up scope"), whose reading the SDK
// answers with 403 insufficient_scope (its requireScopes challenge) until the token also has that scope;
// through
// createMcpHandler on node:http (@hono/node-server's getRequestListener, as bench-server.mjs does).
// Prints http://127.0.0.1:PORT/mcp once it listens, then one line per request: "AUTH <status> <method>
// <path>" for what the middleware refused and "MCP <path> client=<id> scopes=<scopes>" for what it let
// through, so that a test sees the protection at work.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import {
  McpServer, createMcpHandler, requireBearerAuth, requireScopes, oauthMetadataResponse,
  getOAuthProtectedResourceMetadataUrl, OAuthError, OAuthErrorCode,
} from 'mcp-server-v2';
import { getRequestListener } from '@hono/node-server';

const { values } = parseArgs({ options: {
  issuer: { type: 'string' }, 'introspection-client': { type: 'string' },
  'introspection-secret': { type: 'string' }, scope: { type: 'string', default: 'resources:read' },
  'step-up-scope': { type: 'string' },
  port: { type: 'string', default: '0' } } });
if (!values.issuer || !values['introspection-client'] || !values['introspection-secret']) {
  console.error('usage: node ts-v2-oauth-server.mjs --issuer URL --introspection-client ID '
    + '--introspection-secret SECRET [--scope SCOPE] [--port PORT]');
  process.exit(2);
}
const discovery = await fetch(`${values.issuer}/.well-known/openid-configuration`);
if (!discovery.ok) {
  console.error(`ts-v2-oauth-server: ${values.issuer} metadata answered ${discovery.status}`);
  process.exit(1);
}
const asMetadata = await discovery.json();
const basic = 'Basic ' + Buffer.from(
  `${encodeURIComponent(values['introspection-client'])}:${encodeURIComponent(values['introspection-secret'])}`)
  .toString('base64');

let url; // known once the server listens

/** RFC 7662: the authorization server says whether the token is active, and what it carries. */
const verifier = {
  async verifyAccessToken(token) {
    const answer = await fetch(asMetadata.introspection_endpoint, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basic },
      body: new URLSearchParams({ token, token_type_hint: 'access_token' }),
    });
    if (!answer.ok) throw new Error(`introspection answered ${answer.status}`);
    const info = await answer.json();
    if (!info.active) throw new OAuthError(OAuthErrorCode.InvalidToken, 'the token is not active');
    const audiences = Array.isArray(info.aud) ? info.aud : info.aud ? [info.aud] : [];
    const resource = audiences.includes(url) ? url : audiences[0];
    return {
      token,
      clientId: info.client_id ?? info.azp ?? '',
      scopes: (info.scope ?? '').split(' ').filter(Boolean),
      expiresAt: info.exp,
      resource: resource ? new URL(resource) : undefined,
    };
  },
};

const handler = createMcpHandler(() => {
  const server = new McpServer({ name: 'ts-v2-oauth-server', version: '1' });
  server.registerResource('protected', 'note://ts-v2/protected', { mimeType: 'text/plain' }, async () => ({
    contents: [{ uri: 'note://ts-v2/protected', mimeType: 'text/plain', text: 'protected by the TypeScript SDK v2' }],
  }));
  if (values['step-up-scope']) {
    server.registerResource('step-up', 'note://ts-v2/step-up', {
      mimeType: 'text/plain', scopeChallenge: requireScopes(values.scope, values['step-up-scope']),
    }, async () => ({
      contents: [{ uri: 'note://ts-v2/step-up', mimeType: 'text/plain', text: 'only with the step-up scope' }],
    }));
  }
  return server;
});

let gate;
let metadataOptions;
const listener = getRequestListener(async (request) => {
  const path = new URL(request.url).pathname;
  const metadata = oauthMetadataResponse(request, metadataOptions);
  if (metadata) return metadata;
  const auth = await gate(request);
  if (auth instanceof Response) {
    console.log(`AUTH ${auth.status} ${request.method} ${path}`);
    return auth;
  }
  console.log(`MCP ${path} client=${auth.clientId} scopes=${auth.scopes.join(',')}`);
  return handler.fetch(request, { authInfo: auth });
});

const http = createServer(listener);
http.listen(Number(values.port), '127.0.0.1', () => {
  url = `http://127.0.0.1:${http.address().port}/mcp`;
  metadataOptions = {
    oauthMetadata: asMetadata,
    resourceServerUrl: new URL(url),
    scopesSupported: [values.scope, ...(values['step-up-scope'] ? [values['step-up-scope']] : [])],
    resourceName: 'ts-v2-oauth-server',
    dangerouslyAllowInsecureIssuerUrl: true, // the authorization server of the tests is on http://127.0.0.1
  };
  gate = requireBearerAuth({
    verifier,
    requiredScopes: [values.scope],
    resourceMetadataUrl: getOAuthProtectedResourceMetadataUrl(new URL(url)),
    expectedResource: new URL(url),
  });
  console.log(url);
});
