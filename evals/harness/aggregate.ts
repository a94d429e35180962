/**
 * The scores of a run from its scored cases: review precision, recall and F1 overall and per
 * category (micro: true and false positives and negatives summed over cases, then the ratios),
 * the clean pull requests' false positives, the fix rates, and triage exact-set accuracy with
 * micro, macro and per-label F1. Every metric carries its bootstrap interval over the cases of its
 * kind, recomputed from the resampled cases' counts.
 *
 * A ratio with a zero denominator is undefined and reported as null, never as 0 or 1: precision
 * when nothing was posted, recall when nothing was to be found (a category no case plants). F1 is
 * 2tp / (2tp + fp + fn), so it is 0 when findings were expected and none matched, and null only
 * when there was nothing to find and nothing posted.
 */
import { bootstrap, DEFAULT_SEED } from './bootstrap.js';
import type { Estimate, ReviewCategory } from './eval-types.js';
import { REVIEW_CATEGORIES } from './eval-types.js';
import type { FixCaseDetail } from './score-fix.js';
import type { CategoryCounts, ReviewCaseDetail } from './score-review.js';
import type { TriageCaseDetail } from './score-triage.js';

/** An estimate with the number of cases it rests on (the regression check wants enough). */
export interface Metric extends Estimate {
  n: number;
}

export interface PrfScores {
  precision: Metric | null;
  recall: Metric | null;
  f1: Metric | null;
  tp: number;
  fp: number;
  fn: number;
}

export interface ReviewScores {
  cases: number;
  overall: PrfScores;
  byCategory: Record<ReviewCategory, PrfScores>;
  /** False positives near no golden finding: in the overall figures only. */
  uncategorizedFalsePositives: number;
  clean: { cases: number; falsePositives: number; casesWithFindings: number };
}

export interface FixScores {
  cases: number;
  success: Metric;
  passes: Metric;
  withinScope: Metric;
  notWeakened: Metric;
}

export interface TriageScores {
  cases: number;
  exactSet: Metric;
  microF1: Metric | null;
  macroF1: Metric | null;
  /** Every label expected or chosen in some case. */
  byLabel: Record<string, PrfScores>;
}

/** The `scores` of a results file; a kind not run is null. */
export interface Scores {
  review: ReviewScores | null;
  fix: FixScores | null;
  triage: TriageScores | null;
}

export interface ScoredCases {
  review: readonly ReviewCaseDetail[];
  fix: readonly FixCaseDetail[];
  triage: readonly TriageCaseDetail[];
}

const ratio = (numerator: number, denominator: number) =>
  denominator === 0 ? null : numerator / denominator;
const precisionOf = (c: CategoryCounts) => ratio(c.tp, c.tp + c.fp);
const recallOf = (c: CategoryCounts) => ratio(c.tp, c.tp + c.fn);
const f1Of = (c: CategoryCounts) => ratio(2 * c.tp, 2 * c.tp + c.fp + c.fn);

function sum(counts: readonly CategoryCounts[]): CategoryCounts {
  const total = { tp: 0, fp: 0, fn: 0 };
  for (const count of counts) {
    total.tp += count.tp;
    total.fp += count.fp;
    total.fn += count.fn;
  }
  return total;
}

const touches = (c: CategoryCounts) => c.tp + c.fp + c.fn > 0;

function withCount(estimate: Estimate | null, n: number): Metric | null {
  return estimate === null ? null : { ...estimate, n };
}

/** Precision, recall and F1 of the summed counts, each with its interval. */
function prf<T>(
  cases: readonly T[],
  counts: (item: T) => CategoryCounts,
  seed: number,
  n: number,
): PrfScores {
  const metric = (of: (c: CategoryCounts) => number | null) =>
    withCount(
      bootstrap(cases, (sample) => of(sum(sample.map(counts))), { seed }),
      n,
    );
  return {
    precision: metric(precisionOf),
    recall: metric(recallOf),
    f1: metric(f1Of),
    ...sum(cases.map(counts)),
  };
}

function rate<T>(cases: readonly T[], holds: (item: T) => boolean, seed: number): Metric {
  const estimate = bootstrap(cases, (sample) => sample.filter(holds).length / sample.length, {
    seed,
  }) as Estimate;
  return { ...estimate, n: cases.length };
}

function reviewScores(cases: readonly ReviewCaseDetail[], seed: number): ReviewScores | null {
  if (cases.length === 0) return null;
  const overall = prf(cases, (c) => c, seed, cases.length);
  const byCategory = Object.fromEntries(
    REVIEW_CATEGORIES.map((category) => {
      const counts = (c: ReviewCaseDetail) => c.byCategory[category];
      const n = cases.filter((c) => touches(counts(c))).length;
      return [category, prf(cases, counts, seed, n)];
    }),
  ) as Record<ReviewCategory, PrfScores>;
  const clean = cases.filter((c) => c.clean);
  return {
    cases: cases.length,
    overall,
    byCategory,
    uncategorizedFalsePositives: cases.reduce((t, c) => t + c.uncategorizedFalsePositives, 0),
    clean: {
      cases: clean.length,
      falsePositives: clean.reduce((t, c) => t + c.cleanFalsePositives, 0),
      casesWithFindings: clean.filter((c) => c.cleanFalsePositives > 0).length,
    },
  };
}

function fixScores(cases: readonly FixCaseDetail[], seed: number): FixScores | null {
  if (cases.length === 0) return null;
  return {
    cases: cases.length,
    success: rate(cases, (c) => c.success, seed),
    passes: rate(cases, (c) => c.passes, seed),
    withinScope: rate(cases, (c) => c.withinScope, seed),
    notWeakened: rate(cases, (c) => c.notWeakened, seed),
  };
}

function labelsOf(cases: readonly TriageCaseDetail[]): string[] {
  return [...new Set(cases.flatMap((c) => Object.keys(c.byLabel)))].sort();
}

const NONE: CategoryCounts = { tp: 0, fp: 0, fn: 0 };
const labelCounts = (c: TriageCaseDetail, label: string) => c.byLabel[label] ?? NONE;

/** The mean over the labels the cases name of each label's F1. */
function macroF1(sample: readonly TriageCaseDetail[]): number | null {
  const scores = labelsOf(sample).map(
    (label) => f1Of(sum(sample.map((c) => labelCounts(c, label)))) ?? 0,
  );
  return scores.length === 0 ? null : scores.reduce((t, s) => t + s, 0) / scores.length;
}

function triageScores(cases: readonly TriageCaseDetail[], seed: number): TriageScores | null {
  if (cases.length === 0) return null;
  const allLabels = (c: TriageCaseDetail) => sum(Object.values(c.byLabel));
  const byLabel = Object.fromEntries(
    labelsOf(cases).map((label) => {
      const counts = (c: TriageCaseDetail) => labelCounts(c, label);
      const n = cases.filter((c) => touches(counts(c))).length;
      return [label, prf(cases, counts, seed, n)];
    }),
  );
  return {
    cases: cases.length,
    exactSet: rate(cases, (c) => c.exact, seed),
    microF1: withCount(
      bootstrap(cases, (sample) => f1Of(sum(sample.map(allLabels))), { seed }),
      cases.length,
    ),
    macroF1: withCount(bootstrap(cases, macroF1, { seed }), cases.length),
    byLabel,
  };
}

/** The `scores` object of the results file; the same cases and seed give the same scores. */
export function aggregateScores(scored: ScoredCases, seed: number = DEFAULT_SEED): Scores {
  return {
    review: reviewScores(scored.review, seed),
    fix: fixScores(scored.fix, seed),
    triage: triageScores(scored.triage, seed),
  };
}
