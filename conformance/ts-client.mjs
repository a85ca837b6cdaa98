#!/usr/bin/env node
// Interop checks with the OFFICIAL TypeScript SDK client against an MCP server that exposes
// the files of --root (jmcp's file resources), or against server-everything (--profile everything).
// Prints one line per check; exits 1 at the first failure (saying what was expected and what came),
// 2 on bad usage. Run through ts-client-stdio.mjs, ts-client-http.mjs or ts-client-sse.mjs, or directly:
//   node ts-client.mjs --root DIR [--text F] [--binary F] [--folder SUB] [--watch F]
//        [--expect-pages-min N] [--profile jmcp|everything] [--transport stdio|http|sse] [--url URL] [-- CMD ARGS...]
// Transports: stdio (the server command after --), http (Streamable HTTP at --url), sse (the HTTP+SSE
// transport of 2024-11-05, the SDK's SSEClientTransport: --url is the SSE endpoint, such as .../sse).
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { McpError, ReadResourceResultSchema, ResourceUpdatedNotificationSchema, ResultSchema }
  from '@modelcontextprotocol/sdk/types.js';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

const USAGE = 'usage: ts-client.mjs --root DIR [--text F] [--binary F] [--folder SUB] [--watch F] '
  + '[--expect-pages-min N] [--profile jmcp|everything] [--transport stdio|http|sse] [--url URL] '
  + '[--timeout-ms MS] [--close-wait-ms MS] [-- CMD ARGS...]';
let opts, command;
try {
  const { values, positionals } = parseArgs({ allowPositionals: true, options: {
    root: { type: 'string' }, text: { type: 'string' }, binary: { type: 'string' },
    folder: { type: 'string' }, watch: { type: 'string' }, 'expect-pages-min': { type: 'string', default: '1' },
    profile: { type: 'string', default: 'jmcp' }, transport: { type: 'string', default: 'stdio' },
    url: { type: 'string' }, 'timeout-ms': { type: 'string', default: '10000' },
    'close-wait-ms': { type: 'string', default: '30000' } } });
  opts = values; command = positionals;
} catch (e) { usage(e.message); }
function usage(msg) { console.error(`ts-client: ${msg}\n${USAGE}`); process.exit(2); }

const everything = opts.profile === 'everything';
if (!['jmcp', 'everything'].includes(opts.profile)) usage(`unknown --profile ${opts.profile}`);
if (opts.transport === 'stdio' && command.length === 0) usage('stdio needs a server command after --');
if (opts.transport !== 'stdio' && !opts.url) usage(`--transport ${opts.transport} needs --url`);
if (!['stdio', 'http', 'sse'].includes(opts.transport)) usage(`unknown --transport ${opts.transport}`);
// server-everything serves the files of its own dist/docs folder as demo://resource/static/document/<name>.
const everythingDocs = fileURLToPath(new URL('node_modules/@modelcontextprotocol/server-everything/dist/docs/', import.meta.url));
const root = fs.realpathSync(opts.root ?? (everything ? everythingDocs : usage('--root is required')));
const uriOf = everything
  ? (rel) => `demo://resource/static/document/${encodeURIComponent(rel)}`
  : (rel) => pathToFileURL(path.join(root, rel)).href;
const timeout = Number(opts['timeout-ms']);
// how long close may take before it counts as a hang; only a hang fails, never slowness
const closeWait = Number(opts['close-wait-ms']);

let passed = 0;
const ok = (name, detail) => { passed++; console.log(`ok   ${name}: ${detail}`); };
class CheckFailure extends Error {}
const fail = (name, expected, got) => {
  throw new CheckFailure(`FAIL ${name}: expected ${expected}, got ${show(got)}`);
};
const show = (v) => { const s = typeof v === 'string' ? JSON.stringify(v) : JSON.stringify(v) ?? String(v);
  return s.length > 300 ? `${s.slice(0, 300)}... (${s.length} chars)` : s; };
const raw = (method, params) => client.request({ method, params }, ResultSchema, { timeout });
const setOf = (xs) => [...new Set(xs)].sort();
function sameSet(name, expected, got, what) {
  const missing = expected.filter((u) => !got.includes(u)), extra = got.filter((u) => !expected.includes(u));
  if (missing.length || extra.length || got.length !== new Set(got).size) {
    fail(name, `${expected.length} ${what} equal to the entries of the folder`,
      { count: got.length, duplicates: got.length - new Set(got).size, missing: missing.slice(0, 5), unexpected: extra.slice(0, 5) });
  }
}
async function listAll(name, params) { // follows nextCursor; returns [uris, pages]
  const uris = []; let cursor, pages = 0;
  do {
    const p = { ...params, ...(cursor !== undefined ? { cursor } : {}) }; // "" is a legal cursor
    const r = params ? await raw('resources/list', p) : await client.listResources(p, { timeout });
    if (!Array.isArray(r.resources)) fail(name, 'result.resources to be an array', r);
    uris.push(...r.resources.map((x) => x.uri)); pages++;
    if (r.nextCursor === cursor && cursor !== undefined) fail(name, 'a new nextCursor on each page', r.nextCursor);
    cursor = r.nextCursor ?? undefined;
    if (pages > 10000) fail(name, 'the listing to end within 10000 pages', `${uris.length} URIs so far`);
  } while (cursor !== undefined);
  return [uris, pages];
}

const stderrTail = [];
const client = new Client({ name: 'jmcp-conformance-ts-client', version: '1.0.0' });
let transport, legacyEndpoint;
if (opts.transport === 'stdio') {
  transport = new StdioClientTransport({ command: command[0], args: command.slice(1), env: process.env, stderr: 'pipe' });
  transport.stderr.on('data', (b) => { stderrTail.push(b); while (stderrTail.length > 200) stderrTail.shift(); });
} else if (opts.transport === 'http') {
  transport = new StreamableHTTPClientTransport(new URL(opts.url));
} else {
  // The session's POST endpoint is told in the stream's first event and kept private by the SDK: the
  // public fetch option sees every POST, so the close check learns the endpoint from there.
  transport = new SSEClientTransport(new URL(opts.url), {
    fetch: (url, init) => { if (init?.method === 'POST') legacyEndpoint = String(url); return fetch(url, init); } });
}

try {
  try { await client.connect(transport, { timeout }); } catch (e) {
    fail('initialize', `a successful initialize over ${opts.transport} (${opts.url ?? command.join(' ')})`, String(e?.cause ?? e));
  }
  const caps = client.getServerCapabilities();
  if (!caps?.resources) fail('initialize', 'server capabilities to include resources', caps);
  const info = client.getServerVersion();
  ok('initialize', `${info?.name} ${info?.version}, capabilities.resources=${show(caps.resources)}`);

  // resources/list, all pages, against the folder's top-level entries
  const expected = setOf(fs.readdirSync(root).filter((n) => !everything || fs.statSync(path.join(root, n)).isFile()).map(uriOf));
  const [listed, pages] = await listAll('resources/list');
  sameSet('resources/list', expected, listed, 'URIs');
  const minPages = Number(opts['expect-pages-min']);
  if (pages < minPages) fail('resources/list', `at least ${minPages} pages`, `${pages} page(s)`);
  ok('resources/list', `${listed.length} resources in ${pages} page(s)`);

  // resources/read of a text file (raw, so SEP-2093 fields survive the SDK's schema, then SDK-validated)
  const textRel = opts.text ?? (everything ? 'features.md' : undefined);
  if (textRel) {
    const uri = uriOf(textRel), want = fs.readFileSync(path.join(root, textRel), 'utf8');
    const r = await raw('resources/read', { uri });
    const parsed = ReadResourceResultSchema.safeParse(r);
    if (!parsed.success) fail('read text', 'a result valid under the SDK ReadResourceResultSchema', parsed.error.message);
    const c = r.contents?.[0];
    if (c?.uri !== uri) fail('read text', `contents[0].uri ${show(uri)}`, c?.uri);
    if (c.text !== want) fail('read text', `text equal to ${textRel} (${want.length} chars)`, c.text);
    if (!everything) {
      if (r.contents.some((x) => x.uri !== uri)) fail('read text', `every element's uri ${show(uri)} (non-collection)`, r.contents.map((x) => x.uri));
      if (typeof c.name !== 'string' || !c.name) fail('read text', 'contents[0].name (SEP-2093)', c.name);
      if (c.isCollection !== false) fail('read text', 'contents[0].isCollection false (SEP-2093)', c.isCollection);
    }
    ok('read text', `${uri}: ${Buffer.byteLength(want)} bytes${everything ? '' : `, name ${show(c.name)}, isCollection false`}`);
  }

  // resources/read of a binary file: blob bytes must equal the file bytes
  if (opts.binary || everything) {
    const uri = everything ? 'demo://resource/dynamic/blob/1' : uriOf(opts.binary);
    const r = await client.readResource({ uri }, { timeout });
    const c = r.contents[0];
    if (typeof c?.blob !== 'string') fail('read binary', 'contents[0].blob', c);
    const got = Buffer.from(c.blob, 'base64');
    if (everything) {
      if (!got.toString().startsWith('Resource 1: This is a base64 blob')) fail('read binary', 'decoded "Resource 1: This is a base64 blob..."', got.toString());
    } else {
      const want = fs.readFileSync(path.join(root, opts.binary));
      if (!got.equals(want)) fail('read binary', `${want.length} bytes equal to ${opts.binary}`, `${got.length} bytes, differing`);
    }
    ok('read binary', `${uri}: ${got.length} bytes`);
  }

  // server-everything serves a template; jmcp's file resources have none (FileSystemResourceProvider keeps the
  // ResourceProvider default), so there the one right answer is an empty array, and anything else fails.
  const templates = (await raw('resources/templates/list', {})).resourceTemplates;
  if (!Array.isArray(templates)) fail('resources/templates/list', 'result.resourceTemplates to be an array', templates);
  if (everything && !templates.some((t) => t.uriTemplate === 'demo://resource/dynamic/text/{resourceId}')) {
    fail('resources/templates/list', 'demo://resource/dynamic/text/{resourceId}', templates.map((t) => t.uriTemplate));
  }
  if (!everything && templates.length !== 0) fail('resources/templates/list', 'no templates from file resources', templates);
  ok('resources/templates/list', `${templates.length} template(s) ${show(templates.map((t) => t.uriTemplate))}`);

  if (!everything && opts.text) { // resources/metadata (SEP-2093), not in the SDK: raw request
    const uri = uriOf(opts.text), size = fs.statSync(path.join(root, opts.text)).size;
    const m = (await raw('resources/metadata', { uri })).resource;
    if (m?.uri !== uri || typeof m.name !== 'string' || m.isCollection !== false || m.size !== size) {
      fail('resources/metadata', `{resource: {uri: ${show(uri)}, name, isCollection: false, size: ${size}}}`, m);
    }
    ok('resources/metadata', `${uri}: name ${show(m.name)}, size ${m.size}`);
  }

  if (!everything && opts.folder) { // resources/list with params.uri lists a collection's children
    const want = setOf(fs.readdirSync(path.join(root, opts.folder)).map((n) => uriOf(path.join(opts.folder, n))));
    const [children, pages] = await listAll('list folder', { uri: uriOf(opts.folder) });
    sameSet('list folder', want, children, 'children');
    ok('list folder', `${uriOf(opts.folder)}: ${children.length} children in ${pages} page(s)`);
  }

  // subscribe, cause a change, wait for notifications/resources/updated for that URI
  const watchRel = opts.watch ?? (everything ? 'features.md' : undefined);
  if (watchRel) {
    const uri = uriOf(watchRel);
    const updated = new Promise((resolve) => client.setNotificationHandler(ResourceUpdatedNotificationSchema,
      (n) => { if (n.params.uri === uri) resolve(); }));
    await client.subscribeResource({ uri }, { timeout });
    const t0 = Date.now();
    if (everything) await client.callTool({ name: 'toggle-subscriber-updates', arguments: {} }, undefined, { timeout });
    else fs.appendFileSync(path.join(root, watchRel), `\nchanged by ts-client at ${new Date().toISOString()}\n`);
    let timer;
    const late = new Promise((resolve) => { timer = setTimeout(() => resolve('late'), 10000); });
    if (await Promise.race([updated, late]) === 'late') fail('subscribe', `notifications/resources/updated for ${uri} within 10 s`, 'none');
    clearTimeout(timer);
    if (everything) await client.callTool({ name: 'toggle-subscriber-updates', arguments: {} }, undefined, { timeout });
    await client.unsubscribeResource({ uri }, { timeout });
    ok('subscribe', `${uri}: updated after ${Date.now() - t0} ms`);
  }

  // unknown URI: SEP-2093 says -32602 with data.uri
  const missing = uriOf(`does-not-exist-${process.pid}.txt`);
  try {
    const r = await client.readResource({ uri: missing }, { timeout });
    fail('read unknown', `an error -32602 for ${missing}`, r);
  } catch (e) {
    if (e instanceof CheckFailure) throw e;
    if (!(e instanceof McpError) || e.code !== -32602) fail('read unknown', 'McpError code -32602', `${e?.constructor?.name} code ${e?.code}: ${e?.message}`);
    if (e.data?.uri !== undefined && e.data.uri !== missing) fail('read unknown', `error data.uri ${show(missing)}`, e.data.uri);
    ok('read unknown', `-32602 ${show(e.message)}${e.data?.uri ? ', data.uri matches' : ''}`);
  }

  if (opts.transport === 'stdio') {
    // Closing stdin must make the server exit by itself, with status 0 and no signal. We end stdin ourselves
    // instead of calling client.close(), whose SIGTERM after 2 s would make the result depend on timing.
    // transport._process is private to the SDK (pinned in package.json; start() sets it).
    const child = transport._process;
    if (!child) fail('close', 'the server process to be running before stdin closes', 'it had already ended');
    const exited = new Promise((resolve) => child.once('close', (code, signal) => resolve({ code, signal })));
    child.stdin.end();
    let timer;
    const hung = new Promise((resolve) => { timer = setTimeout(() => resolve(null), closeWait); });
    const exit = await Promise.race([exited, hung]);
    clearTimeout(timer);
    if (exit === null) { child.kill('SIGKILL'); fail('close', 'the server to exit after stdin closed', `still running after ${closeWait} ms`); }
    if (exit.code !== 0 || exit.signal !== null) fail('close', 'exit status 0 and no signal once stdin closed', exit);
    await client.close();
    ok('close', `server process ${child.pid} exited with status 0 after stdin closed`);
  } else if (opts.transport === 'sse') {
    // HTTP+SSE: the stream is the session. Once the client closes it, the session's endpoint must be
    // unknown (404). The server learns of the close when the connection ends, so ask until it has;
    await client.close();
    const ping = JSON.stringify({ jsonrpc: '2.0', id: 'after-close', method: 'ping' });
    const deadline = Date.now() + closeWait;
    let status;
    do {
      if (status !== undefined) await new Promise((resolve) => setTimeout(resolve, 50));
      const after = await fetch(legacyEndpoint, { method: 'POST', body: ping, headers: { 'content-type': 'application/json' } });
      await after.body?.cancel();
      status = after.status;
    } while (status === 202 && Date.now() < deadline);
    if (status !== 404) fail('close', `the session's endpoint to answer 404 once the SSE stream closed (${legacyEndpoint})`, status);
    ok('close', 'the SSE stream closed; the session\'s endpoint then answered 404');
  } else {
    // The SDK's terminateSession() also accepts 405 (a server without DELETE); jmcp ends sessions on DELETE,
    // so send it ourselves, require 2xx, and then require the ended session to be unknown (404).
    const session = { 'mcp-session-id': transport.sessionId, 'mcp-protocol-version': transport.protocolVersion };
    const deleted = await fetch(opts.url, { method: 'DELETE', headers: session });
    await deleted.body?.cancel();
    if (!deleted.ok) fail('close', 'a 2xx answer to DELETE of the session', `${deleted.status} ${deleted.statusText}`);
    const after = await fetch(opts.url, { method: 'POST', body: JSON.stringify({ jsonrpc: '2.0', id: 'after-delete', method: 'ping' }),
      headers: { ...session, 'content-type': 'application/json', accept: 'application/json, text/event-stream' } });
    await after.body?.cancel();
    // The pinned server-everything answers every session it does not know 400 "No valid session ID provided"
    // (dist/transports/streamableHttp.js) where the spec asks for 404; jmcp must answer 404.
    const ended = everything ? 400 : 404;
    if (after.status !== ended) fail('close', `the deleted session to answer ${ended}`, `${after.status} ${after.statusText}`);
    await client.close();
    ok('close', `DELETE answered ${deleted.status}; the session then answered ${ended}`);
  }
  console.log(`ts-client: all ${passed} checks passed`);
  process.exit(0);
} catch (e) {
  console.log(e instanceof CheckFailure ? e.message : `FAIL unexpected error after ${passed} passing checks: ${e?.stack ?? e}`);
  if (stderrTail.length) console.log(`--- server stderr (tail) ---\n${Buffer.concat(stderrTail).toString().slice(-4000)}`);
  await client.close().catch(() => {});
  process.exit(1);
}
