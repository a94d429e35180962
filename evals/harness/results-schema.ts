/**
 * The results file of a run (`evals/results/<date>-<model>-<config>.json`): what ran, on what,
 * each case's outcome, cost and scoring detail, and the scores. The zod schema is what a results
 * file read back (`--compare`, the chart of several runs) must satisfy; it is typed against the
 * TypeScript types, so the two cannot drift apart.
 */
import { z } from 'zod';
import type { Metric, PrfScores, Scores } from './aggregate.js';
import type { CaseCost } from './eval-types.js';
import { REVIEW_CATEGORIES } from './eval-types.js';
import type { FixCaseDetail } from './score-fix.js';
import type { ReviewCaseDetail } from './score-review.js';
import type { TriageCaseDetail } from './score-triage.js';

export const RESULTS_SCHEMA_VERSION = 1;

export interface EvalConfig {
  /** `fanout<N>-thinking<level|default>`, as in the file name. */
  name: string;
  fanout: number;
  /** The thinking level, or null for the model's default. */
  thinking: string | null;
  /** The recording set replayed, or null when the model was called. */
  recordings: string | null;
  /** The model was called (live or recording), not a recording replayed. */
  live: boolean;
}

interface CaseBase extends CaseCost {
  id: string;
  language?: string;
  /** `error`: the run failed (non-zero exit, no output); it is scored as producing nothing. */
  status: 'ok' | 'error';
  error?: string;
}

export interface ReviewCaseResult extends CaseBase {
  kind: 'review';
  detail: ReviewCaseDetail;
}
export interface FixCaseResult extends CaseBase {
  kind: 'fix';
  detail: FixCaseDetail;
}
export interface TriageCaseResult extends CaseBase {
  kind: 'triage';
  detail: TriageCaseDetail;
}
export type CaseResult = ReviewCaseResult | FixCaseResult | TriageCaseResult;

export interface EvalResults {
  schema: typeof RESULTS_SCHEMA_VERSION;
  /** ISO 8601 time the run started. */
  date: string;
  /** The model asked, or `replay` offline. */
  model: string;
  config: EvalConfig;
  /** The commit of the agent that ran, or null outside a git checkout. */
  commit: string | null;
  /** `process.version` of the harness. */
  node: string;
  durationMs: number;
  cases: CaseResult[];
  scores: Scores;
}

const count = z.number().int().nonnegative();
const ratio = z.number().min(0).max(1);
const categorySchema = z.enum(REVIEW_CATEGORIES);
const countsSchema = z.object({ tp: count, fp: count, fn: count });

const metricSchema: z.ZodType<Metric> = z.object({
  value: ratio,
  low: ratio,
  high: ratio,
  n: count,
});
const prfSchema: z.ZodType<PrfScores> = z.object({
  precision: metricSchema.nullable(),
  recall: metricSchema.nullable(),
  f1: metricSchema.nullable(),
  tp: count,
  fp: count,
  fn: count,
});

const scoresSchema: z.ZodType<Scores> = z.object({
  review: z
    .object({
      cases: count,
      overall: prfSchema,
      byCategory: z.record(categorySchema, prfSchema),
      uncategorizedFalsePositives: count,
      clean: z.object({ cases: count, falsePositives: count, casesWithFindings: count }),
    })
    .nullable(),
  fix: z
    .object({
      cases: count,
      success: metricSchema,
      passes: metricSchema,
      withinScope: metricSchema,
      notWeakened: metricSchema,
    })
    .nullable(),
  triage: z
    .object({
      cases: count,
      exactSet: metricSchema,
      microF1: metricSchema.nullable(),
      macroF1: metricSchema.nullable(),
      byLabel: z.record(z.string(), prfSchema),
    })
    .nullable(),
});

const reviewDetailSchema: z.ZodType<ReviewCaseDetail> = z.object({
  id: z.string(),
  clean: z.boolean(),
  tp: count,
  fp: count,
  fn: count,
  precision: ratio.nullable(),
  recall: ratio.nullable(),
  f1: ratio.nullable(),
  byCategory: z.record(categorySchema, countsSchema),
  uncategorizedFalsePositives: count,
  cleanFalsePositives: count,
  posted: z.array(
    z.object({
      index: count,
      path: z.string(),
      line: z.number().int(),
      startLine: z.number().int().optional(),
      side: z.enum(['LEFT', 'RIGHT']),
      golden: count.nullable(),
      reason: z
        .enum([
          'left-side',
          'wrong-file',
          'no-line-overlap',
          'no-keyword',
          'golden-already-matched',
        ])
        .optional(),
      category: z.union([categorySchema, z.literal('uncategorized')]),
    }),
  ),
  golden: z.array(
    z.object({
      index: count,
      path: z.string(),
      startLine: z.number().int(),
      endLine: z.number().int(),
      category: categorySchema,
      posted: count.nullable(),
    }),
  ),
});

const fixCheckSchema = z.enum(['passes', 'withinScope', 'notWeakened']);
const fixDetailSchema: z.ZodType<FixCaseDetail> = z.object({
  id: z.string(),
  passes: z.boolean(),
  withinScope: z.boolean(),
  notWeakened: z.boolean(),
  success: z.boolean(),
  reasons: z.array(
    z.object({ check: fixCheckSchema, path: z.string().optional(), message: z.string() }),
  ),
  changed: z.array(
    z.object({
      path: z.string(),
      status: z.enum(['added', 'modified', 'deleted']),
      removedLines: count.optional(),
    }),
  ),
  baseTestCount: count.nullable(),
  runTestCount: count.nullable(),
});

const triageDetailSchema: z.ZodType<TriageCaseDetail> = z.object({
  id: z.string(),
  exact: z.boolean(),
  expected: z.array(z.string()),
  chosen: z.array(z.string()),
  unknown: z.array(z.string()),
  byLabel: z.record(z.string(), countsSchema),
});

const caseBase = {
  id: z.string(),
  language: z.string().optional(),
  status: z.enum(['ok', 'error']),
  error: z.string().optional(),
  wallMs: z.number().nonnegative(),
  requests: count.nullable(),
  tokens: z.object({ input: count, cachedInput: count, output: count }).nullable(),
  costUsd: z.number().nonnegative().nullable(),
};

const caseSchema: z.ZodType<CaseResult> = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('review'), ...caseBase, detail: reviewDetailSchema }),
  z.object({ kind: z.literal('fix'), ...caseBase, detail: fixDetailSchema }),
  z.object({ kind: z.literal('triage'), ...caseBase, detail: triageDetailSchema }),
]);

export const evalResultsSchema: z.ZodType<EvalResults> = z.object({
  schema: z.literal(RESULTS_SCHEMA_VERSION),
  date: z.string(),
  model: z.string(),
  config: z.object({
    name: z.string(),
    fanout: count,
    thinking: z.string().nullable(),
    recordings: z.string().nullable(),
    live: z.boolean(),
  }),
  commit: z.string().nullable(),
  node: z.string(),
  durationMs: z.number().nonnegative(),
  cases: z.array(caseSchema),
  scores: scoresSchema,
});

/** A results file's text as results, or an error naming the file and what is wrong where. */
export function parseEvalResults(text: string, file: string): EvalResults {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not JSON (${(error as Error).message})`, { cause: error });
  }
  const parsed = evalResultsSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(top)'}: ${issue.message}`);
    throw new Error(
      `${file}: not an eval results file (schema ${RESULTS_SCHEMA_VERSION}): ${problems.join('; ')}`,
    );
  }
  return parsed.data;
}
