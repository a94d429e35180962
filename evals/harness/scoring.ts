/**
 * What the runner needs of the scoring and the report (score-*.ts, bootstrap.ts, report-*.ts,
 * compare.ts, results-schema.ts), as one interface passed in: the runner stays testable with a
 * simple stand-in, and default-scoring.ts binds the real functions.
 */
import type { CaseCost, EvalKind, FixOutcome, ReviewOutcome, TriageOutcome } from './eval-types.js';

/** One case in the results file. */
export interface CaseResult extends CaseCost {
  kind: EvalKind;
  id: string;
  language?: string;
  status: 'ok' | 'error';
  error?: string;
  detail: unknown;
}

export interface RunConfig {
  /** `fanout<N>-thinking<level|default>`. */
  name: string;
  fanout: number;
  /** The thinking level, or null for the model configuration's own. */
  thinking: string | null;
  /** The recording set replayed, or (with --record) written; null for a live run. */
  recordings: string | null;
  live: boolean;
}

/** The results file as the runner assembles it, before the results schema checks it. */
export interface ResultsDocument {
  schema: 1;
  date: string;
  model: string;
  config: RunConfig;
  /** The agent's commit, or null outside a git checkout. */
  commit: string | null;
  node: string;
  durationMs: number;
  cases: CaseResult[];
  scores: unknown;
}

export interface Regressions {
  /** How many metrics fell below the earlier run's interval. */
  count: number;
  /** The regressions (or their absence) as markdown. */
  text: string;
}

/** `R`: the results as the report functions take them (the results schema's type). */
export interface Scoring<R> {
  review(outcome: ReviewOutcome): unknown;
  fix(outcome: FixOutcome): unknown;
  triage(outcome: TriageOutcome): unknown;
  /** The scores of a run from its per-case details, with bootstrap intervals. */
  aggregate(details: { review: unknown[]; fix: unknown[]; triage: unknown[] }): unknown;
  /** Checks a results document (this run's, or an earlier file's) against the schema. */
  check(document: unknown): R;
  markdown(results: R): string;
  chart(results: readonly R[]): string;
  compare(previous: R, current: R, previousFile: string): Regressions;
}
