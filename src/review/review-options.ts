/**
 * The review's settings, from the Action's `review_*` inputs. Each input is a string on the
 * runner; a bad one fails the run with a message naming the input and what it accepts
 * (`review_min_severity: expected one of critical, high, medium, low, got "urgent".`).
 */
import { z } from 'zod';
import { ConfigurationError } from '../platform/errors.js';
import { MAX_SUBMITTED_FINDINGS } from './submit-review.js';
import type { Severity } from './review-types.js';
import { SEVERITIES } from './review-types.js';
import { DEFAULT_FANOUT_THRESHOLD } from './file-groups.js';

export interface ReviewOptions {
  /** Inline findings posted at most, the most severe first. */
  maxFindings: number;
  /** Findings below this severity are not posted. */
  minSeverity: Severity;
  /** `REQUEST_CHANGES` when a finding is at least this severe; `never` always comments. */
  requestChanges: 'never' | Severity;
  /** Automatic reviews skip draft pull requests. */
  skipDrafts: boolean;
  /** Pull requests with any of these labels are not reviewed (case-insensitive). */
  skipLabels: string[];
  /** Pull requests by these authors (exact logins, case-insensitive) are not reviewed. */
  skipAuthors: string[];
  /** Globs of files not reviewed (generated code, lock files). */
  ignorePaths: string[];
  /**
   * Changed lines above which the review is split among parallel reviewer subagents and their
   * findings verified against the code (see file-groups.ts); 0 never splits.
   */
  fanoutThreshold: number;
}

/** The inputs, with the defaults action.yml should declare. */
export const REVIEW_INPUT_DEFAULTS = {
  review_max_findings: '25',
  review_min_severity: 'low',
  review_request_changes: 'never',
  review_skip_drafts: 'true',
  review_skip_labels: '',
  review_skip_authors: '',
  review_ignore_paths: '',
  review_fanout_lines: String(DEFAULT_FANOUT_THRESHOLD),
} as const satisfies Record<string, string>;

export type ReviewInputName = keyof typeof REVIEW_INPUT_DEFAULTS;
export const REVIEW_INPUT_NAMES = Object.keys(REVIEW_INPUT_DEFAULTS) as ReviewInputName[];

const shown = (value: string) => JSON.stringify(value);

function withDefault(name: ReviewInputName) {
  return z
    .string()
    .transform((value) => value.trim())
    .transform((value) => (value === '' ? REVIEW_INPUT_DEFAULTS[name] : value));
}

const SEVERITY_LIST = SEVERITIES.join(', ');

function severity(value: string): Severity | undefined {
  const lower = value.toLowerCase();
  return SEVERITIES.find((candidate) => candidate === lower);
}

/** Entries separated by commas or line breaks, trimmed, blanks dropped. */
function splitList(value: string, separators: RegExp): string[] {
  return value
    .split(separators)
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** A GitHub login; bots end in `[bot]`. */
const LOGIN = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\[bot\])?$/;

/** The `review_*` inputs' schema, part of the Action's one input schema (action-inputs.ts). */
export const reviewInputShape = {
  review_max_findings: withDefault('review_max_findings').transform((value, ctx) => {
    const number = Number(value);
    if (/^\d+$/.test(value) && number <= MAX_SUBMITTED_FINDINGS) return number;
    ctx.addIssue({
      code: 'custom',
      message: `expected a whole number from 0 to ${MAX_SUBMITTED_FINDINGS}, got ${shown(value)}.`,
    });
    return z.NEVER;
  }),
  review_min_severity: withDefault('review_min_severity').transform((value, ctx) => {
    const found = severity(value);
    if (found !== undefined) return found;
    ctx.addIssue({
      code: 'custom',
      message: `expected one of ${SEVERITY_LIST}, got ${shown(value)}.`,
    });
    return z.NEVER;
  }),
  review_request_changes: withDefault('review_request_changes').transform(
    (value, ctx): 'never' | Severity => {
      if (value.toLowerCase() === 'never') return 'never';
      const found = severity(value);
      if (found !== undefined) return found;
      ctx.addIssue({
        code: 'custom',
        message: `expected never or a severity (${SEVERITY_LIST}) at or above which the review requests changes, got ${shown(value)}.`,
      });
      return z.NEVER;
    },
  ),
  review_skip_drafts: withDefault('review_skip_drafts').transform((value, ctx) => {
    if (['true', 'True', 'TRUE'].includes(value)) return true;
    if (['false', 'False', 'FALSE'].includes(value)) return false;
    ctx.addIssue({ code: 'custom', message: `expected true or false, got ${shown(value)}.` });
    return z.NEVER;
  }),
  review_skip_labels: withDefault('review_skip_labels').transform((value) =>
    splitList(value, /[,\r\n]/),
  ),
  review_skip_authors: withDefault('review_skip_authors').transform((value, ctx) => {
    const logins = splitList(value, /[,\r\n]/);
    for (const login of logins) {
      if (!LOGIN.test(login)) {
        ctx.addIssue({
          code: 'custom',
          message: `expected exact logins separated by commas or line breaks, such as renovate[bot]; ${shown(login)} is not a login${login.includes('*') ? ' (wildcards are not supported)' : ''}.`,
        });
      }
    }
    return logins;
  }),
  // Line breaks only: a glob may hold commas (`*.{js,ts}`).
  review_fanout_lines: withDefault('review_fanout_lines').transform((value, ctx) => {
    if (/^\d+$/.test(value)) return Number(value);
    ctx.addIssue({
      code: 'custom',
      message: `expected a whole number of changed lines (0 never splits the review), got ${shown(value)}.`,
    });
    return z.NEVER;
  }),
  review_ignore_paths: withDefault('review_ignore_paths').transform((value, ctx) => {
    const globs = splitList(value, /\r?\n/);
    for (const glob of globs) {
      if (glob.startsWith('/') || glob.startsWith('./')) {
        ctx.addIssue({
          code: 'custom',
          message: `expected globs relative to the repository root, one a line (such as dist/** or *.lock); ${shown(glob)} starts with ${glob.startsWith('/') ? '/' : './'}.`,
        });
      }
    }
    return globs;
  }),
};

const schema = z.object(reviewInputShape);

/** The parsed `review_*` inputs as options. */
export function reviewOptionsFrom(inputs: z.output<typeof schema>): ReviewOptions {
  return {
    maxFindings: inputs.review_max_findings,
    minSeverity: inputs.review_min_severity,
    requestChanges: inputs.review_request_changes,
    skipDrafts: inputs.review_skip_drafts,
    skipLabels: inputs.review_skip_labels,
    skipAuthors: inputs.review_skip_authors,
    ignorePaths: inputs.review_ignore_paths,
    fanoutThreshold: inputs.review_fanout_lines,
  };
}

/** Reads the `review_*` inputs (`''` when unset, as `core.getInput` returns them). */
export function readReviewOptions(getInput: (name: ReviewInputName) => string): ReviewOptions {
  const raw = Object.fromEntries(REVIEW_INPUT_NAMES.map((name) => [name, getInput(name)]));
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw new ConfigurationError(issue?.message ?? 'invalid value.', {
      input: String(issue?.path[0] ?? 'review inputs'),
    });
  }
  return reviewOptionsFrom(result.data);
}

/** The options with every input left at its default. */
export const DEFAULT_REVIEW_OPTIONS: ReviewOptions = readReviewOptions(() => '');
