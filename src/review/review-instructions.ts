/**
 * The part of a review run's prompt that says how to hand in the review: one `submit_review`
 * call at the end, findings on lines the diff shows, and — for an incremental review — which
 * commits and files to look at, with the changes since the last review. Text from GitHub (paths,
 * patches) is untrusted: it is sanitized and framed like the rest of the task prompt's data.
 */
import { sanitizeUntrustedCode, UNTRUSTED_DATA_TAG } from '../github/sanitize.js';
import { SUBMIT_REVIEW_TOOL_NAME } from './submit-review.js';
import { patchesWithin } from './patches-within.js';
import type { ReviewScope } from './incremental.js';
import { shortSha } from './incremental.js';
import type { Severity } from './review-types.js';
import { SEVERITIES } from './review-types.js';

export interface ReviewInstructionsInput {
  scope: Pick<ReviewScope, 'kind' | 'files' | 'sinceSha' | 'headSha'>;
  /** Changed files left out by `review_ignore_paths`. */
  ignored?: readonly string[];
  minSeverity: Severity;
  maxFindings: number;
  /** Room for the patches of an incremental review; the rest are listed only. Default 40,000. */
  maxPatchChars?: number;
}

const DEFAULT_PATCH_CHARS = 40_000;

export function reviewInstructions(input: ReviewInstructionsInput): string {
  const tool = SUBMIT_REVIEW_TOOL_NAME;
  const posted = SEVERITIES.slice(0, SEVERITIES.indexOf(input.minSeverity) + 1).join(', ');
  const sections = [
    '## How to hand in your review',
    [
      `When you have read the changes, call the ${tool} tool once, at the end, with your overall assessment (summary) and your findings. Only what you submit through ${tool} is posted; your final answer is not.`,
      `- Anchor each finding on a line the diff shows: for side RIGHT (the default) the line's number in the new version of the file, where the line was added or is shown as context; for side LEFT the number in the old version of a removed or context line. Other lines cannot carry a comment.`,
      `- For several lines give start_line and line, both within one hunk.`,
      `- Give a suggestion only when you know the exact replacement text for those lines (RIGHT side); it must be complete and correctly indented.`,
      `- Only findings of severity ${posted} are posted, at most ${input.maxFindings}, the most severe first: put your effort there.`,
      `- If ${tool} answers that a finding cannot be placed, correct it and call ${tool} again with the complete list; each call replaces the previous one.`,
      `- If you find no problems, call ${tool} with your summary and an empty findings list.`,
    ].join('\n'),
  ];
  const ignored = input.ignored ?? [];
  if (ignored.length > 0) {
    sections.push(
      `These changed files are excluded from the review (review_ignore_paths); do not comment on them: ${ignored.map((path) => `\`${sanitizeUntrustedCode(path)}\``).join(', ')}.`,
    );
  }
  if (input.scope.kind === 'incremental' && input.scope.sinceSha !== undefined) {
    sections.push(...incremental(input.scope, input.maxPatchChars ?? DEFAULT_PATCH_CHARS));
  }
  return sections.join('\n\n');
}

function incremental(scope: ReviewInstructionsInput['scope'], maxPatchChars: number): string[] {
  const since = shortSha(scope.sinceSha ?? '');
  const range = `${since}..${shortSha(scope.headSha)}`;
  const sections = [
    '## Incremental review',
    `This pull request was reviewed before, at commit ${since}. Review only what changed since then, in commits ${range}; the rest was reviewed already. Line numbers still refer to the pull request's diff against its base branch (the new file's lines on the RIGHT side), and comments can only go on lines that diff shows.`,
  ];
  const { shown, unshown } = patchesWithin(scope.files, maxPatchChars);
  const listed = unshown.map((file) => sanitizeUntrustedCode(file.filename));
  sections.push(
    `The files changed since ${since}: ${scope.files.map((file) => `\`${sanitizeUntrustedCode(file.filename)}\``).join(', ')}.`,
  );
  if (shown.length > 0) {
    sections.push(
      `The changes since ${since}:`,
      `<${UNTRUSTED_DATA_TAG} kind="diff-since-last-review">\n${shown.join('\n')}\n</${UNTRUSTED_DATA_TAG}>`,
    );
  }
  if (listed.length > 0) {
    sections.push(
      `Not shown above (no patch from GitHub, or no room): ${listed.map((path) => `\`${path}\``).join(', ')}. Read these files in the workspace.`,
    );
  }
  return sections;
}
