#!/usr/bin/env node
// TS SDK client checks over stdio: node ts-client-stdio.mjs --root DIR [options] -- CMD ARGS...
// Options and checks: see ts-client.mjs.
process.argv.splice(2, 0, '--transport', 'stdio');
await import('./ts-client.mjs');
