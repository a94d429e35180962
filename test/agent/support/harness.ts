// Shared set-up for session tests: temp workspaces, a fake clock, small tools, and a session
// wired to a scripted generator with the real ToolRegistry and ToolScheduler.
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';
import { z } from 'zod';
import { allowAllConfirmer } from '../../../src/agent/confirmer.js';
import type { AgentEvent } from '../../../src/agent/events.js';
import { ignoreNothing } from '../../../src/agent/environment-context.js';
import type { AgentSessionOptions } from '../../../src/agent/session.js';
import { AgentSession } from '../../../src/agent/session.js';
import { defineTool } from '../../../src/tools/define-tool.js';
import { ToolRegistry } from '../../../src/tools/registry.js';
import type { ToolResult } from '../../../src/tools/tool-types.js';
import type { ScriptStep } from './scripted-generator.js';
import { ScriptedGenerator } from './scripted-generator.js';

export async function tempDir(prefix = 'agent-test-'): Promise<string> {
  const dir = await fs.realpath(await fs.mkdtemp(path.join(os.tmpdir(), prefix)));
  onTestFinished(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

export const START = Date.parse('2025-06-02T10:00:00.000Z');

export function fakeClock(start = START): { now: () => number; advance(ms: number): void } {
  let time = start;
  return {
    now: () => time,
    advance(ms) {
      time += ms;
    },
  };
}

export interface ToolLog {
  /** `name(args)` of every executed call, in execution order. */
  executed: string[];
  /** Set by the `wait_for_abort` tool once its signal fired. */
  aborted: boolean;
}

/** A hook a test uses to act while a tool runs (fire a timer, abort the caller). */
export type DuringTool = () => void;

export function buildRegistry(options: { duringWait?: DuringTool } = {}): {
  registry: ToolRegistry;
  log: ToolLog;
} {
  const log: ToolLog = { executed: [], aborted: false };
  const registry = new ToolRegistry();
  const simple = (
    name: string,
    kind: 'read' | 'edit',
    run: (args: { name: string }, signal: AbortSignal) => Promise<ToolResult>,
  ) =>
    defineTool({
      name,
      displayName: name,
      description: `Test tool ${name}.`,
      kind,
      parameters: z.object({ name: z.string() }),
      invocation: (params) => ({
        describe: () => `${name} ${params.name}`,
        locations: () => [],
        confirmationDetails: () =>
          Promise.resolve({ type: 'info' as const, title: name, prompt: params.name }),
        execute: async (signal) => {
          log.executed.push(`${name}(${params.name})`);
          return run(params, signal);
        },
      }),
    });

  registry.register(
    simple('read_note', 'read', (args) =>
      Promise.resolve({ llmContent: `note ${args.name}`, returnDisplay: `read ${args.name}` }),
    ),
  );
  registry.register(
    simple('write_note', 'edit', (args) =>
      Promise.resolve({ llmContent: `wrote ${args.name}`, returnDisplay: `wrote ${args.name}` }),
    ),
  );
  registry.register(
    simple('fill_disk', 'edit', () =>
      Promise.resolve({
        llmContent: 'ENOSPC: no space left on device',
        returnDisplay: 'disk full',
        error: { message: 'ENOSPC: no space left on device', type: 'no_space_left' },
      }),
    ),
  );
  registry.register(
    simple('wait_for_abort', 'edit', (_args, signal) => {
      options.duringWait?.();
      return new Promise<ToolResult>((resolve) => {
        const done = () => {
          log.aborted = true;
          resolve({ llmContent: 'stopped', returnDisplay: 'stopped' });
        };
        if (signal.aborted) done();
        else signal.addEventListener('abort', done, { once: true });
      });
    }),
  );
  return { registry, log };
}

export interface Harness {
  session: AgentSession;
  generator: ScriptedGenerator;
  events: AgentEvent[];
  log: ToolLog;
  workspace: string;
  clock: ReturnType<typeof fakeClock>;
}

/** A session over a fresh temp workspace, with deterministic environment and no memory file. */
export async function createHarness(
  script: ScriptStep[],
  options: Partial<AgentSessionOptions> & { duringWait?: DuringTool; workspace?: string } = {},
): Promise<Harness> {
  const { duringWait, workspace: givenWorkspace, ...sessionOptions } = options;
  const workspace = givenWorkspace ?? (await tempDir());
  const generator = new ScriptedGenerator(script);
  const events: AgentEvent[] = [];
  const clock = fakeClock();
  const { registry, log } = buildRegistry({ ...(duringWait ? { duringWait } : {}) });
  const session = new AgentSession({
    sessionId: 'session-1',
    model: 'gemini-2.5-test',
    contentGenerator: generator,
    registry,
    confirmer: allowAllConfirmer,
    workspaceRoot: workspace,
    userMemoryPath: null,
    onEvent: (event) => events.push(event),
    environment: { platform: 'linux', timeZone: 'UTC', isIgnored: ignoreNothing },
    now: clock.now,
    scheduleTimeout: () => () => undefined,
    ...sessionOptions,
  });
  return { session, generator, events, log, workspace, clock };
}

export function eventsOf<K extends AgentEvent['kind']>(
  events: AgentEvent[],
  kind: K,
): Extract<AgentEvent, { kind: K }>[] {
  return events.filter((event): event is Extract<AgentEvent, { kind: K }> => event.kind === kind);
}
