/**
 * A fix case as a real repository: `repo/` as one commit on `main`. Its tests must fail there
 * (a case whose tests already pass measures nothing) and report a count the harness can read;
 * both are checked before anything runs, in a copy, so the repository stays clean.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { FixCaseFiles } from './load-cases.js';
import { CaseError } from './load-cases.js';
import { copyTree, git, initialCommit } from './git-tools.js';
import { runTests } from './test-run.js';

export interface FixRepository {
  repo: string;
  baseSha: string;
  /** Tests the case's command counts at the base. */
  baseTestCount: number;
}

export async function materializeFix(
  entry: FixCaseFiles,
  dir: string,
  display: (file: string) => string = (file) => file,
): Promise<FixRepository> {
  const repo = path.join(dir, 'repo');
  await copyTree(path.join(entry.dir, 'repo'), repo);
  const baseSha = await initialCommit(repo, 'Initial commit');
  const check = path.join(dir, 'base-check');
  await mkdir(check, { recursive: true });
  await git(check, ['clone', '-q', repo, '.']);
  const run = await runTests(entry.spec.test.command, check);
  const fail = (message: string) =>
    new CaseError([
      {
        file: display(entry.file),
        message: `test.command "${entry.spec.test.command}": ${message}`,
      },
    ]);
  if (run.timedOut) throw fail('expected it to end at the base, and it ran past its time limit');
  if (run.exitCode === 0) {
    throw fail(
      'expected it to fail at the base state (the failing test the fix must make pass), and it passes',
    );
  }
  if (run.count === null) {
    throw fail(
      `expected output that counts the tests ("# tests N" from node --test, "Ran N tests" from python3 -m unittest), and there is none; its output ends:\n${run.output.slice(-600)}`,
    );
  }
  return { repo, baseSha, baseTestCount: run.count };
}
