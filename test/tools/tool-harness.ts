// Runs the built-in tools the way a session does — through the registry and the scheduler — so
// tests assert exactly what the model receives.
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Part } from '@google/genai';
import { allowAllConfirmer } from '../../src/agent/confirmer.js';
import type { ToolCallData } from '../../src/agent/events.js';
import type { CompletedToolCall } from '../../src/agent/scheduler.js';
import { ToolScheduler } from '../../src/agent/scheduler.js';
import { silentLogger } from '../../src/platform/logger.js';
import { createBuiltinTools } from '../../src/tools/builtin-tools.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import type { Tool } from '../../src/tools/tool-types.js';
import type { WorkspaceOptions } from '../../src/tools/workspace.js';
import { Workspace } from '../../src/tools/workspace.js';

const created: string[] = [];

/** A fresh directory under the OS temp dir (its real path); removed by `removeTempDirs`. */
export async function makeTempDir(prefix = 'tools-'): Promise<string> {
  const dir = await realpath(await mkdtemp(path.join(tmpdir(), prefix)));
  created.push(dir);
  return dir;
}

export async function removeTempDirs(): Promise<void> {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
}

export interface ToolHarness {
  workspace: Workspace;
  updates: ToolCallData[];
  /** Runs one call through the scheduler. */
  call(name: string, args: Record<string, unknown>): Promise<CompletedToolCall>;
  /** What the model receives for one call. */
  respond(name: string, args: Record<string, unknown>): Promise<Part[]>;
}

export interface ToolHarnessOptions extends WorkspaceOptions {
  /** The tools to register (default: the built-in set). */
  tools?: (workspace: Workspace) => Tool[];
  /** Registered aliases, e.g. `{ grep_search: 'search_file_content' }`. */
  aliases?: Record<string, string>;
}

export async function toolHarness(
  root: string,
  options: ToolHarnessOptions = {},
): Promise<ToolHarness> {
  const { tools, aliases = {}, ...workspaceOptions } = options;
  const workspace = await Workspace.create(root, workspaceOptions);
  const registry = new ToolRegistry();
  const chosen = tools ? tools(workspace) : createBuiltinTools({ workspace, logger: silentLogger });
  for (const tool of chosen) {
    const toolAliases = Object.entries(aliases)
      .filter(([, name]) => name === tool.name)
      .map(([alias]) => alias);
    registry.register(tool, { aliases: toolAliases });
  }
  const updates: ToolCallData[] = [];
  const scheduler = new ToolScheduler({
    registry,
    confirmer: allowAllConfirmer,
    logger: silentLogger,
    onUpdate: (update) => updates.push(update),
  });
  let counter = 0;
  const call = async (name: string, args: Record<string, unknown>) => {
    counter += 1;
    const [completed] = await scheduler.run(
      [{ callId: `call-${counter}`, name, args }],
      new AbortController().signal,
    );
    if (!completed) throw new Error('the scheduler returned no result');
    return completed;
  };
  return {
    workspace,
    updates,
    call,
    respond: async (name, args) => (await call(name, args)).responseParts,
  };
}

/** The single functionResponse part carrying `output`, as the model receives a text result. */
export function outputPart(callId: string, name: string, output: string): unknown[] {
  return [{ functionResponse: { id: callId, name, response: { output } } }];
}

/** The single functionResponse part carrying `error`, as the model receives a failure. */
export function errorPart(callId: string, name: string, error: string): unknown[] {
  return [{ functionResponse: { id: callId, name, response: { error } } }];
}
