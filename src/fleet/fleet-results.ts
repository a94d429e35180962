/**
 * The report's reading of the run jobs' result files: every `*.json` under the results folder
 * (the workflow downloads each job's artifact into its own subfolder), each checked against
 * `fleetResultSchema`. A file that is not a valid result is never a crash of the report: it
 * becomes that repository's "unreadable result" row, the repository taken from the file's name.
 */
import type { Dirent } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import type { FleetResult } from './fleet-result.js';
import { fleetResultSchema } from './fleet-result.js';
import { parseRepositoryName } from './fleet-targets.js';

/** A result file is a few hundred bytes; anything far larger is not one. */
const MAX_RESULT_BYTES = 64 * 1024;

export interface UnreadableResult {
  /** From the file's name (`owner__name.json`); the file's relative path when it names none. */
  repository: string;
  /** Relative to the results folder. */
  file: string;
  problem: string;
}

export interface ResultsRead {
  /** One per repository: the latest when several files name it (a job's re-run). */
  results: FleetResult[];
  unreadable: UnreadableResult[];
}

/** `owner/name` from `owner__name.json`, or undefined. */
export function repositoryOfResultFile(file: string): string | undefined {
  const base = path.basename(file, '.json');
  const at = base.indexOf('__');
  if (at < 0) return undefined;
  const parsed = parseRepositoryName(`${base.slice(0, at)}/${base.slice(at + 2)}`);
  return parsed === undefined ? undefined : `${parsed.owner}/${parsed.name}`;
}

function zodProblem(error: {
  issues: readonly { path: PropertyKey[]; message: string }[];
}): string {
  const first = error.issues[0];
  if (first === undefined) return 'not a result file';
  const where = first.path.map(String).join('.');
  return `${where === '' ? '' : `${where}: `}${first.message}`;
}

async function readOne(
  folder: string,
  file: string,
  campaign: string,
): Promise<FleetResult | UnreadableResult> {
  const named = repositoryOfResultFile(file);
  const unreadable = (problem: string): UnreadableResult => ({
    repository: named ?? file,
    file,
    problem,
  });
  try {
    const full = path.join(folder, file);
    if ((await stat(full)).size > MAX_RESULT_BYTES) {
      return unreadable(`larger than ${MAX_RESULT_BYTES / 1024} KiB`);
    }
    let json: unknown;
    try {
      json = JSON.parse(await readFile(full, 'utf8'));
    } catch (error) {
      return unreadable(`not JSON (${errorMessage(error)})`);
    }
    const parsed = fleetResultSchema.safeParse(json);
    if (!parsed.success) return unreadable(zodProblem(parsed.error));
    const result = parsed.data;
    if (result.campaign !== campaign) {
      return unreadable(`a result of campaign "${result.campaign}", not "${campaign}"`);
    }
    // A file may only speak for the repository its name says (the job that wrote it ran there).
    if (named === undefined || named.toLowerCase() !== result.repository.toLowerCase()) {
      return unreadable(`names repository ${result.repository}, but the file is ${file}`);
    }
    return result;
  } catch (error) {
    return unreadable(errorMessage(error));
  }
}

/** Every result under `folder`; a missing folder is a ConfigurationError naming `--results`. */
export async function readFleetResults(folder: string, campaign: string): Promise<ResultsRead> {
  let entries: Dirent[];
  try {
    if (!(await stat(folder)).isDirectory()) throw new Error('not a folder');
    entries = await readdir(folder, { recursive: true, withFileTypes: true });
  } catch (error) {
    throw new ConfigurationError(
      `expected a folder holding the run jobs' result files (owner__name.json), but ${folder} cannot be read: ${errorMessage(error)}.`,
      { input: '--results' },
      { cause: error },
    );
  }
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.json'))
    .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
    .sort();
  const latest = new Map<string, FleetResult>();
  const unreadable: UnreadableResult[] = [];
  for (const file of files) {
    const read = await readOne(folder, file, campaign);
    if ('problem' in read) {
      unreadable.push(read);
      continue;
    }
    const key = read.repository.toLowerCase();
    const earlier = latest.get(key);
    if (earlier === undefined || Date.parse(read.finishedAt) >= Date.parse(earlier.finishedAt)) {
      latest.set(key, read);
    }
  }
  return { results: [...latest.values()], unreadable };
}
