#!/usr/bin/env node
// An official TypeScript SDK client as a host that only calls tools, against `jmcp serve
// --resources-as-tools --http`: v2 (@modelcontextprotocol/client, the npm alias mcp-client-v2) or v1
// (@modelcontextprotocol/sdk, a host of the session era). Through tools/list and tools/call only, it
// lists a folder following the cursors the answers name, finds a file by search, reads a text file
// whole by following the offsets the answers name, and reads a small binary file (embedded) and a
// large one (a resource link). The expected bytes come from the files themselves.
//
//   node ts-resource-tools.mjs --sdk v1|v2 --url URL --folder-uri URI --text-uri URI --text-file PATH
//        --blob-uri URI --blob-file PATH --large-uri URI --large-size N
//
// Prints "PROTOCOL <revision>" as negotiated, "CHECK <name>" per check passed and "DONE <count>" at
// the end; exits 1 with the error on any failure, 2 on bad usage.
import fs from 'node:fs';
import { parseArgs } from 'node:util';

const names = ['sdk', 'url', 'folder-uri', 'text-uri', 'text-file', 'blob-uri', 'blob-file', 'large-uri', 'large-size'];
const { values } = parseArgs({ options: Object.fromEntries(names.map((n) => [n, { type: 'string' }])) });
if (names.some((n) => !values[n]) || !['v1', 'v2'].includes(values.sdk)) {
  console.error(`usage: node ts-resource-tools.mjs ${names.map((n) => `--${n} X`).join(' ')} (--sdk v1|v2)`);
  process.exit(2);
}
const { Client, StreamableHTTPClientTransport } = values.sdk === 'v2' ? await import('mcp-client-v2') : {
  Client: (await import('@modelcontextprotocol/sdk/client/index.js')).Client,
  StreamableHTTPClientTransport: (await import('@modelcontextprotocol/sdk/client/streamableHttp.js')).StreamableHTTPClientTransport,
};

let checks = 0;
function check(name, ok, detail) {
  if (!ok) {
    throw new Error(`check ${name} failed: ${detail}`);
  }
  checks++;
  console.log(`CHECK ${name}`);
}

const texts = (result) => result.content.filter((b) => b.type === 'text').map((b) => b.text).join('\n');
/** The call an answer names next, as a model would read it: "call TOOL with {json}." */
function nextCall(result) {
  const m = /call (resources_\w+) with (\{.*?\})\./.exec(texts(result));
  return m ? { name: m[1], arguments: JSON.parse(m[2]) } : null;
}
async function call(name, args) {
  const result = await client.callTool({ name, arguments: args });
  if (result.isError) {
    throw new Error(`${name} ${JSON.stringify(args)} answered an error: ${texts(result)}`);
  }
  return result;
}
/** Calls a tool, then every call its answers name; all the answers. */
async function followed(name, args) {
  const answers = [];
  for (let next = { name, arguments: args }; next && answers.length < 1000; next = nextCall(answers.at(-1))) {
    answers.push(await call(next.name, next.arguments));
  }
  return answers;
}

const client = new Client({ name: `ts-resource-tools-${values.sdk}`, version: '1' });
const transport = new StreamableHTTPClientTransport(new URL(values.url));
await client.connect(transport);
// the era the host speaks: v1 knows only the initialize handshake's revisions
console.log(`PROTOCOL ${client.getNegotiatedProtocolVersion?.() ?? transport.protocolVersion}`);
try {
  const tools = (await client.listTools()).tools.map((t) => t.name).sort();
  check('tools-listed', JSON.stringify(tools) === JSON.stringify(['resources_list', 'resources_read', 'resources_search']),
    JSON.stringify(tools));

  const listing = (await followed('resources_list', { uri: values['folder-uri'] })).map(texts).join('\n');
  const listed = [...listing.matchAll(/^- (\S+)/gm)].map((m) => m[1]);
  check('list', [values['text-uri'], values['blob-uri'], values['large-uri']].every((u) => listed.includes(u))
    && new Set(listed).size === listed.length, listing.slice(0, 2000));

  const found = texts(await call('resources_search', { query: values['text-uri'].split('/').at(-1) }));
  check('search', found.includes(values['text-uri']), found);

  const parts = await followed('resources_read', { uri: values['text-uri'] });
  const text = parts.map((r) => r.content[0].text).join('');
  check('read-text-continued', parts.length > 1 && text === fs.readFileSync(values['text-file'], 'utf8'),
    `${parts.length} parts, ${text.length} characters`);

  const blob = (await call('resources_read', { uri: values['blob-uri'] })).content[0];
  check('read-blob-embedded', blob.type === 'resource' && blob.resource.uri === values['blob-uri']
    && Buffer.from(blob.resource.blob, 'base64').equals(fs.readFileSync(values['blob-file'])), JSON.stringify(blob).slice(0, 300));

  const large = (await call('resources_read', { uri: values['large-uri'] })).content[0];
  check('read-blob-linked', large.type === 'resource_link' && large.uri === values['large-uri']
    && large.size === Number(values['large-size']), JSON.stringify(large));
  console.log(`DONE ${checks}`);
} catch (e) {
  console.error(`ts-resource-tools: ${e?.stack ?? e}`);
  process.exitCode = 1;
} finally {
  await client.close();
}
