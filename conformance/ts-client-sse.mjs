#!/usr/bin/env node
// TS SDK client checks over the HTTP+SSE transport of 2024-11-05 (SSEClientTransport):
// node ts-client-sse.mjs --url http://HOST:PORT/sse --root DIR [options]
// Options and checks: see ts-client.mjs. The server must already be listening on URL.
process.argv.splice(2, 0, '--transport', 'sse');
await import('./ts-client.mjs');
