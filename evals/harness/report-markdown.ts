/**
 * The markdown report of a run, for the results folder and the job summary: a headline table per
 * kind with each value and its 95 % bootstrap interval, per-category and per-label tables, and a
 * per-case table with the result, wall time, tokens and cost. A run that replayed recordings says
 * so first, so its numbers are not read as a model's.
 */
import type { Metric, PrfScores } from './aggregate.js';
import { DEFAULT_RESAMPLES } from './bootstrap.js';
import { REVIEW_CATEGORIES } from './eval-types.js';
import type { CaseResult, EvalResults } from './results-schema.js';
import type { FixCaseDetail } from './score-fix.js';
import type { ReviewCaseDetail } from './score-review.js';
import type { TriageCaseDetail } from './score-triage.js';

/** The line an offline run of the hand-written recordings carries. */
export const SCRIPTED_NOTICE =
  'Replayed scripted sessions: these scores test the harness, not a model.';

/** Longest text of a result cell before it is cut with an ellipsis. */
const RESULT_WIDTH = 72;

function cell(text: string): string {
  return text.replace(/\r?\n/g, ' ').replace(/\|/g, '\\|');
}

function cut(text: string, width = RESULT_WIDTH): string {
  return text.length <= width ? text : `${text.slice(0, width - 1)}…`;
}

function table(header: string[], rows: string[][], right: readonly number[] = []): string {
  const align = header.map((_, index) => (right.includes(index) ? '---:' : '---'));
  return [header, align, ...rows].map((row) => `| ${row.map(cell).join(' | ')} |`).join('\n');
}

const fixed = (value: number) => value.toFixed(2);

function interval(metric: Metric | null): string {
  return metric === null ? '—' : `${fixed(metric.low)}–${fixed(metric.high)}`;
}

/** A value with its interval in one cell: `0.62 [0.41–0.80]`, or n/a when undefined. */
function withInterval(metric: Metric | null): string {
  return metric === null ? 'n/a' : `${fixed(metric.value)} [${interval(metric)}]`;
}

function headline(rows: [string, Metric | null][]): string {
  return table(
    ['Metric', 'Value', '95 % interval'],
    rows.map(([name, metric]) => [
      name,
      metric === null ? 'n/a' : fixed(metric.value),
      interval(metric),
    ]),
    [1, 2],
  );
}

function prfRow(name: string, scores: PrfScores, extra: string[]): string[] {
  return [
    name,
    withInterval(scores.precision),
    withInterval(scores.recall),
    withInterval(scores.f1),
    ...extra,
  ];
}

function source(results: EvalResults): string {
  const { recordings, live } = results.config;
  if (live || recordings === null) return `Live run: the model was called for every case.`;
  if (recordings === 'scripted') return `${SCRIPTED_NOTICE} (recording set \`scripted\`)`;
  return `Replayed recorded sessions (recording set \`${recordings}\`): no model was called in this run; the scores are those of the sessions when they were recorded.`;
}

function seconds(ms: number): string {
  return ms >= 60_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 1000).toFixed(1)} s`;
}

function usd(cost: number | null): string {
  if (cost === null) return '—';
  return cost >= 0.01 || cost === 0 ? `$${cost.toFixed(2)}` : `$${cost.toFixed(4)}`;
}

function thousands(value: number): string {
  return value.toLocaleString('en-US');
}

function reviewResult(detail: ReviewCaseDetail): string {
  const reasons = [
    ...new Set(detail.posted.flatMap((p) => (p.reason === undefined ? [] : [p.reason]))),
  ];
  const why = reasons.length > 0 ? ` (${reasons.join(', ')})` : '';
  if (detail.clean) {
    return detail.fp === 0
      ? 'clean PR, no findings'
      : `clean PR, ${detail.fp} false positive(s)${why}`;
  }
  return `found ${detail.tp}/${detail.tp + detail.fn}, ${detail.fp} false positive(s)${why}`;
}

function fixResult(detail: FixCaseDetail): string {
  if (detail.success) return 'success';
  const failed: string[] = [];
  if (!detail.passes) failed.push('tests fail');
  const outside = detail.reasons.filter((r) => r.check === 'withinScope').map((r) => r.path ?? '?');
  if (outside.length > 0) failed.push(`out of scope: ${outside.join(', ')}`);
  if (!detail.notWeakened) failed.push('test weakened');
  return `failed: ${failed.join('; ')}`;
}

function triageResult(detail: TriageCaseDetail): string {
  if (detail.exact) return `exact (${detail.expected.join(', ') || 'no labels'})`;
  const extra = detail.chosen.filter((label) => !detail.expected.includes(label));
  const missing = detail.expected.filter((label) => !detail.chosen.includes(label));
  return [...extra.map((label) => `+${label}`), ...missing.map((label) => `−${label}`)].join(' ');
}

function caseResult(result: CaseResult): string {
  const scored =
    result.kind === 'review'
      ? reviewResult(result.detail)
      : result.kind === 'fix'
        ? fixResult(result.detail)
        : triageResult(result.detail);
  return cut(
    result.status === 'error' ? `error: ${result.error ?? 'the run failed'}; ${scored}` : scored,
  );
}

function caseTable(cases: readonly CaseResult[]): string {
  return table(
    ['Case', 'Kind', 'Result', 'Wall', 'Tokens in / cached / out', 'Cost'],
    cases.map((result) => [
      result.id,
      result.kind,
      caseResult(result),
      seconds(result.wallMs),
      result.tokens === null
        ? '—'
        : `${thousands(result.tokens.input)} / ${thousands(result.tokens.cachedInput)} / ${thousands(result.tokens.output)}`,
      usd(result.costUsd),
    ]),
    [3, 5],
  );
}

export function renderMarkdown(results: EvalResults): string {
  const { review, fix, triage } = results.scores;
  const costs = results.cases.map((c) => c.costUsd);
  const known = costs.filter((cost): cost is number => cost !== null);
  const total =
    known.length === 0
      ? 'cost unknown'
      : `${usd(known.reduce((t, c) => t + c, 0))}${known.length < costs.length ? ' (where known)' : ''}`;
  const errors = results.cases.filter((c) => c.status === 'error').length;
  const parts: string[] = [
    `## Evals: ${results.model} · ${results.config.name}`,
    '',
    [
      results.date,
      results.commit === null ? 'no commit' : `commit ${results.commit.slice(0, 12)}`,
      `Node ${results.node}`,
      `${results.cases.length} case(s) in ${seconds(results.durationMs)}`,
      total,
      ...(errors > 0 ? [`${errors} case(s) failed to run`] : []),
    ].join(' · '),
    '',
    `> ${source(results)}`,
    '',
    `Intervals: 2.5th–97.5th percentile of the metric over ${DEFAULT_RESAMPLES.toLocaleString('en-US')} bootstrap resamples of the cases. n/a: undefined (nothing posted, or nothing to find).`,
  ];

  if (review !== null) {
    parts.push(
      '',
      `### Review (${review.cases} pull requests)`,
      '',
      headline([
        ['Precision', review.overall.precision],
        ['Recall', review.overall.recall],
        ['F1', review.overall.f1],
      ]),
      '',
      `Matched ${review.overall.tp}, false positives ${review.overall.fp} (${review.uncategorizedFalsePositives} near no planted defect), missed ${review.overall.fn}. Clean pull requests: ${review.clean.cases}, with ${review.clean.falsePositives} false positive(s) on ${review.clean.casesWithFindings} of them.`,
      '',
      table(
        ['Category', 'Precision', 'Recall', 'F1', 'TP', 'FP', 'FN'],
        REVIEW_CATEGORIES.map((category) => {
          const scores = review.byCategory[category];
          return prfRow(category, scores, [
            String(scores.tp),
            String(scores.fp),
            String(scores.fn),
          ]);
        }),
        [4, 5, 6],
      ),
    );
  }
  if (fix !== null) {
    parts.push(
      '',
      `### Fix (${fix.cases} issues)`,
      '',
      headline([
        ['Success (all three below)', fix.success],
        ['Tests pass', fix.passes],
        ['Within scope', fix.withinScope],
        ['No test weakened', fix.notWeakened],
      ]),
    );
  }
  if (triage !== null) {
    parts.push(
      '',
      `### Triage (${triage.cases} issues)`,
      '',
      headline([
        ['Exact-set accuracy', triage.exactSet],
        ['Micro F1', triage.microF1],
        ['Macro F1', triage.macroF1],
      ]),
      '',
      table(
        ['Label', 'Precision', 'Recall', 'F1', 'Cases'],
        Object.entries(triage.byLabel).map(([label, scores]) =>
          prfRow(label, scores, [String(scores.f1?.n ?? 0)]),
        ),
        [4],
      ),
    );
  }
  parts.push('', '### Cases', '', caseTable(results.cases), '');
  return parts.join('\n');
}
