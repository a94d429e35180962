/**
 * The regression check of `--compare`: a metric regresses when its new value lies below the
 * earlier run's interval (`new < old.low`), a drop larger than the earlier run's own case-to-case
 * noise. Only metrics both runs have, each over enough cases, are compared: a metric on three
 * cases has an interval too wide, or a degenerate one, to mean anything.
 *
 * By default only the headline metrics are compared: each comparison is a chance of a false alarm
 * on a nightly run, and per-category or per-label figures rest on few cases. `scope: 'all'` adds
 * per-category and per-label F1.
 */
import type { Metric, PrfScores, Scores } from './aggregate.js';
import type { Estimate } from './eval-types.js';
import { REVIEW_CATEGORIES } from './eval-types.js';
import type { EvalResults } from './results-schema.js';

/** The fewest cases a metric must rest on, in both runs, to be compared. */
export const MIN_CASES = 5;

export interface Regression {
  /** `review.f1`, `fix.success`, `review.security.f1`, `triage.label.bug.f1`, … */
  metric: string;
  old: Estimate;
  new: Estimate;
}

export interface SkippedMetric {
  metric: string;
  reason: 'missing' | 'too-few-cases';
}

export interface Comparison {
  regressions: Regression[];
  /** The metrics compared (regressed or not). */
  compared: string[];
  skipped: SkippedMetric[];
}

export interface CompareOptions {
  minCases?: number;
  scope?: 'headline' | 'all';
}

/** Every metric of the scores by name, null where undefined. */
export function namedMetrics(
  scores: Scores,
  scope: 'headline' | 'all' = 'headline',
): Map<string, Metric | null> {
  const metrics = new Map<string, Metric | null>();
  const prf = (prefix: string, of: PrfScores | undefined, which: readonly (keyof PrfScores)[]) => {
    for (const name of which) {
      const found = of?.[name];
      metrics.set(`${prefix}.${name}`, typeof found === 'object' ? found : null);
    }
  };
  const { review, fix, triage } = scores;
  prf('review', review?.overall, ['precision', 'recall', 'f1']);
  for (const name of ['success', 'passes', 'withinScope', 'notWeakened'] as const) {
    metrics.set(`fix.${name}`, fix?.[name] ?? null);
  }
  for (const name of ['exactSet', 'microF1', 'macroF1'] as const) {
    metrics.set(`triage.${name}`, triage?.[name] ?? null);
  }
  if (scope === 'all') {
    for (const category of REVIEW_CATEGORIES) {
      prf(`review.${category}`, review?.byCategory[category], ['f1']);
    }
    for (const [label, scoresOfLabel] of Object.entries(triage?.byLabel ?? {})) {
      prf(`triage.label.${label}`, scoresOfLabel, ['f1']);
    }
  }
  return metrics;
}

const estimate = (metric: Metric): Estimate => ({
  value: metric.value,
  low: metric.low,
  high: metric.high,
});

export function compareResults(
  previous: EvalResults,
  current: EvalResults,
  options: CompareOptions = {},
): Comparison {
  const minCases = options.minCases ?? MIN_CASES;
  const before = namedMetrics(previous.scores, options.scope);
  const after = namedMetrics(current.scores, options.scope);
  const comparison: Comparison = { regressions: [], compared: [], skipped: [] };
  const names = [...new Set([...before.keys(), ...after.keys()])];
  for (const metric of names) {
    const old = before.get(metric) ?? null;
    const now = after.get(metric) ?? null;
    if (old === null || now === null) {
      comparison.skipped.push({ metric, reason: 'missing' });
    } else if (old.n < minCases || now.n < minCases) {
      comparison.skipped.push({ metric, reason: 'too-few-cases' });
    } else {
      comparison.compared.push(metric);
      if (now.value < old.low) {
        comparison.regressions.push({ metric, old: estimate(old), new: estimate(now) });
      }
    }
  }
  return comparison;
}

const fixed = (value: number) => value.toFixed(2);

/** The regressions as markdown lines, or a line saying there are none. */
export function formatRegressions(comparison: Comparison, previousFile: string): string {
  if (comparison.regressions.length === 0) {
    return `No regression against ${previousFile} (${comparison.compared.length} metric(s) compared).`;
  }
  return [
    `Regressions against ${previousFile}:`,
    ...comparison.regressions.map(
      (r) =>
        `- ${r.metric}: ${fixed(r.new.value)}, below ${fixed(r.old.value)} [${fixed(r.old.low)}–${fixed(r.old.high)}]`,
    ),
  ].join('\n');
}
