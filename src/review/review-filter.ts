import type { ReviewFinding, Severity } from './review-types.js';
import { SEVERITIES } from './review-types.js';
/**
 * What of the model's findings is worth posting: duplicates go, findings below
 * `review_min_severity` go, and at most `review_max_findings` remain, the most severe first (in
 * the model's order within a severity). A review with forty comments is read by nobody.
 */

/** 0 for critical, up to 3 for low: lower is more severe. */
export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

/** `severity` is `threshold` or more severe. */
export function atLeast(severity: Severity, threshold: Severity): boolean {
  return severityRank(severity) <= severityRank(threshold);
}

export interface FilterOptions {
  minSeverity: Severity;
  maxFindings: number;
}

export interface FilteredFindings<T> {
  /** Most severe first; stable within a severity. */
  kept: T[];
  duplicates: number;
  belowSeverity: number;
  /** Left out by the cap (the least severe). */
  overCap: number;
}

/**
 * Duplicates are the same comment twice: same place, same text, same suggestion (whatever the
 * severity; the more severe copy stays).
 */
export function filterFindings<T extends ReviewFinding>(
  findings: readonly T[],
  options: FilterOptions,
): FilteredFindings<T> {
  const sorted = findings
    .map((finding, order) => ({ finding, order }))
    .sort(
      (a, b) =>
        severityRank(a.finding.severity) - severityRank(b.finding.severity) || a.order - b.order,
    )
    .map(({ finding }) => finding);
  const seen = new Set<string>();
  const unique = sorted.filter((finding) => {
    const key = identity(finding);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const severe = unique.filter((finding) => atLeast(finding.severity, options.minSeverity));
  const max = Math.max(0, options.maxFindings);
  return {
    kept: severe.slice(0, max),
    duplicates: findings.length - unique.length,
    belowSeverity: unique.length - severe.length,
    overCap: Math.max(0, severe.length - max),
  };
}

function identity(finding: ReviewFinding): string {
  return JSON.stringify([
    finding.path,
    finding.side,
    finding.startLine ?? finding.line,
    finding.line,
    finding.body.replace(/\s+/g, ' ').trim(),
    finding.suggestion ?? null,
  ]);
}
