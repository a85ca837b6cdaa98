#!/usr/bin/env node
// An official TypeScript SDK server for bench/http-load: one text file as one resource, over
// Streamable HTTP on node:http, every SDK setting at its default.
//
//   node bench-server.mjs --sdk v1|v2 --file PATH [--port PORT]
//
//   v1: @modelcontextprotocol/sdk 1.32.2, 2025-11-25 sessions: an McpServer and a
//       StreamableHTTPServerTransport per session, found by its Mcp-Session-Id (the SDK's own example)
//   v2: @modelcontextprotocol/server 2.4.0 (the npm alias mcp-server-v2), 2026-07-28 stateless:
//       createMcpHandler, which builds a server per request, on node:http through
//       @hono/node-server's getRequestListener (what the v1 SDK's node transport also uses;
//       @modelcontextprotocol/node's toNodeHandler is not installed: see package.json's commit)
//
// The file is named by its real path's file: URI (the URI `jmcp serve --root` gives it) and read
// at every request, as a server of files must. The server prints http://127.0.0.1:PORT/mcp once
// it listens (PORT 0, the default: any free port).
import { randomUUID } from 'node:crypto';
import { readFile, realpath } from 'node:fs/promises';
import { createServer } from 'node:http';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { sdk: { type: 'string' }, file: { type: 'string' }, port: { type: 'string', default: '0' } },
});
if (!['v1', 'v2'].includes(values.sdk) || !values.file) {
  console.error('usage: node bench-server.mjs --sdk v1|v2 --file PATH [--port PORT]');
  process.exit(2);
}
const path = await realpath(values.file);
const uri = pathToFileURL(path).href;

/** Registers the file on an McpServer of either SDK (their registerResource has one shape). */
function addFile(server) {
  server.registerResource('file', uri, { mimeType: 'text/plain' }, async () => ({
    contents: [{ uri, mimeType: 'text/plain', text: await readFile(path, 'utf8') }],
  }));
  return server;
}

async function v1Listener() {
  const { McpServer } = await import('@modelcontextprotocol/sdk/server/mcp.js');
  const { StreamableHTTPServerTransport } = await import('@modelcontextprotocol/sdk/server/streamableHttp.js');
  const { isInitializeRequest } = await import('@modelcontextprotocol/sdk/types.js');
  const sessions = new Map();
  return async (req, res) => {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
    let transport = sessions.get(req.headers['mcp-session-id']);
    if (!transport && req.method === 'POST' && isInitializeRequest(body)) {
      transport = new StreamableHTTPServerTransport({
        sessionIdGenerator: () => randomUUID(),
        onsessioninitialized: (id) => sessions.set(id, transport),
      });
      transport.onclose = () => sessions.delete(transport.sessionId);
      await addFile(new McpServer({ name: 'ts-v1-bench', version: '1' })).connect(transport);
    }
    if (!transport) {
      res.writeHead(400, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message: 'no such session' }, id: null }));
      return;
    }
    await transport.handleRequest(req, res, body);
  };
}

async function v2Listener() {
  const { McpServer, createMcpHandler } = await import('mcp-server-v2');
  const { getRequestListener } = await import('@hono/node-server');
  const handler = createMcpHandler(() => addFile(new McpServer({ name: 'ts-v2-bench', version: '1' })));
  return getRequestListener(handler.fetch);
}

const listener = values.sdk === 'v1' ? await v1Listener() : await v2Listener();
const server = createServer(listener);
server.listen(Number(values.port), '127.0.0.1', () => {
  console.log(`http://127.0.0.1:${server.address().port}/mcp`);
});
