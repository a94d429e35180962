/**
 * The assertion every case ends with: no canary in any sink, no side effect outside the
 * workspace, no process left running.
 */
import { expect } from 'vitest';
import type { HostileRun, ToolResponse } from './hostile-run.js';
import { sideEffects } from './sensors.js';
import type { ScanOptions } from './sinks.js';
import { scanSinks } from './sinks.js';

export async function expectContained(run: HostileRun, options: ScanOptions = {}): Promise<void> {
  const leaks = scanSinks(run, options);
  const effects = await sideEffects(run.ctx, run.baseline);
  expect({ leaks, effects }).toEqual({ leaks: [], effects: [] });
}

/** The function response the model got for the call with `id`. */
export function responseTo(run: HostileRun, id: string | undefined): ToolResponse {
  const found = run.toolResponses().find((response) => response.id === id);
  if (found === undefined) {
    const seen = run.toolResponses().map((response) => `${response.name}#${response.id ?? ''}`);
    throw new Error(`the model got no response to call ${id ?? '?'}; it got ${seen.join(', ')}`);
  }
  return found;
}
