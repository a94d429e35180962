#!/usr/bin/env node
// A hostile MCP server over stdio for tests: JSON-RPC written by hand, so it can send what the
// SDK's own server could never serialize (values nested 100,000 levels deep). `node
// mcp-hostile-server.mjs <mode>`:
//   schemas  `ping`, and tools whose declarations pass a limit: an input schema 10,000 levels deep
//            (by properties, by anyOf, by items), an output schema 10,000 deep, a description of
//            1 MB, a schema of 200,000 characters;
//   many     5,000 tools `t0` … `t4999`;
//   results  `ping`, and tools whose results pass a limit: structured content 100,000 deep, an
//            error result that deep, a legacy `toolResult` that deep, structured content 100,000
//            deep under a recursive output schema, 100,000 content blocks, and structured content
//            whose output schema's pattern backtracks catastrophically over it;
//   endless  `ping`; `endless`, whose answer is `argv[3]` MiB (default 256) without a newline,
//            after which the server writes `argv[4]` (a file) if given and waits; and `large`,
//            whose answer is one line holding a text of `argv[5]` MiB (default 20);
//   endless-start  the same endless answer to `initialize`.
import { writeFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

const mode = process.argv[2] ?? 'schemas';
const DEEP = 10_000;
const DEEPER = 100_000;

const nestedArrays = (depth) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const nestedObjects = (depth, key) => `${`{"${key}":`.repeat(depth)}1${'}'.repeat(depth)}`;
const noArgs = '{"type":"object","properties":{}}';
const tool = (name, inputSchema, extra = '') =>
  `{"name":"${name}","description":"${name}.","inputSchema":${inputSchema}${extra}}`;

function schemaTools() {
  const deepProperties = `${'{"type":"object","properties":{"a":'.repeat(DEEP)}{"type":"string"}${'}}'.repeat(DEEP)}`;
  const deepAnyOf = `{"type":"object","properties":{"a":${'{"anyOf":['.repeat(DEEP)}{"type":"string"}${']}'.repeat(DEEP)}}}`;
  const deepItems = `{"type":"object","properties":{"a":${'{"type":"array","items":'.repeat(DEEP)}{"type":"string"}${'}'.repeat(DEEP)}}}`;
  const wide = Array.from(
    { length: 2000 },
    (_, i) => `"p${i}":{"type":"string","description":"${'d'.repeat(90)}"}`,
  ).join(',');
  return [
    tool('ping', noArgs),
    tool('deep_properties', deepProperties),
    tool('deep_any_of', deepAnyOf),
    tool('deep_items', deepItems),
    tool(
      'deep_output',
      noArgs,
      `,"outputSchema":{"type":"object","properties":{"a":${deepProperties}}}`,
    ),
    `{"name":"long_description","description":"${'x'.repeat(1024 * 1024)}","inputSchema":${noArgs}}`,
    tool('wide_schema', `{"type":"object","properties":{${wide}}}`),
  ];
}

const RECURSIVE_OUTPUT = ',"outputSchema":{"type":"object","properties":{"x":{"$ref":"#"}}}';
const BACKTRACKING_OUTPUT =
  ',"outputSchema":{"type":"object","properties":{"s":{"type":"string","pattern":"^(a+)+$"}}}';

function resultTools() {
  return [
    tool('ping', noArgs),
    tool('deep_structured', noArgs),
    tool('deep_error', noArgs),
    tool('deep_legacy', noArgs),
    tool('deep_checked', noArgs, RECURSIVE_OUTPUT),
    tool('many_blocks', noArgs),
    tool('backtracking', noArgs, BACKTRACKING_OUTPUT),
  ];
}

/** `mib` MiB of one JSON string that never ends, and never a newline; then `marker`, and a wait. */
async function endless(mib, marker) {
  const piece = Buffer.alloc(1024 * 1024, 'x');
  process.stdout.write('{"jsonrpc":"2.0","id":1,"result":{"content":[{"type":"text","text":"');
  for (let i = 0; i < mib; i += 1) {
    if (!process.stdout.write(piece)) {
      await new Promise((resolve) => process.stdout.once('drain', resolve));
    }
  }
  if (marker) writeFileSync(marker, `wrote ${mib} MiB\n`);
  setInterval(() => undefined, 60_000);
}
const ENDLESS_MIB = Number(process.argv[3] ?? 256);
const ENDLESS_MARKER = process.argv[4] || undefined;
const LARGE_MIB = Number(process.argv[5] ?? 20);

function toolList() {
  if (mode === 'endless')
    return [tool('ping', noArgs), tool('endless', noArgs), tool('large', noArgs)];
  if (mode === 'many') return Array.from({ length: 5000 }, (_, i) => tool(`t${i}`, noArgs));
  return mode === 'results' ? resultTools() : schemaTools();
}

function callResult(name) {
  switch (name) {
    case 'ping':
      return '{"content":[{"type":"text","text":"pong"}]}';
    case 'deep_structured':
      return `{"content":[],"structuredContent":{"x":${nestedArrays(DEEPER)}}}`;
    case 'deep_error':
      return `{"content":[{"type":"text","text":"failed","_meta":{"x":${nestedArrays(DEEPER)}}}],"isError":true}`;
    case 'deep_legacy':
      return `{"toolResult":${nestedArrays(DEEPER)}}`;
    case 'deep_checked':
      return `{"content":[],"structuredContent":${nestedObjects(DEEPER, 'x')}}`;
    case 'many_blocks':
      return `{"content":[${Array.from({ length: 100_000 }, () => '{"type":"text","text":"b"}').join(',')}]}`;
    case 'large':
      return `{"content":[{"type":"text","text":"${'y'.repeat(LARGE_MIB * 1024 * 1024)}"}]}`;
    case 'backtracking':
      return `{"content":[{"type":"text","text":"s"}],"structuredContent":{"s":"${'a'.repeat(31)}!"}}`;
    default:
      return `{"content":[{"type":"text","text":"unknown tool ${name}"}],"isError":true}`;
  }
}

const send = (text) => process.stdout.write(`${text}\n`);
const answer = (id, result) =>
  send(`{"jsonrpc":"2.0","id":${JSON.stringify(id)},"result":${result}}`);

createInterface({ input: process.stdin }).on('line', (line) => {
  if (line.trim() === '') return;
  const message = JSON.parse(line);
  if (message.id === undefined) return;
  switch (message.method) {
    case 'initialize':
      if (mode === 'endless-start') {
        void endless(ENDLESS_MIB, ENDLESS_MARKER);
        break;
      }
      answer(
        message.id,
        JSON.stringify({
          protocolVersion: message.params?.protocolVersion ?? '2025-06-18',
          capabilities: { tools: {} },
          serverInfo: { name: 'hostile', version: '1.0.0' },
        }),
      );
      break;
    case 'tools/list':
      answer(message.id, `{"tools":[${toolList().join(',')}]}`);
      break;
    case 'tools/call':
      if (message.params?.name === 'endless') {
        void endless(ENDLESS_MIB, ENDLESS_MARKER);
        break;
      }
      answer(message.id, callResult(message.params?.name));
      break;
    case 'ping':
      answer(message.id, '{}');
      break;
    default:
      send(
        JSON.stringify({
          jsonrpc: '2.0',
          id: message.id,
          error: { code: -32601, message: `unknown method ${message.method}` },
        }),
      );
  }
});
