// npm run eval end to end: one fixture case of each kind (test/fixtures/evals/) replayed from its
// hand-written recording through the real dist/cli.js, collected, scored (by a stand-in that
// keeps the outcomes, so this test sees what the harness collected) and written as results.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { FixOutcome, ReviewOutcome, TriageOutcome } from '../../evals/harness/eval-types.js';
import { OFFLINE_NOTICE, runEval } from '../../evals/harness/run-eval.js';
import type { ResultsDocument, Scoring } from '../../evals/harness/scoring.js';
import { FIXTURES, fixCase, tempFolder, writeFiles } from '../evals/harness-support.js';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Keeps each outcome as its "detail"; counts the cases as the "scores". */
const keepOutcomes: Scoring<ResultsDocument> = {
  review: (outcome) => outcome,
  fix: (outcome) => outcome,
  triage: (outcome) => outcome,
  aggregate: (details) => ({
    review: details.review.length,
    fix: details.fix.length,
    triage: details.triage.length,
  }),
  check: (document) => document as ResultsDocument,
  markdown: (results) => `## Eval results: ${results.model} ${results.config.name}\n`,
  chart: (results) => `<svg data-runs="${results.length}"></svg>\n`,
  compare: () => ({ count: 0, text: 'No regressions.' }),
};

async function evalRun(
  argv: string[],
  options: { casesDir?: string; env?: NodeJS.ProcessEnv } = {},
) {
  let stdout = '';
  let stderr = '';
  const code = await runEval(argv, {
    scoring: keepOutcomes,
    root: ROOT,
    casesDir: options.casesDir ?? path.join(FIXTURES, 'cases'),
    recordingsDir: path.join(FIXTURES, 'recordings'),
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...options.env },
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
  });
  return { code, stdout, stderr };
}

describe('npm run eval', () => {
  it(
    'replays a case of each kind through dist/cli.js and writes the results, report, chart and summary',
    { timeout: 180_000 },
    async () => {
      const dir = await tempFolder();
      const out = path.join(dir, 'results', 'run.json');
      const summary = path.join(dir, 'summary.md');
      const started = Date.now();
      const run = await evalRun(['--offline', '--out', out, '--summary', summary]);
      const elapsed = Date.now() - started;
      expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
      expect(run.stdout).toContain('3 cases: replaying the recording set scripted');
      expect(run.stdout).toContain(OFFLINE_NOTICE);

      const results = JSON.parse(await readFile(out, 'utf8')) as ResultsDocument;
      expect(results).toMatchObject({
        schema: 1,
        model: 'replay',
        config: {
          name: 'fanout800-thinkingdefault',
          fanout: 800,
          thinking: null,
          recordings: 'scripted',
          live: false,
        },
        node: process.version,
        scores: { review: 1, fix: 1, triage: 1 },
      });
      expect(results.durationMs).toBeLessThanOrEqual(elapsed);
      const byId = new Map(results.cases.map((entry) => [entry.id, entry]));
      for (const entry of results.cases) {
        expect(entry.status, `${entry.id}: ${entry.error ?? ''}`).toBe('ok');
        expect(
          entry.tokens,
          'no token counts: this dist/cli.js writes no outputs.json; rebuild it with npm run bundle',
        ).not.toBeNull();
        expect(entry.tokens?.input).toBeGreaterThan(0);
        expect(entry.tokens?.output).toBeGreaterThan(0);
        expect(entry.wallMs).toBeGreaterThan(0);
      }
      expect(results.cases.map((entry) => entry.requests)).toEqual([3, 4, 2]);

      const review = byId.get('js-fixture-page-bound');
      expect(review).toMatchObject({ kind: 'review', language: 'javascript' });
      expect((review?.detail as ReviewOutcome).posted).toEqual([
        expect.objectContaining({ path: 'src/pages.js', line: 9, startLine: 8, side: 'RIGHT' }),
      ]);
      expect((review?.detail as ReviewOutcome).posted[0]?.body).toContain('Math.ceil');

      const fix = byId.get('js-fixture-celsius')?.detail as FixOutcome;
      expect(fix).toEqual({
        id: 'js-fixture-celsius',
        changed: [{ path: 'src/convert.js', status: 'modified', removedLines: 1 }],
        mayChange: ['src/**'],
        tests: ['test/**'],
        baseTestCount: 2,
        runTestCount: 2,
        passesWithCaseTests: true,
      });

      const triage = byId.get('triage-01-fixture-crash')?.detail as TriageOutcome;
      expect(triage.chosen).toEqual(['bug', 'area: config', 'documentation']);
      expect(triage.expected).toEqual(['bug', 'area: config']);

      expect(await readFile(path.join(dir, 'results', 'run.md'), 'utf8')).toBe(
        '## Eval results: replay fanout800-thinkingdefault\n',
      );
      expect(await readFile(path.join(dir, 'results', 'run.svg'), 'utf8')).toContain(
        'data-runs="1"',
      );
      const summaryText = await readFile(summary, 'utf8');
      expect(summaryText).toContain('## Eval results: replay');
      expect(summaryText).toMatch(/Results: `[^`]*run\.json`, `[^`]*run\.md`, `[^`]*run\.svg`/);
    },
  );

  it('a missing recording is an error of that case, not a crash', { timeout: 60_000 }, async () => {
    const dir = await tempFolder();
    const run = await evalRun([
      '--offline',
      '--kind',
      'triage',
      '--recordings',
      'not-recorded',
      '--out',
      path.join(dir, 'r.json'),
    ]);
    expect(run.code).toBe(1);
    const results = JSON.parse(await readFile(path.join(dir, 'r.json'), 'utf8')) as ResultsDocument;
    expect(results.cases).toEqual([
      expect.objectContaining({
        id: 'triage-01-fixture-crash',
        status: 'error',
        error: expect.stringContaining(
          'no recording at test/fixtures/evals/recordings/not-recorded/triage/triage-01-fixture-crash.jsonl: record it with npm run eval -- --record --case triage-01-fixture-crash',
        ) as string,
      }),
    ]);
    expect(run.stderr).toContain('1 case did not run to the end');
  });

  it('a bad case stops everything before any run, naming the file and the reason', async () => {
    const dir = await tempFolder();
    const cases = path.join(dir, 'cases');
    await writeFiles(cases, {
      'fix/js-passing/case.json': fixCase(),
      'fix/js-passing/repo/package.json': '{ "type": "module" }\n',
      'fix/js-passing/repo/test/a.test.js':
        "import { test } from 'node:test';\ntest('ok', () => {});\n",
      'triage/triage-01-bad.json': { title: 'x', body: '', labels: [], expected: [] },
    });
    const out = path.join(dir, 'r.json');
    const run = await evalRun(['--offline', '--out', out], { casesDir: cases });
    expect(run.code).toBe(52);
    expect(run.stderr).toContain(
      `${path.join(cases, 'triage', 'triage-01-bad.json')}: labels: expected the repository's labels`,
    );
    expect(existsSync(out)).toBe(false);
    // The schema is checked first; once it holds, the base state is.
    await writeFiles(cases, {
      'triage/triage-01-bad.json': {
        title: 'x',
        body: '',
        labels: [{ name: 'bug' }],
        expected: [],
      },
    });
    const again = await evalRun(['--offline', '--out', out], { casesDir: cases });
    expect(again.code).toBe(52);
    expect(again.stderr).toContain(
      'fix/js-passing/case.json: test.command "node --test": expected it to fail at the base state',
    );
    expect(again.stdout).not.toContain('✓');
    expect(existsSync(out)).toBe(false);
  });

  it('--record without credentials says what is needed', async () => {
    const run = await evalRun(['--record']);
    expect(run.code).toBe(41);
    expect(run.stderr).toContain(
      '--record calls the model, and no credentials are set: set GEMINI_API_KEY',
    );
    expect(run.stderr).toContain('npm run eval -- --offline replays the recorded sessions');
  });

  it('--help lists the flags; a wrong flag exits 42', async () => {
    const help = await evalRun(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: npm run eval -- [options]');
    expect((await evalRun(['--kind', 'lint'])).code).toBe(42);
  });
});
