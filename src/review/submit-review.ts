/**
 * `submit_review`: how the model hands in a pull request review. The tool only records the review
 * in a collector; trusted code reads it after the session, checks every finding against the diff
 * and posts one review. The model can therefore never post, approve or request changes itself.
 *
 * When the collector knows the pull request's diff (a `PlacementCheck`), the tool answers at once
 * which findings cannot be placed on a changed line, so the model can correct them while the
 * session still runs.
 */
import { z } from 'zod';
import { defineTool } from '../tools/define-tool.js';
import type { Tool } from '../tools/tool-types.js';
import { SUBMIT_REVIEW_TOOL_NAME } from '../tools/reserved-names.js';
import type {
  CollectedReview,
  PlacementCheck,
  PlacementReport,
  ReviewFinding,
} from './review-types.js';
import { REVIEW_SIDES, SEVERITIES, severityCounts } from './review-types.js';
import { plural } from '../platform/text.js';

export { SUBMIT_REVIEW_TOOL_NAME };

/** More than this in one call is not a review but noise (and a way to flood the summary). */
export const MAX_SUBMITTED_FINDINGS = 100;

const finding = z.object({
  path: z
    .string()
    .describe('Path of the changed file, relative to the repository root, as in the diff.'),
  line: z
    .number()
    .int()
    .positive()
    .describe(
      'The line the comment is about (for a range, its last line): a new-file line number for side RIGHT, an old-file line number for side LEFT. It must be a line shown in the diff.',
    ),
  start_line: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('For a comment on several lines: the first line of the range, in the same hunk.'),
  side: z
    .enum(REVIEW_SIDES)
    .optional()
    .describe(
      'RIGHT (default): added or unchanged lines of the new file. LEFT: removed or unchanged lines of the old file.',
    ),
  severity: z
    .enum(SEVERITIES)
    .describe(
      'critical: breaks things, loses data or is a security hole. high: a real bug. medium: a likely problem or a missing check. low: minor issue worth fixing.',
    ),
  body: z.string().describe('What is wrong and why, in Markdown. Be specific and brief.'),
  suggestion: z
    .string()
    .optional()
    .describe(
      'Optional: the exact replacement text for lines start_line..line (or just line) on the RIGHT side, without code fences. It must be complete, correctly indented code that replaces those lines; an empty string deletes them.',
    ),
});

const parameters = z.object({
  summary: z
    .string()
    .describe(
      'The overall assessment of the pull request in Markdown: what it does, whether it looks ready, and the most important problems.',
    ),
  findings: z
    .array(finding)
    .max(MAX_SUBMITTED_FINDINGS)
    .describe(
      'Problems found in the changed lines, one per comment. An empty list when there are none.',
    ),
});
export type SubmitReviewParams = z.infer<typeof parameters>;

const DESCRIPTION = `Submits your review of the pull request. Call it once, at the end, after you have read the changes: the review is posted for you when the session ends (you cannot post, approve or request changes in any other way).

- summary: your overall assessment in Markdown.
- findings: one entry per problem, each anchored to a line the diff shows: for side RIGHT (the default) a line number of the new file that was added or is shown as context; for side LEFT a line number of the old file that was removed or is shown as context. Lines outside the diff cannot carry a comment. Use start_line for a range within one hunk.
- suggestion: when you know the exact fix, the replacement text for the commented lines (RIGHT side only); it becomes a suggestion the author can apply with one click.

Report real problems in the changed code, most severe first; do not comment on style a formatter would fix or praise good code in findings. If you found nothing, submit a summary with an empty findings list.

Calling submit_review again replaces the whole earlier submission (summary and findings), so always send the complete list. The answer tells you which findings cannot be placed on the diff and which lines you may comment on instead; correct them by calling submit_review again with the complete, corrected list.`;

export interface ReviewCollectorOptions {
  /** The pull request's diff, to tell the model at once which findings cannot be placed. */
  checkPlacement?: PlacementCheck;
}

export interface ReviewCollector {
  /** Register this with the session (`extraTools`). */
  readonly tool: Tool<SubmitReviewParams>;
  /** The last submission; undefined when the model never called the tool successfully. */
  result(): CollectedReview | undefined;
}

/** A `submit_review` tool and the collector it records into. */
export function createReviewCollector(options: ReviewCollectorOptions = {}): ReviewCollector {
  let collected: CollectedReview | undefined;
  const tool = defineTool({
    name: SUBMIT_REVIEW_TOOL_NAME,
    displayName: 'SubmitReview',
    description: DESCRIPTION,
    // Nothing in the workspace changes: it may run beside reads, and a read-only policy may allow it.
    kind: 'think',
    parameters,
    validate(params) {
      if (params.summary.trim() === '') {
        return {
          message: 'summary must not be empty: give your overall assessment of the pull request.',
          type: 'invalid_tool_params',
        };
      }
      const problems = params.findings.flatMap((item, index) => {
        const where = `findings.${index}`;
        const own: string[] = [];
        if (normalizePath(item.path) === '') own.push(`${where}.path must name a changed file`);
        if (item.body.trim() === '') own.push(`${where}.body must say what is wrong`);
        return own;
      });
      if (problems.length > 0) {
        return {
          message: `Invalid parameters: ${problems.join('; ')}.`,
          type: 'invalid_tool_params',
        };
      }
      return null;
    },
    invocation(params) {
      const findings = params.findings.map(toFinding);
      const description = `Submit review with ${plural(findings.length, 'finding')}`;
      return {
        describe: () => description,
        locations: () => [...new Set(findings.map((item) => item.path))],
        confirmationDetails: () =>
          Promise.resolve({
            type: 'info',
            title: 'Confirm Review Submission',
            prompt: description,
          }),
        execute: () => {
          const previous = collected;
          collected = {
            summary: params.summary,
            findings,
            submissions: (previous?.submissions ?? 0) + 1,
          };
          const reports = findings.map((item) => options.checkPlacement?.(item));
          const llmContent = confirmation({ findings, reports, previous });
          return Promise.resolve({ llmContent, returnDisplay: display(findings, reports) });
        },
      };
    },
  });
  return { tool, result: () => collected };
}

function toFinding(item: SubmitReviewParams['findings'][number]): ReviewFinding {
  return {
    path: normalizePath(item.path),
    line: item.line,
    startLine: item.start_line,
    side: item.side ?? 'RIGHT',
    severity: item.severity,
    body: item.body.trim(),
    suggestion: item.suggestion,
  };
}

/** Paths as the diff names them: no surrounding spaces, no leading `./`, forward slashes. */
function normalizePath(path: string): string {
  return path
    .trim()
    .replace(/\\/g, '/')
    .replace(/^(\.\/)+/, '');
}

function confirmation(input: {
  findings: readonly ReviewFinding[];
  reports: readonly (PlacementReport | undefined)[];
  previous: CollectedReview | undefined;
}): string {
  const { findings, reports, previous } = input;
  const lines: string[] = [];
  const counts = severityCounts(findings);
  lines.push(
    `Review recorded with ${plural(findings.length, 'finding')}${counts ? ` (${counts})` : ''}. It is posted when the session ends.`,
  );
  if (previous) {
    lines.push(
      `This replaced your earlier submission (${plural(previous.findings.length, 'finding')}).`,
    );
  }
  const label = (index: number, item: ReviewFinding) =>
    `- #${index + 1} ${item.path}:${item.startLine === undefined ? '' : `${item.startLine}-`}${item.line} (${item.side})`;
  const unplaced: string[] = [];
  const adjusted: string[] = [];
  findings.forEach((item, index) => {
    const report = reports[index];
    if (!report || report.notes.length === 0) return;
    (report.placed ? adjusted : unplaced).push(`${label(index, item)}: ${report.notes.join(' ')}`);
  });
  const checked = reports.some((report) => report !== undefined);
  if (checked && findings.length > 0) {
    const inline = findings.length - unplaced.length;
    lines.push(`${plural(inline, 'finding')} can be placed as inline comments.`);
  }
  if (unplaced.length > 0) {
    lines.push(
      '',
      `${plural(unplaced.length, 'finding')} cannot be placed on the diff and would only be listed in the review summary:`,
      ...unplaced,
    );
  }
  if (adjusted.length > 0) {
    lines.push('', 'Adjusted to fit the diff:', ...adjusted);
  }
  if (unplaced.length > 0 || adjusted.length > 0) {
    lines.push(
      '',
      'To place them as you intend, call submit_review again with the complete, corrected list (it replaces this submission). Otherwise you are done.',
    );
  }
  return lines.join('\n');
}

function display(
  findings: readonly ReviewFinding[],
  reports: readonly (PlacementReport | undefined)[],
): string {
  const unplaced = reports.filter((report) => report?.placed === false).length;
  const counts = severityCounts(findings);
  const base = `Submitted a review with ${plural(findings.length, 'finding')}${counts ? ` (${counts})` : ''}`;
  return unplaced > 0 ? `${base}; ${unplaced} not on the diff` : base;
}

/** A finding's parameters and their conversion, for agents that propose findings too (reviews that fan out). */
export { finding as submittedFindingSchema, toFinding };
