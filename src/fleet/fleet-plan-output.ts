/**
 * Where a plan goes: the step outputs the workflow's matrix reads (in the runner's file-command
 * format, through platform/runner-commands.ts, heredoc delimiters and all), `plan.json` and one
 * `chunk-<n>.json` per chunk, and the listing `--dry-run` prints instead of writing anything.
 */
import { appendFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { makeDirectory } from '../platform/make-directory.js';
import { runnerCommands } from '../platform/runner-commands.js';
import { plural } from '../platform/text.js';
import type { FleetPlan } from './fleet-plan.js';
import { chunkMatrix } from './fleet-plan.js';
import { repositoriesText } from './fleet-targets.js';

/** The step outputs for chunk `index`: `matrix`, `count`, `chunks`, `excluded`, `plan`. */
export function planOutputs(plan: FleetPlan, index: number): Record<string, string> {
  const matrix = chunkMatrix(plan, index);
  return {
    matrix: JSON.stringify(matrix),
    count: String(matrix.include.length),
    chunks: String(plan.chunks.length),
    excluded: String(plan.excluded.length),
    plan: JSON.stringify(plan),
  };
}

/** Appends the outputs to `file` as the runner reads them (`name<<delimiter` … `delimiter`). */
export async function writeStepOutputs(
  file: string,
  outputs: Record<string, string>,
): Promise<void> {
  // The runner makes the file; a path given by hand may not exist yet.
  await appendFile(file, '');
  const commands = runnerCommands({ GITHUB_OUTPUT: file });
  for (const [name, value] of Object.entries(outputs)) commands.setOutput(name, value);
}

/** `plan.json` and `chunk-<n>.json` (each chunk's matrix) in `folder`; returns the paths. */
export async function writePlanFiles(folder: string, plan: FleetPlan): Promise<string[]> {
  await makeDirectory(folder);
  const files: [string, unknown][] = [
    ['plan.json', plan],
    ...plan.chunks.map((chunk, index): [string, unknown] => [
      `chunk-${index}.json`,
      { include: chunk },
    ]),
  ];
  const written: string[] = [];
  for (const [name, value] of files) {
    const file = path.join(folder, name);
    await writeFile(file, `${JSON.stringify(value, null, 2)}\n`);
    written.push(file);
  }
  return written;
}

/** The listing `--dry-run` prints: each chunk's repositories, then the exclusions with reasons. */
export function renderPlanListing(plan: FleetPlan): string {
  const lines = [
    `Campaign ${plan.campaign} (branch ${plan.branch}): ${repositoriesText(plan.repositories)} in ${plural(plan.chunks.length, 'chunk')} of at most ${plan.chunkSize}, ${plan.excluded.length} excluded.`,
  ];
  plan.chunks.forEach((chunk, index) => {
    lines.push('', `Chunk ${index} (${chunk.length}):`);
    for (const entry of chunk) lines.push(`  ${entry.repository}`);
  });
  if (plan.excluded.length > 0) {
    lines.push('', `Excluded (${plan.excluded.length}):`);
    for (const exclusion of plan.excluded) {
      lines.push(`  ${exclusion.repository}: ${exclusion.detail}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** The plan's last line: what it holds and what it cost in requests. */
export function planSummaryLine(plan: FleetPlan, requests: number): string {
  return `planned ${repositoriesText(plan.repositories)} in ${plural(plan.chunks.length, 'chunk')} with ${plural(requests, 'request')} (${plan.excluded.length} excluded)`;
}
