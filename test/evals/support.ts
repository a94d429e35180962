// Results of a made-up run for the report, chart, schema and compare tests, built the way the
// harness builds them: outcomes scored by the real scorers and aggregated. Nothing runs.
import { aggregateScores } from '../../evals/harness/aggregate.js';
import type { GoldenFinding, PostedFinding } from '../../evals/harness/eval-types.js';
import type { CaseResult, EvalResults } from '../../evals/harness/results-schema.js';
import { scoreFixCase } from '../../evals/harness/score-fix.js';
import { scoreReviewCase } from '../../evals/harness/score-review.js';
import { scoreTriageCase } from '../../evals/harness/score-triage.js';

const cost = {
  wallMs: 12_345,
  requests: 3,
  tokens: { input: 12_000, cachedInput: 4_000, output: 800 },
  costUsd: 0.0123,
};

export function golden(
  path: string,
  line: number,
  category: GoldenFinding['category'],
): GoldenFinding {
  return {
    path,
    startLine: line,
    endLine: line,
    category,
    statement: 'A planted defect.',
    keywords: ['defect'],
  };
}

export function found(path: string, line: number, body = 'This is the defect.'): PostedFinding {
  return { path, line, side: 'RIGHT', body };
}

/** `hits` of `cases` review cases found their one defect; the rest posted nothing. */
export function reviewCases(cases: number, hits: number): CaseResult[] {
  return Array.from({ length: cases }, (_, index) => {
    const id = `ts-case-${index}`;
    const planted = golden('src/a.ts', 10, index % 2 === 0 ? 'logic' : 'security');
    const posted = index < hits ? [found('src/a.ts', 10)] : [];
    return {
      kind: 'review',
      id,
      language: 'typescript',
      status: 'ok',
      ...cost,
      detail: scoreReviewCase({ id, golden: [planted], posted }),
    };
  });
}

export function results(fields: Partial<EvalResults> = {}, cases?: CaseResult[]): EvalResults {
  const all: CaseResult[] = cases ?? [
    ...reviewCases(6, 4),
    {
      kind: 'review',
      id: 'py-clean-refactor',
      language: 'python',
      status: 'ok',
      ...cost,
      detail: scoreReviewCase({
        id: 'py-clean-refactor',
        golden: [],
        posted: [found('app.py', 3, 'Nit | style')],
      }),
    },
    {
      kind: 'fix',
      id: 'js-off-by-one-page',
      language: 'javascript',
      status: 'ok',
      ...cost,
      detail: scoreFixCase({
        id: 'js-off-by-one-page',
        changed: [{ path: 'src/pages.js', status: 'modified', removedLines: 1 }],
        mayChange: ['src/**'],
        tests: ['test/**'],
        baseTestCount: 4,
        runTestCount: 4,
        passesWithCaseTests: true,
      }),
    },
    {
      kind: 'fix',
      id: 'py-weakened',
      language: 'python',
      status: 'error',
      error: 'exit code 1',
      wallMs: 900,
      requests: null,
      tokens: null,
      costUsd: null,
      detail: scoreFixCase({
        id: 'py-weakened',
        changed: [
          { path: 'tests/test_a.py', status: 'deleted' },
          { path: 'setup.py', status: 'modified', removedLines: 2 },
        ],
        mayChange: ['src/**'],
        tests: ['tests/**'],
        baseTestCount: 3,
        runTestCount: 2,
        passesWithCaseTests: false,
      }),
    },
    {
      kind: 'triage',
      id: 'triage-01-empty-config',
      status: 'ok',
      ...cost,
      detail: scoreTriageCase({
        id: 'triage-01-empty-config',
        labels: [{ name: 'bug' }, { name: 'docs' }],
        expected: ['bug'],
        chosen: ['bug', 'docs'],
      }),
    },
    {
      kind: 'triage',
      id: 'triage-02-question',
      status: 'ok',
      ...cost,
      detail: scoreTriageCase({
        id: 'triage-02-question',
        labels: [{ name: 'question' }],
        expected: ['question'],
        chosen: ['question'],
      }),
    },
  ];
  const review = all.flatMap((c) => (c.kind === 'review' ? [c.detail] : []));
  const fix = all.flatMap((c) => (c.kind === 'fix' ? [c.detail] : []));
  const triage = all.flatMap((c) => (c.kind === 'triage' ? [c.detail] : []));
  return {
    schema: 1,
    date: '2026-12-07T02:00:00.000Z',
    model: 'replay',
    config: {
      name: 'fanout0-thinkingdefault',
      fanout: 0,
      thinking: null,
      recordings: 'scripted',
      live: false,
    },
    commit: 'e45ea5d8dab9883ad63a280fc6d106266677aac0',
    node: 'v22.20.0',
    durationMs: 95_000,
    cases: all,
    scores: aggregateScores({ review, fix, triage }),
    ...fields,
  };
}
