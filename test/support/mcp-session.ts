// Test conveniences for MCP: temp workspaces with a `ToolProcesses`, the paths of the test servers,
// and a scripted session (fake Gemini server, real `@google/genai` client, real registry and
// scheduler, every call allowed) whose requests show what the model was sent.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Content, Part } from '@google/genai';
import { onTestFinished } from 'vitest';
import { allowAllConfirmer } from '../../src/agent/confirmer.js';
import type { AgentEvent, ToolCallData } from '../../src/agent/events.js';
import { ignoreNothing } from '../../src/agent/environment-context.js';
import type { SessionResult } from '../../src/agent/session.js';
import { AgentSession } from '../../src/agent/session.js';
import { memoryLogger } from '../../src/platform/logger.js';
import type { McpServerSettings } from '../../src/config/settings-types.js';
import type {
  ConnectMcpServersOptions,
  McpConnections,
} from '../../src/tools/mcp/mcp-connections.js';
import { connectMcpServers } from '../../src/tools/mcp/mcp-connections.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import { ToolProcesses } from '../../src/tools/tool-processes.js';
import type { Tool } from '../../src/tools/tool-types.js';
import type { FakeStep } from './fake-gemini.js';
import { genaiClientFor, useFakeGemini } from './fake-gemini.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The stdio test server (see mcp-test-server.mjs). */
export const TEST_SERVER = path.join(here, 'mcp-test-server.mjs');
/** The stdio server sending what no real server would (see mcp-hostile-server.mjs). */
export const HOSTILE_SERVER = path.join(here, 'mcp-hostile-server.mjs');
/** `@modelcontextprotocol/server-everything`, the reference server, as installed from npm. */
export const EVERYTHING_SERVER = path.resolve(
  here,
  '../../node_modules/@modelcontextprotocol/server-everything/dist/index.js',
);

export function testServer(
  mode?: string,
  extra: Partial<McpServerSettings> = {},
): McpServerSettings {
  return { command: process.execPath, args: mode ? [TEST_SERVER, mode] : [TEST_SERVER], ...extra };
}

export function everythingServer(extra: Partial<McpServerSettings> = {}): McpServerSettings {
  return { command: process.execPath, args: [EVERYTHING_SERVER, 'stdio'], ...extra };
}

export async function tempWorkspace(): Promise<string> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), 'mcp-test-')));
  onTestFinished(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** Processes for a temp workspace, unconfined, with `parentEnv` as the run's environment. */
export async function testProcesses(
  parentEnv: Record<string, string | undefined> = { PATH: process.env['PATH'] },
): Promise<ToolProcesses> {
  const processes = new ToolProcesses({ workspaceRoot: await tempWorkspace(), parentEnv });
  onTestFinished(() => processes.close());
  return processes;
}

/** Connects the servers and closes them when the test ends; the log is kept for assertions. */
export async function connectForTest(
  servers: Record<string, McpServerSettings>,
  options: Partial<ConnectMcpServersOptions> = {},
): Promise<McpConnections & { log: ReturnType<typeof memoryLogger> }> {
  const log = memoryLogger();
  const connections = await connectMcpServers({
    servers,
    processes: options.processes ?? (await testProcesses()),
    logger: log,
    reservedNames: new Set(),
    ...options,
  });
  onTestFinished(() => connections.close());
  return { ...connections, log };
}

export interface McpSessionRun {
  result: SessionResult;
  /** Every generate request body the fake server received, in order. */
  bodies: { contents: Content[]; tools?: { functionDeclarations?: { name: string }[] }[] }[];
  /** The last update of each tool call, by call id. */
  calls: Map<string, ToolCallData>;
}

/** Runs a scripted session over `tools`, every call allowed. */
export async function runMcpSession(
  tools: readonly Tool[],
  script: FakeStep[],
): Promise<McpSessionRun> {
  const server = await useFakeGemini(script);
  const registry = new ToolRegistry();
  for (const tool of tools) registry.register(tool);
  const events: AgentEvent[] = [];
  const session = new AgentSession({
    sessionId: 'mcp-session',
    model: 'gemini-2.5-pro',
    contentGenerator: genaiClientFor(server),
    registry,
    confirmer: allowAllConfirmer,
    workspaceRoot: await tempWorkspace(),
    userMemoryPath: null,
    onEvent: (event) => events.push(event),
    environment: { platform: 'linux', timeZone: 'UTC', isIgnored: ignoreNothing },
  });
  const result = await session.run('Use the tools.');
  const calls = new Map<string, ToolCallData>();
  for (const event of events) {
    if (event.kind === 'tool_call_update') calls.set(event.tool_call.tool_call_id, event.tool_call);
  }
  const bodies = server
    .generateRequests()
    .map((request) => request.body as McpSessionRun['bodies'][number]);
  return { result, bodies, calls };
}

/** The parts of the last user message of a request: the answers to the model's calls. */
export function lastParts(body: McpSessionRun['bodies'][number] | undefined): Part[] {
  return body?.contents.at(-1)?.parts ?? [];
}

export function declaredNames(body: McpSessionRun['bodies'][number] | undefined): string[] {
  return (body?.tools ?? []).flatMap((tool) =>
    (tool.functionDeclarations ?? []).map((d) => d.name),
  );
}
