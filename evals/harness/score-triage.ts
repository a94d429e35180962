/**
 * Scores one triage case: whether the labels chosen are exactly the expected set, and per label
 * whether it was rightly chosen (tp), chosen but not expected (fp) or expected but missed (fn).
 * Labels compare case-insensitively, as GitHub treats label names, and are reported by the
 * repository's spelling; a chosen label the repository does not have is a false positive under
 * the name given.
 */
import type { TriageOutcome } from './eval-types.js';
import type { CategoryCounts } from './score-review.js';

export interface TriageCaseDetail {
  id: string;
  /** The chosen set equals the expected set. */
  exact: boolean;
  expected: string[];
  chosen: string[];
  /** Chosen labels the repository does not have. */
  unknown: string[];
  /** Every label expected or chosen in this case. */
  byLabel: Record<string, CategoryCounts>;
}

export function scoreTriageCase(o: TriageOutcome): TriageCaseDetail {
  const spelling = new Map(o.labels.map((label) => [label.name.toLowerCase(), label.name]));
  const canonical = (name: string) => spelling.get(name.trim().toLowerCase()) ?? name.trim();
  const expected = [...new Set(o.expected.map(canonical))];
  const chosen = [...new Set(o.chosen.map(canonical))];
  const expectedSet = new Set(expected);
  const chosenSet = new Set(chosen);

  const byLabel: Record<string, CategoryCounts> = {};
  for (const label of [...expected, ...chosen]) {
    byLabel[label] = {
      tp: expectedSet.has(label) && chosenSet.has(label) ? 1 : 0,
      fp: !expectedSet.has(label) && chosenSet.has(label) ? 1 : 0,
      fn: expectedSet.has(label) && !chosenSet.has(label) ? 1 : 0,
    };
  }
  return {
    id: o.id,
    exact: expected.length === chosen.length && expected.every((label) => chosenSet.has(label)),
    expected,
    chosen,
    unknown: chosen.filter((label) => !spelling.has(label.toLowerCase())),
    byLabel,
  };
}
