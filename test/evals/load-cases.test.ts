// Case files are checked before anything runs: every bad file is named with what was expected.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CaseSelection } from '../../evals/harness/load-cases.js';
import { CaseError, loadCases } from '../../evals/harness/load-cases.js';
import { fixCase, reviewCase, tempFolder, triageCase, writeFiles } from './harness-support.js';

const ALL: CaseSelection = { kinds: ['review', 'fix', 'triage'], ids: [] };

async function problemsOf(root: string, selection: CaseSelection = ALL): Promise<string[]> {
  try {
    await loadCases(
      root,
      { kinds: [...selection.kinds], ids: [...selection.ids] },
      (file) => path.relative(root, file) || '.',
    );
  } catch (error) {
    if (error instanceof CaseError) return error.problems.map((p) => `${p.file}: ${p.message}`);
    throw error;
  }
  return [];
}

describe('loadCases', () => {
  it('loads a valid case of each kind, sorted by kind then id', async () => {
    const root = await tempFolder();
    await writeFiles(root, {
      'review/js-b/case.json': reviewCase(),
      'review/js-b/base/src/pages.js': 'a\n',
      'review/js-b/head/src/pages.js': 'a\nb\nc\n',
      'review/ts-a/case.json': reviewCase({ language: 'typescript', golden: [] }),
      'review/ts-a/base/a.ts': 'x\n',
      'review/ts-a/head/a.ts': 'y\n',
      'fix/py-c/case.json': fixCase({ language: 'python' }),
      'fix/py-c/repo/a.py': '',
      'triage/triage-01-crash.json': triageCase(),
      'triage/README.md': 'not a case',
    });
    const cases = await loadCases(root, { kinds: ['review', 'fix', 'triage'], ids: [] });
    expect(cases.map((entry) => `${entry.kind}/${entry.id}`)).toEqual([
      'review/js-b',
      'review/ts-a',
      'fix/py-c',
      'triage/triage-01-crash',
    ]);
    const only = await loadCases(root, { kinds: ['review', 'triage'], ids: ['ts-a'] });
    expect(only.map((entry) => entry.id)).toEqual(['ts-a']);
  });

  it('names every bad file and what was expected, all at once', async () => {
    const root = await tempFolder();
    await writeFiles(root, {
      'review/js-syntax/case.json': '{ "language": "javascript", }',
      'review/js-syntax/base/a.js': '',
      'review/js-fields/case.json': reviewCase({
        golden: [
          {
            path: '../outside.js',
            startLine: 5,
            endLine: 2,
            category: 'style',
            statement: '',
            keywords: ['Ceil'],
          },
        ],
        titel: 'typo',
      }),
      'review/js-fields/base/a.js': '',
      'review/js-fields/head/a.js': 'b',
      'review/go-prefix/case.json': reviewCase({ language: 'python' }),
      'review/go-prefix/base/a.py': '',
      'review/go-prefix/head/a.py': 'b',
      'review/js-nobase/case.json': reviewCase(),
      'review/js-nobase/head/a.js': '',
      'review/js-nocase/base/a.js': '',
      'fix/js-fix/case.json': fixCase({ mayChange: [], test: { command: 'node --test' } }),
      'fix/js-fix/repo/a.js': '',
      'triage/triage-02-labels.json': triageCase({ expected: ['bug', 'question'] }),
      'triage/crash.json': triageCase(),
    });
    const problems = await problemsOf(root);
    const expected = [
      /^review\/go-prefix\/case\.json: expected the id of a python case to start with "py-", not "go-prefix"$/,
      /^review\/js-fields\/case\.json: unexpected key "titel"/,
      /^review\/js-fields\/case\.json: golden\[0\]\.path: expected a path relative to the repository root/,
      /^review\/js-fields\/case\.json: golden\[0\]\.category: expected one of logic, security, concurrency, error-handling, api-misuse, tests$/,
      /^review\/js-fields\/case\.json: golden\[0\]\.statement: expected a short statement/,
      /^review\/js-fields\/case\.json: golden\[0\]\.keywords\[0\]: expected a lowercase keyword$/,
      /^review\/js-nobase: expected a base\/ folder/,
      /^review\/js-nocase: expected a case\.json in the case folder/,
      /^review\/js-syntax\/case\.json: expected JSON: /,
      /^fix\/js-fix\/case\.json: test\.allowedCommands: /,
      /^fix\/js-fix\/case\.json: mayChange: expected the globs the change must stay within/,
      /^triage\/crash\.json: expected a triage id such as "triage-01-empty-config-crash", not "crash"$/,
      /^triage\/triage-02-labels\.json: expected\[1\]: expected one of the case's labels, but "question" is not among them$/,
    ];
    for (const pattern of expected) {
      expect(
        problems.some((problem) => pattern.test(problem)),
        `${pattern}\n${problems.join('\n')}`,
      ).toBe(true);
    }
    // endLine before startLine is checked once the fields have the right types.
    await writeFiles(root, {
      'review/js-fields/case.json': reviewCase({
        golden: [
          {
            path: 'a.js',
            startLine: 5,
            endLine: 2,
            category: 'logic',
            statement: 's',
            keywords: ['k'],
          },
        ],
      }),
    });
    expect(await problemsOf(root)).toContain(
      'review/js-fields/case.json: golden[0].endLine: expected endLine at or after startLine',
    );
  });

  it('rejects a --case that names no case', async () => {
    const root = await tempFolder();
    await writeFiles(root, { 'triage/triage-01-a.json': triageCase() });
    expect(await problemsOf(root, { kinds: ['triage'], ids: ['triage-09-missing'] })).toEqual([
      '.: --case triage-09-missing: expected the id of a triage case, and there is none',
    ]);
  });

  it('the error message lists the problems one a line', () => {
    const error = new CaseError([
      { file: 'a/case.json', message: 'one' },
      { file: 'b.json', message: 'two' },
    ]);
    expect(error.message).toBe('2 cases are not valid:\n  a/case.json: one\n  b.json: two');
  });
});
