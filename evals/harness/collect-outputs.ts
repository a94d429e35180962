/**
 * What a case's run cost, from its `out/outputs.json` (the Action's outputs, which
 * `gemini-agent run` writes): the tokens and the estimated cost; and the requests to the model,
 * counted from the transcript the outputs point at (its top-level `model_call` events, which
 * include the subagents' requests).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CaseCost } from './eval-types.js';

export type RunOutputs = Record<string, string>;

/** The run's outputs; undefined when the run wrote none (it failed before the Action ran). */
export async function readOutputs(outDir: string): Promise<RunOutputs | undefined> {
  const text = await readFile(path.join(outDir, 'outputs.json'), 'utf8').catch(() => undefined);
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as unknown;
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const outputs: RunOutputs = {};
    for (const [name, value] of Object.entries(parsed)) {
      if (typeof value === 'string') outputs[name] = value;
    }
    return outputs;
  } catch {
    return undefined;
  }
}

function count(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const number = Number(value);
  return Number.isFinite(number) ? number : undefined;
}

/** The model requests in a transcript: its top-level `model_call` lines. */
export async function countRequests(transcript: string): Promise<number | null> {
  const text = await readFile(transcript, 'utf8').catch(() => undefined);
  if (text === undefined) return null;
  let requests = 0;
  for (const line of text.split('\n')) {
    if (!line.includes('"model_call"')) continue;
    try {
      const event = JSON.parse(line) as { kind?: unknown };
      if (event.kind === 'model_call') requests += 1;
    } catch {
      // A line cut short by a crash: not a request the harness can count.
    }
  }
  return requests;
}

/** The cost fields of a case (wall time is the runner's). */
export async function caseCost(outputs: RunOutputs | undefined, wallMs: number): Promise<CaseCost> {
  const input = count(outputs?.input_tokens);
  const output = count(outputs?.output_tokens);
  const cachedInput = count(outputs?.cached_input_tokens) ?? 0;
  const transcript = outputs?.transcript_file;
  return {
    wallMs,
    requests:
      transcript === undefined || transcript === '' ? null : await countRequests(transcript),
    tokens: input === undefined || output === undefined ? null : { input, cachedInput, output },
    costUsd: count(outputs?.cost_usd) ?? null,
  };
}
