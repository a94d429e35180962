// Fake tools and a scheduler wired to record every update, for the scheduler tests.
import { z } from 'zod';
import type { Confirmer } from '../../src/agent/confirmer.js';
import { allowAllConfirmer } from '../../src/agent/confirmer.js';
import type { ToolCallData, ToolCallPhase } from '../../src/agent/events.js';
import type { ToolCallRequest, ToolSchedulerOptions } from '../../src/agent/scheduler.js';
import { ToolScheduler } from '../../src/agent/scheduler.js';
import type { Logger } from '../../src/platform/logger.js';
import { silentLogger } from '../../src/platform/logger.js';
import { defineTool } from '../../src/tools/define-tool.js';
import { ToolRegistry } from '../../src/tools/registry.js';
import type {
  ConfirmationDetails,
  OutputCallback,
  Tool,
  ToolKind,
  ToolResult,
} from '../../src/tools/tool-types.js';

export interface FakeToolSpec {
  name: string;
  kind?: ToolKind;
  details?: ConfirmationDetails;
  execute?: (
    params: { value?: string },
    signal: AbortSignal,
    onOutput?: OutputCallback,
  ) => Promise<ToolResult>;
}

/** A tool taking `{value?: string}` that answers `<name> done` unless given an `execute`. */
export function fakeTool(spec: FakeToolSpec): Tool {
  return defineTool({
    name: spec.name,
    displayName: spec.name,
    description: `The ${spec.name} tool.`,
    kind: spec.kind ?? 'read',
    parameters: z.object({ value: z.string().optional() }),
    invocation: (params) => ({
      describe: () => `${spec.name} ${params.value ?? ''}`.trim(),
      locations: () => (params.value === undefined ? [] : [params.value]),
      confirmationDetails: () =>
        Promise.resolve(
          spec.details ?? { type: 'info', title: spec.name, prompt: `Run ${spec.name}` },
        ),
      execute: (signal, onOutput) =>
        spec.execute
          ? spec.execute(params, signal, onOutput)
          : Promise.resolve({
              llmContent: `${spec.name} done`,
              returnDisplay: `${spec.name} done`,
            }),
    }),
  });
}

export interface ManualClock {
  now: () => number;
  advance: (ms: number) => void;
}

export function manualClock(start = 1_000): ManualClock {
  let current = start;
  return {
    now: () => current,
    advance: (ms) => {
      current += ms;
    },
  };
}

export interface Setup {
  scheduler: ToolScheduler;
  updates: ToolCallData[];
  clock: ManualClock;
  phasesOf(callId: string): ToolCallPhase[];
  run(requests: ToolCallRequest[], signal?: AbortSignal): ReturnType<ToolScheduler['run']>;
}

export interface SetupOptions extends Partial<Omit<ToolSchedulerOptions, 'now'>> {
  confirmer?: Confirmer;
  logger?: Logger;
  clock?: ManualClock;
  /** Aliases by tool name. */
  aliases?: Record<string, string[]>;
}

export function setup(tools: Tool[], options: SetupOptions = {}): Setup {
  const { clock = manualClock(), aliases = {}, ...schedulerOptions } = options;
  const registry = new ToolRegistry();
  for (const tool of tools) registry.register(tool, { aliases: aliases[tool.name] ?? [] });
  const updates: ToolCallData[] = [];
  const scheduler = new ToolScheduler({
    registry,
    confirmer: allowAllConfirmer,
    logger: silentLogger,
    onUpdate: (update) => updates.push(update),
    now: clock.now,
    ...schedulerOptions,
  });
  return {
    scheduler,
    updates,
    clock,
    phasesOf: (callId) =>
      updates.filter((update) => update.tool_call_id === callId).map((update) => update.phase),
    run: (requests, signal = new AbortController().signal) => scheduler.run(requests, signal),
  };
}

export function request(callId: string, name: string, value?: string): ToolCallRequest {
  return { callId, name, args: value === undefined ? {} : { value } };
}

/** A promise with its resolve function, for tools that wait on each other. */
export function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

/** Lets other pending callbacks run, so overlapping work would interleave. */
export function tick(): Promise<void> {
  return new Promise((done) => setImmediate(done));
}
