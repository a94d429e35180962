// The regression check of `--compare` (evals/harness/compare.ts): a metric regresses when its new
// value is below the earlier run's interval, and only metrics both runs have over enough cases
// are compared.
import { describe, expect, it } from 'vitest';
import { compareResults, formatRegressions } from '../../evals/harness/compare.js';
import { results, reviewCases } from './support.js';

describe('compareResults', () => {
  const before = results({}, reviewCases(20, 16));

  it('flags a metric whose new value is below the earlier interval, with both figures', () => {
    const after = results({}, reviewCases(20, 6));
    const comparison = compareResults(before, after);
    const recall = comparison.regressions.find((r) => r.metric === 'review.recall');
    expect(recall?.old.value).toBe(0.8);
    expect(recall?.new.value).toBe(0.3);
    expect(recall?.new.value).toBeLessThan(recall?.old.low ?? 0);
    expect(comparison.regressions.map((r) => r.metric)).toEqual(['review.recall', 'review.f1']);
    // Precision stayed 1: everything posted was right in both.
    expect(comparison.compared).toContain('review.precision');
    expect(formatRegressions(comparison, 'old.json')).toContain(
      `- review.recall: 0.30, below 0.80 [${recall?.old.low.toFixed(2)}–${recall?.old.high.toFixed(2)}]`,
    );
  });

  it('lets a drop within the earlier interval pass', () => {
    const after = results({}, reviewCases(20, 15));
    const comparison = compareResults(before, after);
    expect(comparison.regressions).toEqual([]);
    expect(formatRegressions(comparison, 'old.json')).toBe(
      'No regression against old.json (3 metric(s) compared).',
    );
    expect(compareResults(before, before).regressions).toEqual([]);
  });

  it('skips metrics one run lacks and metrics on too few cases', () => {
    const small = results({}, reviewCases(4, 0));
    const comparison = compareResults(before, small);
    expect(comparison.regressions).toEqual([]);
    expect(comparison.skipped).toContainEqual({ metric: 'review.recall', reason: 'too-few-cases' });
    expect(comparison.skipped).toContainEqual({ metric: 'fix.success', reason: 'missing' });
    expect(comparison.skipped).toContainEqual({ metric: 'review.precision', reason: 'missing' });
    expect(compareResults(before, small, { minCases: 4 }).regressions.map((r) => r.metric)).toEqual(
      ['review.recall', 'review.f1'],
    );
  });

  it('compares per-category F1 only when asked', () => {
    const after = results({}, reviewCases(20, 6));
    expect(compareResults(before, after).compared).not.toContain('review.logic.f1');
    const all = compareResults(before, after, { scope: 'all' });
    expect(all.compared).toEqual(expect.arrayContaining(['review.logic.f1', 'review.security.f1']));
  });
});
