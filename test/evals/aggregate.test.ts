// Bootstrap intervals (evals/harness/bootstrap.ts) and the run's scores (evals/harness/aggregate.ts):
// the same cases and seed give the same intervals; each interval holds its estimate; review
// figures are micro sums over cases; undefined ratios are null, not 0.
import { describe, expect, it } from 'vitest';
import { aggregateScores } from '../../evals/harness/aggregate.js';
import {
  bootstrap,
  percentile,
  resampleIndices,
  seededRandom,
} from '../../evals/harness/bootstrap.js';
import { scoreFixCase } from '../../evals/harness/score-fix.js';
import { scoreReviewCase } from '../../evals/harness/score-review.js';
import { scoreTriageCase } from '../../evals/harness/score-triage.js';
import { found, golden } from './support.js';

const mean = (sample: readonly number[]) => sample.reduce((t, v) => t + v, 0) / sample.length;

describe('bootstrap', () => {
  const values = [0, 1, 1, 0, 1, 1, 1, 0, 1, 1, 0, 1];

  it('is deterministic for a seed, and differs between seeds', () => {
    expect(bootstrap(values, mean, { seed: 7 })).toEqual(bootstrap(values, mean, { seed: 7 }));
    expect(resampleIndices(12, 3, 7)).toEqual(resampleIndices(12, 3, 7));
    expect(resampleIndices(12, 3, 7)).not.toEqual(resampleIndices(12, 3, 8));
    const random = seededRandom(1);
    const draws = Array.from({ length: 1000 }, () => random());
    expect(Math.min(...draws)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...draws)).toBeLessThan(1);
    expect(mean(draws)).toBeGreaterThan(0.45);
    expect(mean(draws)).toBeLessThan(0.55);
  });

  it('gives an interval around the estimate, as wide as the cases’ spread', () => {
    const estimate = bootstrap(values, mean);
    expect(estimate?.value).toBeCloseTo(8 / 12);
    expect(estimate?.low).toBeLessThan(estimate?.value ?? 0);
    expect(estimate?.high).toBeGreaterThan(estimate?.value ?? 1);
    // A proportion of 12: the interval spans roughly ±0.27.
    expect((estimate?.high ?? 0) - (estimate?.low ?? 0)).toBeGreaterThan(0.3);
    expect((estimate?.high ?? 0) - (estimate?.low ?? 0)).toBeLessThan(0.7);
    // The same figure on every case: no spread at all.
    expect(bootstrap([1, 1, 1], mean)).toEqual({ value: 1, low: 1, high: 1 });
  });

  it('draws 1,000 resamples by default, leaving out those where the metric is undefined', () => {
    let calls = 0;
    bootstrap(values, (sample) => {
      calls += 1;
      return mean(sample);
    });
    expect(calls).toBe(1001);
    expect(bootstrap(values, () => null)).toBeNull();
    expect(bootstrap([], mean)).toBeNull();
  });

  it('interpolates percentiles between ranks', () => {
    expect(percentile([0, 10], 0.5)).toBe(5);
    expect(percentile([1, 2, 3, 4, 5], 0.025)).toBeCloseTo(1.1);
    expect(percentile([3], 0.975)).toBe(3);
  });
});

describe('aggregateScores', () => {
  const review = [
    scoreReviewCase({ id: 'a', golden: [golden('a.ts', 5, 'logic')], posted: [found('a.ts', 5)] }),
    scoreReviewCase({
      id: 'b',
      golden: [golden('b.ts', 5, 'security'), golden('b.ts', 40, 'logic')],
      posted: [found('b.ts', 5), found('b.ts', 90)],
    }),
    scoreReviewCase({ id: 'c', golden: [golden('c.ts', 5, 'security')], posted: [] }),
    scoreReviewCase({ id: 'clean-1', golden: [], posted: [found('d.ts', 1), found('d.ts', 9)] }),
    scoreReviewCase({ id: 'clean-2', golden: [], posted: [] }),
  ];

  it('sums review counts over cases before the ratios (micro), overall and per category', () => {
    const scores = aggregateScores({ review, fix: [], triage: [] });
    const overall = scores.review?.overall;
    // tp 2, fp 1 + 2, fn 1 + 1 + 1… b's logic defect and c's security one are missed.
    expect(overall).toMatchObject({ tp: 2, fp: 3, fn: 2 });
    expect(overall?.precision?.value).toBeCloseTo(2 / 5);
    expect(overall?.recall?.value).toBeCloseTo(2 / 4);
    expect(overall?.f1?.value).toBeCloseTo(4 / 9);
    expect(scores.review?.byCategory.security).toMatchObject({ tp: 1, fp: 0, fn: 1 });
    expect(scores.review?.byCategory.security.precision?.value).toBe(1);
    expect(scores.review?.byCategory.security.recall?.value).toBe(0.5);
    expect(scores.review?.byCategory.logic).toMatchObject({ tp: 1, fp: 0, fn: 1 });
    // No case plants a concurrency defect or posts near one: undefined, not zero.
    expect(scores.review?.byCategory.concurrency).toMatchObject({
      precision: null,
      recall: null,
      f1: null,
    });
    expect(scores.review?.uncategorizedFalsePositives).toBe(3);
    expect(scores.review?.clean).toEqual({ cases: 2, falsePositives: 2, casesWithFindings: 1 });
    for (const metric of [overall?.precision, overall?.recall, overall?.f1]) {
      expect(metric?.low).toBeLessThanOrEqual(metric?.value ?? -1);
      expect(metric?.high).toBeGreaterThanOrEqual(metric?.value ?? 2);
      expect(metric?.n).toBe(5);
    }
    expect(scores.review?.byCategory.security.f1?.n).toBe(2);
  });

  it('reports precision as null when no case posted anything, and F1 as 0', () => {
    const empty = [scoreReviewCase({ id: 'a', golden: [golden('a.ts', 5, 'logic')], posted: [] })];
    const overall = aggregateScores({ review: empty, fix: [], triage: [] }).review?.overall;
    expect(overall?.precision).toBeNull();
    expect(overall?.recall).toEqual({ value: 0, low: 0, high: 0, n: 1 });
    expect(overall?.f1).toEqual({ value: 0, low: 0, high: 0, n: 1 });
  });

  it('gives fix rates and triage accuracy and F1, micro over labels and macro as the labels’ mean', () => {
    const fix = [true, true, false, true].map((passes, index) =>
      scoreFixCase({
        id: `f${index}`,
        changed: [{ path: 'src/a.js', status: 'modified', removedLines: 0 }],
        mayChange: ['src/**'],
        tests: ['test/**'],
        baseTestCount: 1,
        runTestCount: 1,
        passesWithCaseTests: passes,
      }),
    );
    const labels = [{ name: 'bug' }, { name: 'docs' }, { name: 'question' }];
    const triage = [
      scoreTriageCase({ id: 't1', labels, expected: ['bug'], chosen: ['bug'] }),
      scoreTriageCase({ id: 't2', labels, expected: ['bug'], chosen: ['bug', 'docs'] }),
      scoreTriageCase({ id: 't3', labels, expected: ['question'], chosen: [] }),
    ];
    const scores = aggregateScores({ review: [], fix, triage });
    expect(scores.review).toBeNull();
    expect(scores.fix?.success.value).toBe(0.75);
    expect(scores.fix?.withinScope.value).toBe(1);
    expect(scores.triage?.exactSet.value).toBeCloseTo(1 / 3);
    // tp 2, fp 1, fn 1.
    expect(scores.triage?.microF1?.value).toBeCloseTo(4 / 6);
    // bug 1, docs 0, question 0.
    expect(scores.triage?.macroF1?.value).toBeCloseTo(1 / 3);
    expect(Object.keys(scores.triage?.byLabel ?? {})).toEqual(['bug', 'docs', 'question']);
    expect(scores.triage?.byLabel.docs?.precision?.value).toBe(0);
    expect(scores.triage?.byLabel.docs?.recall).toBeNull();
    expect(scores.triage?.byLabel.bug?.f1?.n).toBe(2);
  });

  it('is the same for the same cases and seed', () => {
    const input = { review, fix: [], triage: [] };
    expect(aggregateScores(input, 3)).toEqual(aggregateScores(input, 3));
    expect(JSON.stringify(aggregateScores(input))).toBe(JSON.stringify(aggregateScores(input, 42)));
  });
});
