#!/usr/bin/env node
// TS SDK client checks over Streamable HTTP: node ts-client-http.mjs --url URL --root DIR [options]
// Options and checks: see ts-client.mjs. The server must already be listening on URL.
process.argv.splice(2, 0, '--transport', 'http');
await import('./ts-client.mjs');
