// A throwaway SEP-2093-style file server on the low-level SDK Server, used ONLY to test ts-client.mjs
// itself (paging, metadata, folder listing, watch, errors, exit on stdin EOF). Not a jmcp fixture.
// Usage: node fake-fs-server.mjs DIR. BUG=onepage|noname|code|nonotify|hang makes it misbehave in one
// way, so the self-test can prove that the matching check catches it.
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { McpError } from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = fs.realpathSync(process.argv[2]);
const PAGE = 100;
const BUG = process.env.BUG ?? '';
const server = new Server({ name: 'fake-fs', version: '0' }, { capabilities: { resources: { subscribe: true } } });
const watchers = new Map();

function resource(p) {
  const st = fs.statSync(p);
  return { uri: pathToFileURL(p).href, name: path.basename(p), isCollection: st.isDirectory(),
    ...(st.isFile() ? { size: st.size } : {}) };
}

// Every method by hand (fallback handler), so unknown params such as resources/list's uri survive.
server.fallbackRequestHandler = async ({ method, params = {} }) => {
  switch (method) {
    case 'resources/list': {
      const dir = params.uri ? fileURLToPath(params.uri) : root;
      const all = fs.readdirSync(dir).sort().map((n) => resource(path.join(dir, n)));
      const start = Number(params.cursor ?? 0);
      const more = start + PAGE < all.length && BUG !== 'onepage';
      return { resources: all.slice(start, start + PAGE), ...(more ? { nextCursor: String(start + PAGE) } : {}) };
    }
    case 'resources/templates/list':
      return { resourceTemplates: [] };
    case 'resources/metadata':
      return { resource: resource(fileURLToPath(params.uri)) };
    case 'resources/read': {
      const file = fileURLToPath(params.uri);
      if (!fs.existsSync(file)) throw new McpError(BUG === 'code' ? -32002 : -32602, 'Resource not found', { uri: params.uri });
      const bytes = fs.readFileSync(file);
      const r = resource(file);
      if (BUG === 'noname') delete r.name;
      return { contents: [file.endsWith('.bin')
        ? { ...r, blob: bytes.toString('base64') }
        : { ...r, mimeType: 'text/plain', text: bytes.toString() }] };
    }
    case 'resources/subscribe':
      if (BUG !== 'nonotify') {
        watchers.set(params.uri, fs.watch(fileURLToPath(params.uri), () =>
          server.notification({ method: 'notifications/resources/updated', params: { uri: params.uri } })));
      }
      return {};
    case 'resources/unsubscribe':
      watchers.get(params.uri)?.close();
      watchers.delete(params.uri);
      return {};
  }
  throw new McpError(-32601, `Method not found: ${method}`);
};

if (BUG === 'hang') setInterval(() => {}, 1000); // ignores stdin EOF
else process.stdin.on('end', () => process.exit(0));
await server.connect(new StdioServerTransport());
