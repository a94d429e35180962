/**
 * The labels a triage run chose: those it added to the issue, from `out/labels.json`; the run's
 * `labels` output when the file is absent (a run that added none writes no file).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { RunOutputs } from './collect-outputs.js';

interface LabelsEntry {
  issue?: unknown;
  added?: unknown;
}

export async function collectTriage(
  outDir: string,
  issueNumber: number,
  outputs: RunOutputs | undefined,
): Promise<string[]> {
  const text = await readFile(path.join(outDir, 'labels.json'), 'utf8').catch(() => undefined);
  if (text !== undefined) {
    const entries = JSON.parse(text) as LabelsEntry[];
    const entry = entries.find((candidate) => candidate.issue === issueNumber);
    const added = Array.isArray(entry?.added) ? entry.added : [];
    return [...new Set(added.filter((label): label is string => typeof label === 'string'))];
  }
  const output = outputs?.labels?.trim() ?? '';
  if (output === '') return [];
  return [
    ...new Set(
      output
        .split(/[\n,]/)
        .map((label) => label.trim())
        .filter((l) => l !== ''),
    ),
  ];
}
