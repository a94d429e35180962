// Triage scoring (evals/harness/score-triage.ts): exact-set accuracy and per-label counts, with
// labels compared as GitHub compares them (case-insensitively) and named as the repository does.
import { describe, expect, it } from 'vitest';
import type { TriageOutcome } from '../../evals/harness/eval-types.js';
import { scoreTriageCase } from '../../evals/harness/score-triage.js';

const labels = [
  { name: 'bug', description: "Something isn't working" },
  { name: 'area: config' },
  { name: 'documentation' },
  { name: 'question' },
];

function outcome(expected: string[], chosen: string[]): TriageOutcome {
  return { id: 'triage-01-empty-config', labels, expected, chosen };
}

describe('scoreTriageCase', () => {
  it('is exact when the chosen set equals the expected one, in any order', () => {
    const detail = scoreTriageCase(outcome(['bug', 'area: config'], ['area: config', 'bug']));
    expect(detail.exact).toBe(true);
    expect(detail.byLabel).toEqual({
      bug: { tp: 1, fp: 0, fn: 0 },
      'area: config': { tp: 1, fp: 0, fn: 0 },
    });
  });

  it('counts one label too many as a false positive, and the case as not exact', () => {
    const detail = scoreTriageCase(outcome(['bug'], ['bug', 'documentation']));
    expect(detail.exact).toBe(false);
    expect(detail.byLabel).toEqual({
      bug: { tp: 1, fp: 0, fn: 0 },
      documentation: { tp: 0, fp: 1, fn: 0 },
    });
  });

  it('counts a missed label as a false negative', () => {
    const detail = scoreTriageCase(outcome(['bug', 'area: config'], ['bug']));
    expect(detail.exact).toBe(false);
    expect(detail.byLabel['area: config']).toEqual({ tp: 0, fp: 0, fn: 1 });
  });

  it('compares case-insensitively, names labels as the repository does, and flags unknown ones', () => {
    const detail = scoreTriageCase(outcome(['bug'], ['BUG', 'Bug', 'needs-triage']));
    expect(detail.chosen).toEqual(['bug', 'needs-triage']);
    expect(detail.unknown).toEqual(['needs-triage']);
    expect(detail.byLabel['needs-triage']).toEqual({ tp: 0, fp: 1, fn: 0 });
    expect(detail.exact).toBe(false);
  });

  it('is exact when no label was expected and none chosen', () => {
    expect(scoreTriageCase(outcome([], []))).toMatchObject({ exact: true, byLabel: {} });
  });
});
