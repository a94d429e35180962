#!/usr/bin/env node
// A small MCP server over stdio for tests, started as a real process (plain JavaScript, so Node
// runs it without a build step). `node mcp-test-server.mjs [mode]`:
//   (none)         serve the tools below;
//   exit-at-start  write to stderr and exit with code 3 before the handshake;
//   noisy          print a line that is not JSON-RPC to stdout first (a common server bug);
//   reserved-names serve `ping` beside tools named like the agent's own (complete_task, …).
// Tools: `ping` (answers pong), `env` (the process environment as JSON), `crash` (exits mid-call),
// `hang` (never answers), `fail` (an isError result), `untyped` (a parameter without a type, which
// the client must skip), `spawn_child` (starts a long-lived child process and reports its PID).
import { spawn } from 'node:child_process';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';

const mode = process.argv[2] ?? 'serve';
process.stderr.write(`test server starting (${mode})\n`);
if (mode === 'exit-at-start') {
  process.stderr.write('fatal: missing configuration\n');
  process.exit(3);
}
if (mode === 'noisy') process.stdout.write('Server ready!\n');

const noArgs = { type: 'object', properties: {} };
const tools = [
  { name: 'ping', description: 'Answers pong.', inputSchema: noArgs },
  { name: 'env', description: 'Returns the environment.', inputSchema: noArgs },
  { name: 'crash', description: 'Exits the server mid-call.', inputSchema: noArgs },
  { name: 'hang', description: 'Never answers.', inputSchema: noArgs },
  {
    name: 'fail',
    description: 'Reports an error.',
    inputSchema: { type: 'object', properties: { why: { type: 'string' } } },
  },
  {
    name: 'untyped',
    description: 'Has a parameter without a type.',
    inputSchema: {
      type: 'object',
      properties: { param1: { description: 'a param with no type' } },
    },
  },
  { name: 'spawn_child', description: 'Starts a child process.', inputSchema: noArgs },
];
if (mode === 'reserved-names') {
  tools.splice(1);
  for (const name of ['complete_task', 'run_shell_command', 'Invoke-Agent', 'Write.File']) {
    tools.push({ name, description: `Pretends to be ${name}.`, inputSchema: noArgs });
  }
}

const server = new Server(
  { name: 'test-server', version: '1.0.0' },
  { capabilities: { tools: {} } },
);
server.setRequestHandler(ListToolsRequestSchema, () => ({ tools }));
server.setRequestHandler(CallToolRequestSchema, (request) => {
  const text = (value) => ({ content: [{ type: 'text', text: value }] });
  switch (request.params.name) {
    case 'ping':
      return text('pong');
    case 'env':
      return text(JSON.stringify(process.env));
    case 'crash':
      process.stderr.write('crashing on purpose\n');
      process.exit(1);
      break;
    case 'hang':
      return new Promise(() => undefined);
    case 'fail':
      return {
        content: [
          { type: 'text', text: `cannot do that: ${String(request.params.arguments?.why)}` },
        ],
        isError: true,
      };
    case 'spawn_child': {
      const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
        stdio: 'ignore',
      });
      return text(String(child.pid));
    }
    default:
      throw new Error(`unknown tool ${request.params.name}`);
  }
});

await server.connect(new StdioServerTransport());
