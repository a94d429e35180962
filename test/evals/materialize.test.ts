// Cases become real git repositories: a review case's base and head commits, with the golden
// findings checked against the lines the diff changes; a fix case's failing state, checked to
// fail and to count its tests.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type {
  FixCaseFiles,
  ReviewCaseFiles,
  TriageCaseFiles,
} from '../../evals/harness/load-cases.js';
import { CaseError, loadCases } from '../../evals/harness/load-cases.js';
import { materializeFix } from '../../evals/harness/materialize-fix.js';
import { materializeTriage } from '../../evals/harness/materialize-triage.js';
import {
  lineRanges,
  materializeReview,
  parseChangedLines,
} from '../../evals/harness/materialize-review.js';
import { fixCase, reviewCase, tempFolder, triageCase, writeFiles } from './harness-support.js';

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();

async function reviewEntry(files: Record<string, string | Record<string, unknown>>) {
  const root = await tempFolder();
  await writeFiles(root, files);
  const [entry] = await loadCases(root, { kinds: ['review'], ids: [] });
  return { entry: entry as ReviewCaseFiles, work: await tempFolder() };
}

const BASE =
  'export function page(items, n, size) {\n  return items.slice((n - 1) * size, n * size);\n}\n';
const HEAD = `${BASE}\nexport function pageCount(count, size) {\n  return Math.floor(count / size);\n}\n`;

describe('materializeReview', () => {
  it('commits the base on main and the head on top, HEAD detached at the head', async () => {
    const { entry, work } = await reviewEntry({
      'review/js-page/case.json': reviewCase({
        deleted: ['old.js'],
        golden: [
          {
            path: 'src/pages.js',
            startLine: 5,
            endLine: 7,
            category: 'logic',
            statement: 's',
            keywords: ['ceil'],
          },
        ],
      }),
      'review/js-page/base/src/pages.js': BASE,
      'review/js-page/base/old.js': 'gone\n',
      'review/js-page/base/README.md': '# pages\n',
      'review/js-page/head/src/pages.js': HEAD,
      'review/js-page/head/src/new.js': 'export const x = 1;\n',
    });
    const repo = await materializeReview(entry, work);
    expect(git(repo.repo, 'rev-parse', 'main')).toBe(repo.baseSha);
    expect(git(repo.repo, 'rev-parse', 'eval-head')).toBe(repo.headSha);
    expect(git(repo.repo, 'rev-parse', 'HEAD')).toBe(repo.headSha);
    expect(git(repo.repo, 'rev-parse', 'HEAD~1')).toBe(repo.baseSha);
    expect(git(repo.repo, 'log', '-1', '--format=%s')).toBe('Add pageCount');
    expect(git(repo.repo, 'diff', '--name-status', repo.baseSha, repo.headSha).split('\n')).toEqual(
      ['D\told.js', 'A\tsrc/new.js', 'M\tsrc/pages.js'],
    );
    expect(existsSync(path.join(repo.repo, 'old.js'))).toBe(false);
    expect(await readFile(path.join(repo.repo, 'README.md'), 'utf8')).toBe('# pages\n');
    expect(repo.changedLines.get('src/pages.js')).toEqual([4, 5, 6, 7]);
    expect(repo.changedLines.get('src/new.js')).toEqual([1]);
    expect(repo.changedLines.has('old.js')).toBe(false);
    expect({
      additions: repo.additions,
      deletions: repo.deletions,
      files: repo.changedFiles,
    }).toEqual({
      additions: 5,
      deletions: 1,
      files: 3,
    });
    // The same case gives the same commits on every run (recordings may mention them).
    const again = await materializeReview(entry, await tempFolder());
    expect(again.headSha).toBe(repo.headSha);
  });

  it('rejects a golden range with no changed line, naming the case file and the changed lines', async () => {
    const { entry, work } = await reviewEntry({
      'review/js-page/case.json': reviewCase({
        golden: [
          {
            path: 'src/pages.js',
            startLine: 1,
            endLine: 3,
            category: 'logic',
            statement: 's',
            keywords: ['k'],
          },
          {
            path: 'README.md',
            startLine: 1,
            endLine: 1,
            category: 'logic',
            statement: 's',
            keywords: ['k'],
          },
        ],
        deleted: ['missing.js'],
      }),
      'review/js-page/base/src/pages.js': BASE,
      'review/js-page/base/README.md': '# pages\n',
      'review/js-page/head/src/pages.js': HEAD,
    });
    const error = await materializeReview(
      entry,
      work,
      (file) => path.basename(path.dirname(file)) + '/case.json',
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CaseError);
    expect((error as CaseError).problems).toEqual([
      {
        file: 'js-page/case.json',
        message: 'deleted: expected "missing.js" to be a file of base/, and it is not',
      },
      {
        file: 'js-page/case.json',
        message:
          'golden[0] (src/pages.js:1-3): expected the range to contain a line the pull request adds or changes; in src/pages.js those are 4-7',
      },
      {
        file: 'js-page/case.json',
        message:
          'golden[1] (README.md:1-1): expected a file the pull request adds or changes (src/pages.js), and README.md is not one',
      },
    ]);
  });

  it('reads the changed lines of a -U0 diff', () => {
    const diff = [
      'diff --git a/a.js b/a.js',
      '--- a/a.js',
      '+++ b/a.js',
      '@@ -3 +3 @@ x',
      '@@ -10,2 +10,0 @@',
      '@@ -20,0 +21,3 @@',
      'diff --git a/gone.js b/gone.js',
      '--- a/gone.js',
      '+++ /dev/null',
      '@@ -1,4 +0,0 @@',
    ].join('\n');
    expect([...parseChangedLines(diff)]).toEqual([['a.js', [3, 21, 22, 23]]]);
    expect(lineRanges([9, 3, 4, 5, 12, 13])).toBe('3-5, 9, 12-13');
  });
});

describe('materializeFix', () => {
  const failing = {
    'src/add.js': 'export const add = (a, b) => a - b;\n',
    'test/add.test.js':
      "import assert from 'node:assert/strict';\nimport { test } from 'node:test';\nimport { add } from '../src/add.js';\ntest('adds', () => assert.equal(add(2, 2), 4));\ntest('zero', () => assert.equal(add(0, 0), 0));\n",
    'package.json': '{ "type": "module" }\n',
  };

  async function fixEntry(repoFiles: Record<string, string>) {
    const root = await tempFolder();
    await writeFiles(root, {
      'fix/js-add/case.json': fixCase(),
      ...Object.fromEntries(
        Object.entries(repoFiles).map(([file, text]) => [`fix/js-add/repo/${file}`, text]),
      ),
    });
    const [entry] = await loadCases(root, { kinds: ['fix'], ids: [] });
    return entry as FixCaseFiles;
  }

  it('commits the failing state and counts its tests', async () => {
    const entry = await fixEntry(failing);
    const repo = await materializeFix(entry, await tempFolder());
    expect(repo.baseTestCount).toBe(2);
    expect(git(repo.repo, 'rev-parse', 'HEAD')).toBe(repo.baseSha);
    expect(git(repo.repo, 'status', '--porcelain')).toBe('');
  });

  it('rejects a case whose tests already pass', async () => {
    const entry = await fixEntry({
      ...failing,
      'src/add.js': 'export const add = (a, b) => a + b;\n',
    });
    await expect(
      materializeFix(entry, await tempFolder(), () => 'js-add/case.json'),
    ).rejects.toThrow(
      'js-add/case.json: test.command "node --test": expected it to fail at the base state (the failing test the fix must make pass), and it passes',
    );
  });

  it('rejects a test command whose output counts no tests', async () => {
    const root = await tempFolder();
    await writeFiles(root, {
      'fix/js-add/case.json': fixCase({ test: { command: 'exit 3', allowedCommands: ['exit 3'] } }),
      'fix/js-add/repo/a.js': '',
    });
    const [entry] = await loadCases(root, { kinds: ['fix'], ids: [] });
    await expect(materializeFix(entry as FixCaseFiles, await tempFolder())).rejects.toThrow(
      /expected output that counts the tests \("# tests N" from node --test, "Ran N tests" from python3 -m unittest\)/,
    );
  });
});

describe('materializeTriage', () => {
  it('runs every case on cases/triage/repo/ when the cases have one, else on a README alone', async () => {
    const root = await tempFolder();
    await writeFiles(root, {
      'triage/triage-01-a.json': triageCase(),
      'triage/repo/src/merge.js': 'export function merge() {}\n',
      'triage/repo/README.md': '# cfgconv\n',
    });
    const [entry] = await loadCases(root, { kinds: ['triage'], ids: [] });
    const shared = await materializeTriage(entry as TriageCaseFiles, await tempFolder());
    expect(git(shared.repo, 'ls-files').split('\n')).toEqual(['README.md', 'src/merge.js']);
    expect(git(shared.repo, 'rev-parse', '--abbrev-ref', 'HEAD')).toBe('main');

    const plain = await materializeTriage(
      { ...(entry as TriageCaseFiles), repoDir: undefined },
      await tempFolder(),
    );
    expect(git(plain.repo, 'ls-files')).toBe('README.md');
  });
});
