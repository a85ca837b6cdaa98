#!/usr/bin/env node
// The official TypeScript SDK v2 client (@modelcontextprotocol/client 2.4.0, the npm alias mcp-client-v2)
// with its OAuth support, against a protected MCP server: it is refused, discovers the authorization
// server (RFC 9728, RFC 8414), gets a token and then lists and reads every resource.
//
//   node ts-v2-oauth-client.mjs --url URL --client-id ID [--client-secret SECRET] [--scope SCOPE]
//        [--expected-issuer ISSUER]
//
// With a secret: the client credentials grant (the SDK's ClientCredentialsProvider). Without: the
// authorization code flow with PKCE for a pre-registered public client, the redirect received on
// http://127.0.0.1:PORT/callback (RFC 8252); the authorization URL is printed as "AUTHORIZE <url>" for
// the user (a test's scripted login) to open. Prints "READ <uri> <text>" per resource read and
// "DONE <count>" at the end; exits 1 with the error on any failure, 2 on bad usage.
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';
import {
  Client, StreamableHTTPClientTransport, ClientCredentialsProvider, UnauthorizedError,
} from 'mcp-client-v2';

const { values } = parseArgs({ options: {
  url: { type: 'string' }, 'client-id': { type: 'string' }, 'client-secret': { type: 'string' },
  scope: { type: 'string' }, 'expected-issuer': { type: 'string' }, 'timeout-ms': { type: 'string', default: '60000' } } });
if (!values.url || !values['client-id']) {
  console.error('usage: node ts-v2-oauth-client.mjs --url URL --client-id ID [--client-secret SECRET] [--scope SCOPE]');
  process.exit(2);
}
const timeout = Number(values['timeout-ms']);
const serverUrl = new URL(values.url);

/** A pre-registered public client whose redirect lands on a one-shot loopback receiver. */
async function codeFlowProvider() {
  let resolveCallback;
  const callback = new Promise((resolve) => { resolveCallback = resolve; });
  const receiver = createServer((req, res) => {
    const params = new URL(req.url, 'http://127.0.0.1').searchParams;
    res.writeHead(200, { 'content-type': 'text/plain' }).end('signed in; you may close this window\n');
    resolveCallback(params);
  });
  await new Promise((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const redirectUrl = `http://127.0.0.1:${receiver.address().port}/callback`;
  let tokens;
  let verifier;
  const provider = {
    get redirectUrl() { return redirectUrl; },
    get clientMetadata() {
      return {
        client_name: 'ts-v2-oauth-client', redirect_uris: [redirectUrl], token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'],
        ...(values.scope ? { scope: values.scope } : {}),
      };
    },
    clientInformation: () => ({ client_id: values['client-id'] }),
    tokens: () => tokens,
    saveTokens: (t) => { tokens = t; },
    redirectToAuthorization: (url) => { console.log(`AUTHORIZE ${url}`); },
    saveCodeVerifier: (v) => { verifier = v; },
    codeVerifier: () => verifier,
  };
  return { provider, callback, close: () => receiver.close() };
}

async function connect(provider) {
  const client = new Client({ name: 'ts-v2-oauth-client', version: '1' });
  const transport = new StreamableHTTPClientTransport(serverUrl, { authProvider: provider });
  await client.connect(transport);
  return { client, transport };
}

async function main() {
  let session;
  let close = () => {};
  if (values['client-secret']) {
    const provider = new ClientCredentialsProvider({
      clientId: values['client-id'], clientSecret: values['client-secret'], scope: values.scope,
      // the SDK sends the secret only to this authorization server when it is named
      ...(values['expected-issuer'] ? { expectedIssuer: values['expected-issuer'] } : {}) });
    session = await connect(provider);
  } else {
    const flow = await codeFlowProvider();
    close = flow.close;
    const client = new Client({ name: 'ts-v2-oauth-client', version: '1' });
    const transport = new StreamableHTTPClientTransport(serverUrl, { authProvider: flow.provider });
    try {
      await client.connect(transport);
      throw new Error('the server let the client in without a token');
    } catch (e) {
      if (!(e instanceof UnauthorizedError)) throw e;
    }
    const params = await flow.callback;
    if (!params.get('code')) throw new Error(`the redirect carried no code: ${params}`);
    await transport.finishAuth(params); // checks iss (RFC 9207) and exchanges the code with the verifier
    session = await connect(flow.provider);
  }
  const { resources } = await session.client.listResources(undefined, { timeout });
  for (const resource of resources) {
    const { contents } = await session.client.readResource({ uri: resource.uri }, { timeout });
    for (const content of contents) {
      console.log(`READ ${content.uri} ${content.text ?? `(${(content.blob ?? '').length} base64 chars)`}`);
    }
  }
  console.log(`DONE ${resources.length}`);
  await session.client.close();
  close();
}

main().then(() => process.exit(0), (e) => {
  console.error(`ts-v2-oauth-client: ${e?.stack ?? e}`);
  process.exit(1);
});
