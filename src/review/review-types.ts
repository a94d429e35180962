/**
 * The review's domain types: a finding and its severity, as the model hands them in and as every
 * step after it (filtering, anchoring on the diff, rendering, posting) reads them.
 */

/** Most severe first; the order counts and lists use. */
export const SEVERITIES = ['critical', 'high', 'medium', 'low'] as const;

export type Severity = (typeof SEVERITIES)[number];

/** The side of the diff a comment sits on: the new file (`RIGHT`) or the old one (`LEFT`). */
export const REVIEW_SIDES = ['RIGHT', 'LEFT'] as const;

export type ReviewSide = (typeof REVIEW_SIDES)[number];

/** A finding as the model reported it. */
export interface ReviewFinding {
  path: string;
  /** The last (or only) line the comment is about, numbered on `side`. */
  line: number;
  /** The first line of a multi-line range; undefined for a single line. */
  startLine: number | undefined;
  side: ReviewSide;
  severity: Severity;
  /** Markdown. */
  body: string;
  /** Replacement text for lines `startLine..line` (RIGHT side); `''` deletes them. */
  suggestion: string | undefined;
}

/** What the model submitted; the last call wins. */
export interface CollectedReview {
  summary: string;
  findings: ReviewFinding[];
  /** How many times the tool was called successfully. */
  submissions: number;
}

/** Whether a finding can be placed on the diff as an inline comment, and what would change. */
export interface PlacementReport {
  placed: boolean;
  /** Why it cannot be placed, or what re-anchoring changed; empty when placed as reported. */
  notes: string[];
}

/** Checks a finding against the pull request's diff (see review/anchor-findings.ts). */
export type PlacementCheck = (finding: ReviewFinding) => PlacementReport;

/** `1 critical, 2 medium`: the severities present, most severe first. */
export function severityCounts(findings: readonly { severity: Severity }[]): string {
  return SEVERITIES.map((severity) => ({
    severity,
    count: findings.filter((item) => item.severity === severity).length,
  }))
    .filter(({ count }) => count > 0)
    .map(({ severity, count }) => `${count} ${severity}`)
    .join(', ');
}
