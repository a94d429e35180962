/**
 * Reads the cases under `evals/cases/` and checks each against its schema (case-schema.ts). Every
 * problem names the file and what was expected; all of them are collected, so one run of the
 * harness lists every bad case at once, before anything runs.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { ZodType } from 'zod';
import type { EvalKind } from './eval-types.js';
import type { FixCase, ReviewCase, TriageCase } from './case-schema.js';
import { caseIdProblem, fixCaseSchema, reviewCaseSchema, triageCaseSchema } from './case-schema.js';

export interface ReviewCaseFiles {
  kind: 'review';
  id: string;
  /** The case.json file. */
  file: string;
  /** The case folder: `base/`, `head/`. */
  dir: string;
  spec: ReviewCase;
}

export interface FixCaseFiles {
  kind: 'fix';
  id: string;
  file: string;
  /** The case folder: `repo/`. */
  dir: string;
  spec: FixCase;
}

export interface TriageCaseFiles {
  kind: 'triage';
  id: string;
  file: string;
  spec: TriageCase;
  /** `cases/triage/repo/`, when present: the repository every triage case runs on. */
  repoDir?: string;
}

export type CaseFiles = ReviewCaseFiles | FixCaseFiles | TriageCaseFiles;

export interface CaseProblem {
  /** The file (or folder) at fault. */
  file: string;
  message: string;
}

/** Bad cases: the harness stops before running anything and lists them. */
export class CaseError extends Error {
  constructor(readonly problems: readonly CaseProblem[]) {
    super(
      `${problems.length === 1 ? 'A case is' : `${problems.length} cases are`} not valid:\n${problems
        .map((problem) => `  ${problem.file}: ${problem.message}`)
        .join('\n')}`,
    );
    this.name = 'CaseError';
  }
}

export interface CaseSelection {
  kinds: readonly EvalKind[];
  /** Case ids to run; empty: every case of the kinds. */
  ids: readonly string[];
}

/**
 * The cases of the selected kinds under `casesDir`, sorted by kind then id; throws a
 * {@link CaseError} listing every bad file. `display` turns a file into the name shown.
 */
export async function loadCases(
  casesDir: string,
  selection: CaseSelection,
  display: (file: string) => string = (file) => file,
): Promise<CaseFiles[]> {
  const problems: CaseProblem[] = [];
  const report = (file: string, message: string) => problems.push({ file: display(file), message });
  const cases: CaseFiles[] = [];
  for (const kind of selection.kinds) {
    const kindDir = path.join(casesDir, kind);
    const entries = await readdir(kindDir, { withFileTypes: true }).catch(() => undefined);
    if (entries === undefined) continue;
    const sharedRepo = path.join(kindDir, 'repo');
    const triageRepo =
      kind === 'triage' && (await isDirectory(sharedRepo)) ? { repoDir: sharedRepo } : {};
    for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
      if (kind === 'triage') {
        if (!entry.isFile() || !entry.name.endsWith('.json')) continue;
        const file = path.join(kindDir, entry.name);
        const id = entry.name.slice(0, -'.json'.length);
        const spec = await readCaseJson(file, triageCaseSchema, report);
        const idProblem = caseIdProblem('triage', id);
        if (idProblem !== undefined) report(file, idProblem);
        if (spec !== undefined && idProblem === undefined) {
          cases.push({ kind, id, file, spec, ...triageRepo });
        }
        continue;
      }
      if (!entry.isDirectory()) continue;
      const dir = path.join(kindDir, entry.name);
      const file = path.join(dir, 'case.json');
      const id = entry.name;
      if (!(await isFile(file))) {
        report(dir, `expected a case.json in the case folder (see docs/evals.md)`);
        continue;
      }
      if (kind === 'review') {
        const spec = await readCaseJson(file, reviewCaseSchema, report);
        if (spec === undefined) continue;
        const ok = await checkFolders(dir, ['base'], report);
        if (!(await isDirectory(path.join(dir, 'head'))) && (spec.deleted ?? []).length === 0) {
          report(dir, 'expected a head/ folder with the files the pull request adds or changes');
          continue;
        }
        const idProblem = caseIdProblem(kind, id, spec.language);
        if (idProblem !== undefined) report(file, idProblem);
        if (ok && idProblem === undefined) cases.push({ kind, id, file, dir, spec });
      } else {
        const spec = await readCaseJson(file, fixCaseSchema, report);
        if (spec === undefined) continue;
        const ok = await checkFolders(dir, ['repo'], report);
        const idProblem = caseIdProblem(kind, id, spec.language);
        if (idProblem !== undefined) report(file, idProblem);
        if (ok && idProblem === undefined) cases.push({ kind, id, file, dir, spec });
      }
    }
  }
  const known = new Set(cases.map((entry) => entry.id));
  for (const id of selection.ids) {
    if (!known.has(id) && !problems.some((problem) => problem.file.includes(id))) {
      problems.push({
        file: display(casesDir),
        message: `--case ${id}: expected the id of a ${selection.kinds.join(', ')} case, and there is none`,
      });
    }
  }
  if (problems.length > 0) throw new CaseError(problems);
  return selection.ids.length === 0
    ? cases
    : cases.filter((entry) => selection.ids.includes(entry.id));
}

/** A case file parsed and checked; undefined (and reported) when it is not valid. */
async function readCaseJson<T>(
  file: string,
  schema: ZodType<T>,
  report: (file: string, message: string) => void,
): Promise<T | undefined> {
  let raw: unknown;
  try {
    raw = JSON.parse(await readFile(file, 'utf8')) as unknown;
  } catch (error) {
    report(file, `expected JSON: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
  const parsed = schema.safeParse(raw);
  if (parsed.success) return parsed.data;
  for (const issue of parsed.error.issues) {
    const where = issue.path.length === 0 ? '' : `${jsonPath(issue.path)}: `;
    report(file, `${where}${issueMessage(issue)}`);
  }
  return undefined;
}

function issueMessage(issue: { code: string; message: string; keys?: string[] }): string {
  if (issue.code === 'unrecognized_keys' && issue.keys !== undefined) {
    return `unexpected key${issue.keys.length === 1 ? '' : 's'} ${issue.keys.map((key) => `"${key}"`).join(', ')} (see docs/evals.md for the fields of a case)`;
  }
  return issue.message;
}

/** `golden[0].keywords[1]`. */
export function jsonPath(parts: readonly PropertyKey[]): string {
  return parts
    .map((part, index) =>
      typeof part === 'number' ? `[${part}]` : `${index === 0 ? '' : '.'}${String(part)}`,
    )
    .join('');
}

async function checkFolders(
  dir: string,
  names: readonly string[],
  report: (file: string, message: string) => void,
): Promise<boolean> {
  let ok = true;
  for (const name of names) {
    if (!(await isDirectory(path.join(dir, name)))) {
      report(dir, `expected a ${name}/ folder (see docs/evals.md)`);
      ok = false;
    }
  }
  return ok;
}

async function isFile(file: string): Promise<boolean> {
  return (await stat(file).catch(() => undefined))?.isFile() ?? false;
}

async function isDirectory(dir: string): Promise<boolean> {
  return (await stat(dir).catch(() => undefined))?.isDirectory() ?? false;
}
