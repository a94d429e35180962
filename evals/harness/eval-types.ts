/**
 * The eval suite's shared vocabulary: what a case holds, what a run of it produced, and what the
 * scoring made of it. The runner (`run-*.ts`) fills the outcomes; the scorers (`score-*.ts`) and
 * the report read them. docs/evals.md describes the formats for people.
 */

export const EVAL_KINDS = ['review', 'fix', 'triage'] as const;
export type EvalKind = (typeof EVAL_KINDS)[number];

/** The kinds of defect a review case plants. */
export const REVIEW_CATEGORIES = [
  'logic',
  'security',
  'concurrency',
  'error-handling',
  'api-misuse',
  'tests',
] as const;
export type ReviewCategory = (typeof REVIEW_CATEGORIES)[number];

/** A defect the head of a review case plants, in head (RIGHT side) line numbers, inclusive. */
export interface GoldenFinding {
  path: string;
  startLine: number;
  endLine: number;
  category: ReviewCategory;
  statement: string;
  /** Lowercase; a posted finding's body must contain one of them to match. */
  keywords: string[];
}

/** An inline comment the run posted (from `review.json`). */
export interface PostedFinding {
  path: string;
  line: number;
  startLine?: number;
  side?: 'LEFT' | 'RIGHT';
  body: string;
}

export interface ReviewOutcome {
  id: string;
  golden: GoldenFinding[];
  posted: PostedFinding[];
}

export interface ChangedPath {
  path: string;
  status: 'added' | 'modified' | 'deleted';
  /**
   * For a modified file, the lines the change removes or rewrites (`git diff --numstat`'s second
   * column): 0 means the file was only added to. Absent: not known, and a test file modified with
   * no count is taken as edited, not only added to.
   */
  removedLines?: number;
}

/** What the harness observed of a fix run; `score-fix.ts` turns it into a verdict. */
export interface FixOutcome {
  id: string;
  /** The run's change against the base commit. */
  changed: ChangedPath[];
  /** Globs the change must stay within. */
  mayChange: string[];
  /** Globs of the case's own test files. */
  tests: string[];
  /** Tests counted at the base with the case's tests (null: the output could not be counted). */
  baseTestCount: number | null;
  /** Tests counted on the run's change with the run's own test files. */
  runTestCount: number | null;
  /** The case's test command exits 0 on the run's change with the case's own tests restored. */
  passesWithCaseTests: boolean;
}

export interface RepositoryLabel {
  name: string;
  description?: string;
}

export interface TriageOutcome {
  id: string;
  labels: RepositoryLabel[];
  expected: string[];
  chosen: string[];
}

/** A metric with its bootstrap interval (2.5th and 97.5th percentiles over resampled cases). */
export interface Estimate {
  value: number;
  low: number;
  high: number;
}

/** What one case cost to run, from the run's outputs (`outputs.json`). */
export interface CaseCost {
  wallMs: number;
  requests: number | null;
  tokens: { input: number; cachedInput: number; output: number } | null;
  costUsd: number | null;
}
