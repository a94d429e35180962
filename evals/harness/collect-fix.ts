/**
 * What a fix run did, as `score-fix.ts` needs it: the branch it pushed to the repository (named
 * by its `branch_name` output, or the dry run's `pull-request.md`), the paths that branch changes
 * against the base, and the case's test command run twice on it — once with the case's own test
 * files restored from the base (does the fix pass the tests as written?), once as the run left
 * them (did it remove tests?).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import type { Sandbox } from '../../src/platform/sandbox/sandbox-types.js';
import type { ChangedPath, FixOutcome } from './eval-types.js';
import type { RunOutputs } from './collect-outputs.js';
import type { FixCaseFiles } from './load-cases.js';
import { git } from './git-tools.js';
import { runTests } from './test-run.js';

export interface FixCollection {
  outcome: FixOutcome;
  /** The branch the run pushed, if any. */
  branch: string | undefined;
}

export interface FixRunState {
  entry: FixCaseFiles;
  repo: string;
  baseSha: string;
  baseTestCount: number;
  outDir: string;
  outputs: RunOutputs | undefined;
  /** A folder for the test checkouts. */
  workDir: string;
  /** Where the run's code is tested: it is the model's, so never on the host as it is. */
  sandbox: Sandbox;
}

export async function collectFix(state: FixRunState): Promise<FixCollection> {
  const { entry, repo, baseSha, baseTestCount } = state;
  const base: FixOutcome = {
    id: entry.id,
    changed: [],
    mayChange: entry.spec.mayChange,
    tests: entry.spec.tests,
    baseTestCount,
    runTestCount: baseTestCount,
    passesWithCaseTests: false,
  };
  const branch = await pushedBranch(state);
  if (branch === undefined) return { outcome: base, branch };
  const changed = await changedPaths(repo, baseSha, branch);
  const isTest = picomatch(entry.spec.tests, { dot: true });
  const head = (await git(repo, ['rev-parse', `refs/heads/${branch}`])).trim();
  const checkout = path.join(state.workDir, 'check');
  await git(state.workDir, ['clone', '-q', '--no-checkout', repo, 'check']);
  await git(checkout, ['checkout', '-q', '--detach', head]);
  // The case's own tests, as they are at the base (a test the run deleted comes back).
  const baseFiles = (await git(checkout, ['ls-tree', '-r', '--name-only', baseSha]))
    .split('\n')
    .filter((file) => file !== '' && isTest(file));
  if (baseFiles.length > 0) await git(checkout, ['checkout', '-q', baseSha, '--', ...baseFiles]);
  const tested = { sandbox: state.sandbox };
  const withCaseTests = await runTests(entry.spec.test.command, checkout, tested);
  let runTestCount = withCaseTests.count;
  if (changed.some((change) => isTest(change.path))) {
    await git(checkout, ['checkout', '-q', '-f', '--detach', head]);
    await git(checkout, ['clean', '-q', '-fdx']);
    runTestCount = (await runTests(entry.spec.test.command, checkout, tested)).count;
  }
  return {
    outcome: {
      ...base,
      changed,
      runTestCount,
      passesWithCaseTests: withCaseTests.exitCode === 0 && !withCaseTests.timedOut,
    },
    branch,
  };
}

/** The branch the run pushed to the repository, when it exists there. */
async function pushedBranch(state: FixRunState): Promise<string | undefined> {
  let branch = state.outputs?.branch_name?.trim();
  if (branch === undefined || branch === '') {
    const pull = await readFile(path.join(state.outDir, 'pull-request.md'), 'utf8').catch(() => '');
    branch = /^(\S+) → \S+/m.exec(pull)?.[1];
  }
  if (branch === undefined || branch === '') return undefined;
  const exists = await git(state.repo, [
    'rev-parse',
    '--verify',
    '-q',
    `refs/heads/${branch}`,
  ]).then(
    () => true,
    () => false,
  );
  return exists ? branch : undefined;
}

/** The paths the branch changes against the base. */
export async function changedPaths(
  repo: string,
  baseSha: string,
  branch: string,
): Promise<ChangedPath[]> {
  const output = await git(repo, [
    'diff',
    '--name-status',
    '--no-renames',
    '-z',
    baseSha,
    `refs/heads/${branch}`,
  ]);
  const removed = await removedLines(repo, baseSha, branch);
  const fields = output.split('\0').filter((field) => field !== '');
  const changed: ChangedPath[] = [];
  for (let index = 0; index + 1 < fields.length; index += 2) {
    const status = fields[index] ?? '';
    const file = fields[index + 1] ?? '';
    const kind = status.startsWith('A') ? 'added' : status.startsWith('D') ? 'deleted' : 'modified';
    const lines = removed.get(file);
    changed.push({
      path: file,
      status: kind,
      ...(kind === 'modified' && lines !== undefined ? { removedLines: lines } : {}),
    });
  }
  return changed;
}

/** Per changed text file, the lines the branch removes or rewrites (`--numstat`'s 2nd column). */
async function removedLines(
  repo: string,
  baseSha: string,
  branch: string,
): Promise<Map<string, number>> {
  const output = await git(repo, [
    'diff',
    '--numstat',
    '--no-renames',
    '-z',
    baseSha,
    `refs/heads/${branch}`,
  ]);
  const removed = new Map<string, number>();
  for (const record of output.split('\0')) {
    const [, deleted, file] = record.split('\t');
    // Binary files show "-": no count, so the scorer treats them as edited.
    if (file !== undefined && deleted !== undefined && /^\d+$/.test(deleted)) {
      removed.set(file, Number(deleted));
    }
  }
  return removed;
}
