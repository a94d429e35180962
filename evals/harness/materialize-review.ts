/**
 * A review case as a real repository: `base/` as the first commit on `main`, then `head/` copied
 * over it and `deleted` removed, as one commit (the pull request's head). The golden findings are
 * checked against the diff: each must cover a line the pull request adds or changes, since a
 * review comment can only be placed on the diff and a finding elsewhere could never match.
 */
import { rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { GoldenFinding } from './eval-types.js';
import type { ReviewCaseFiles } from './load-cases.js';
import { CaseError } from './load-cases.js';
import { copyTree, git, initialCommit } from './git-tools.js';

export const HEAD_BRANCH = 'eval-head';
export const BASE_BRANCH = 'main';

export interface ReviewRepository {
  /** The repository, with HEAD detached at the head commit. */
  repo: string;
  baseSha: string;
  headSha: string;
  /** Per changed file, the head line numbers the diff adds or changes. */
  changedLines: Map<string, number[]>;
  additions: number;
  deletions: number;
  changedFiles: number;
}

export async function materializeReview(
  entry: ReviewCaseFiles,
  dir: string,
  display: (file: string) => string = (file) => file,
): Promise<ReviewRepository> {
  const repo = path.join(dir, 'repo');
  await copyTree(path.join(entry.dir, 'base'), repo);
  const baseSha = await initialCommit(repo, 'Initial commit');
  await git(repo, ['checkout', '-q', '-b', HEAD_BRANCH]);
  const head = path.join(entry.dir, 'head');
  if ((await stat(head).catch(() => undefined))?.isDirectory()) await copyTree(head, repo);
  const problems: string[] = [];
  for (const deleted of entry.spec.deleted ?? []) {
    if (!(await stat(path.join(repo, deleted)).catch(() => undefined))) {
      problems.push(`deleted: expected "${deleted}" to be a file of base/, and it is not`);
    }
    await rm(path.join(repo, deleted), { recursive: true, force: true });
  }
  await git(repo, ['add', '-A']);
  await git(repo, ['commit', '-q', '--allow-empty', '-m', entry.spec.title]);
  const headSha = (await git(repo, ['rev-parse', 'HEAD'])).trim();
  // Detached: no branch is checked out, so nothing stops a push to the pull request's branch.
  await git(repo, ['checkout', '-q', '--detach', headSha]);
  const diff = await git(repo, ['diff', '-U0', '--no-color', '--no-renames', baseSha, headSha]);
  const changedLines = parseChangedLines(diff);
  const numstat = await git(repo, ['diff', '--numstat', '--no-renames', baseSha, headSha]);
  let additions = 0;
  let deletions = 0;
  let changedFiles = 0;
  for (const line of numstat.split('\n')) {
    const [added, removed] = line.split('\t');
    if (added === undefined || removed === undefined) continue;
    changedFiles += 1;
    additions += Number(added) || 0;
    deletions += Number(removed) || 0;
  }
  if (changedFiles === 0)
    problems.push('expected head/ or deleted to change the base, and the diff is empty');
  problems.push(...goldenProblems(entry.spec.golden, changedLines));
  if (problems.length > 0) {
    throw new CaseError(problems.map((message) => ({ file: display(entry.file), message })));
  }
  return { repo, baseSha, headSha, changedLines, additions, deletions, changedFiles };
}

/** The head line numbers each file's hunks add or change, from `git diff -U0`. */
export function parseChangedLines(diff: string): Map<string, number[]> {
  const changed = new Map<string, number[]>();
  let current: number[] | undefined;
  for (const line of diff.split('\n')) {
    if (line.startsWith('+++ ')) {
      const target = line.slice(4);
      if (target === '/dev/null') {
        current = undefined;
      } else {
        current = [];
        changed.set(target.startsWith('b/') ? target.slice(2) : target, current);
      }
      continue;
    }
    const hunk = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,(\d+))? @@/.exec(line);
    if (hunk === null || current === undefined) continue;
    const start = Number(hunk[1]);
    const count = hunk[2] === undefined ? 1 : Number(hunk[2]);
    for (let offset = 0; offset < count; offset += 1) current.push(start + offset);
  }
  return changed;
}

/** What is wrong with the golden findings: a range the diff does not touch. */
export function goldenProblems(
  golden: readonly GoldenFinding[],
  changedLines: ReadonlyMap<string, readonly number[]>,
): string[] {
  const problems: string[] = [];
  for (const [index, finding] of golden.entries()) {
    const where = `golden[${index}] (${finding.path}:${finding.startLine}-${finding.endLine})`;
    const lines = changedLines.get(finding.path);
    if (lines === undefined || lines.length === 0) {
      const files = [...changedLines].filter(([, fileLines]) => fileLines.length > 0);
      problems.push(
        `${where}: expected a file the pull request adds or changes (${files.map(([file]) => file).join(', ') || 'none'}), and ${finding.path} is not one`,
      );
      continue;
    }
    if (!lines.some((line) => line >= finding.startLine && line <= finding.endLine)) {
      problems.push(
        `${where}: expected the range to contain a line the pull request adds or changes; in ${finding.path} those are ${lineRanges(lines)}`,
      );
    }
  }
  return problems;
}

/** `3-5, 9, 12-14`. */
export function lineRanges(lines: readonly number[]): string {
  const sorted = [...lines].sort((a, b) => a - b);
  const ranges: string[] = [];
  let start = sorted[0];
  let previous = start;
  for (const line of [...sorted.slice(1), undefined]) {
    if (line !== undefined && previous !== undefined && line === previous + 1) {
      previous = line;
      continue;
    }
    if (start !== undefined && previous !== undefined) {
      ranges.push(start === previous ? `${start}` : `${start}-${previous}`);
    }
    start = line;
    previous = line;
  }
  return ranges.join(', ');
}
