/**
 * The text of a review: its body (the model's summary, counts, the findings that could not be
 * inline comments, what was reviewed, and a hidden marker recording the reviewed head for the
 * next, incremental review) and one comment per placed finding (severity badge, text, and a
 * `suggestion` block GitHub can apply). Everything the model wrote is redacted first, then made
 * safe for Markdown, and every text is capped to GitHub's 65,536 characters.
 */
import type { Redact } from '../platform/redaction.js';
import { cutMarkdown, fitSections, GITHUB_COMMENT_LIMIT } from '../report/fit-comment.js';
import {
  codeBlock,
  codeSpan,
  fenceFor,
  fenceOpening,
  inlineText,
  modelMarkdown,
} from '../report/markdown.js';
import type { PlacedFinding } from './anchor-findings.js';
import type { ReviewFinding, Severity } from './review-types.js';
import { severityCounts } from './review-types.js';
import { plural } from '../platform/text.js';

export const SEVERITY_BADGES: Readonly<Record<Severity, string>> = {
  critical: '🔴 Critical',
  high: '🟠 High',
  medium: '🟡 Medium',
  low: '🔵 Low',
};

const MARKER =
  /<!-- gemini-agent:review head=([0-9a-f]{7,64})(?: trigger=([A-Za-z0-9._]{1,200}))? -->/g;

/** What a review's marker records. */
export interface ReviewMarkerFields {
  headSha: string;
  /**
   * The key of the event the review answered (github/trigger-claim.ts), so a re-run or a second
   * delivery of that event finds it; absent in reviews posted before it was recorded.
   */
  trigger?: string | undefined;
}

/** The hidden line that records which head commit a review covered, and for which event. */
export function reviewMarker(headSha: string, trigger?: string): string {
  if (!/^[0-9a-f]{7,64}$/.test(headSha)) throw new Error(`not a commit SHA: ${headSha}`);
  const key = trigger !== undefined && /^[A-Za-z0-9._]{1,200}$/.test(trigger) ? trigger : '';
  return `<!-- gemini-agent:review head=${headSha}${key === '' ? '' : ` trigger=${key}`} -->`;
}

/** The head SHA a review body records; the last marker counts (ours always ends the body). */
export function readReviewMarker(body: string | null | undefined): string | undefined {
  return readReviewMarkerFields(body)?.headSha;
}

/** Everything the review's last marker records, or undefined without one. */
export function readReviewMarkerFields(
  body: string | null | undefined,
): ReviewMarkerFields | undefined {
  let found: ReviewMarkerFields | undefined;
  for (const match of (body ?? '').matchAll(MARKER)) {
    if (match[1] !== undefined) found = { headSha: match[1], trigger: match[2] };
  }
  return found;
}

/** Why a finding is in the body instead of an inline comment. */
export type NotInlineReason = 'not_in_diff' | 'rejected';

export interface NotInlineFinding {
  finding: ReviewFinding;
  why: NotInlineReason;
}

export interface ReviewBodyInput {
  summary: string;
  /** Posted as inline comments. */
  inline: readonly ReviewFinding[];
  /** Listed in the body. */
  notInline: readonly NotInlineFinding[];
  /** Findings the filter left out, for a one-line note. */
  omitted?: { belowSeverity: number; minSeverity: Severity; overCap: number; maxFindings: number };
  /** What was reviewed, e.g. the incremental range; from `planReviewScope`. */
  scope?: string | undefined;
  /** How a review that fanned out came to its findings (proposed, confirmed, dropped). */
  verification?: string | undefined;
  /** The head commit reviewed; recorded in the hidden marker. */
  headSha: string;
  /** The event's key, recorded in the marker too (see github/trigger-claim.ts). */
  trigger?: string | undefined;
  redact: Redact;
  /** Default `Gemini`. */
  botName?: string;
}

/** The summary's share of a body: the findings listed after it need room too. */
const MAX_SUMMARY = 30_000;

const WHY: Readonly<Record<NotInlineReason, string>> = {
  not_in_diff: 'not on a changed line',
  rejected: 'GitHub did not accept it as an inline comment',
};

export function renderReviewBody(input: ReviewBodyInput): string {
  const { redact } = input;
  const marker = reviewMarker(input.headSha, input.trigger);
  const all = [...input.inline, ...input.notInline.map((item) => item.finding)];
  const counts = severityCounts(all);
  const where =
    input.notInline.length === 0
      ? ''
      : input.inline.length === 0
        ? ' — listed below'
        : ` — ${input.inline.length} as inline comments, ${input.notInline.length} listed below`;
  const countLine = counts === '' ? '**No findings.**' : `**Findings:** ${counts}${where}`;
  const list =
    input.notInline.length === 0
      ? ''
      : [
          '#### Findings not placed as inline comments',
          '',
          ...input.notInline.map((item) => listItem(item, redact)),
        ].join('\n');
  const note = omittedNote(input.omitted);
  // A long summary must leave room for the findings that are only in the body.
  const summary = cutToFit(modelMarkdown(redact(input.summary.trim())), MAX_SUMMARY, 'summary');
  const sections = [
    { text: `### ${input.botName ?? 'Gemini'} review` },
    {
      text: summary,
      shrink: (max: number) => cutToFit(summary, max, 'summary'),
      shrinkOrder: 2,
    },
    { text: countLine },
    {
      text:
        input.scope === undefined ? '' : `_${inlineText(redact(input.scope), { maxLength: 500 })}_`,
    },
    {
      text:
        input.verification === undefined
          ? ''
          : `_${inlineText(redact(input.verification), { maxLength: 500 })}._`,
    },
    { text: list, shrink: (max: number) => cutToFit(list, max, 'list'), shrinkOrder: 1 },
    { text: note },
  ];
  const body = fitSections(sections, {
    limit: GITHUB_COMMENT_LIMIT - marker.length - 2,
    note: '_(review cut to fit)_',
  });
  // A second pass catches a secret our escaping might have joined back together; the marker is ours.
  return `${redact(body)}\n\n${marker}`;
}

function listItem(item: NotInlineFinding, redact: Redact): string {
  const { finding } = item;
  const head = `- ${SEVERITY_BADGES[finding.severity]} — ${WHY[item.why]}: ${location(finding, redact)}`;
  const body = modelMarkdown(redact(finding.body));
  // A one-line text follows on the same line; anything longer (a list, a code block) gets its own
  // paragraph inside the item, where a fence cannot swallow the rest of the list.
  const oneLiner = !body.includes('\n') && fenceOpening(body) === undefined;
  const parts = oneLiner ? [`${head} — ${body}`] : [head, '', body];
  if (finding.suggestion !== undefined) {
    parts.push('', 'Suggested code:', '', codeBlock(redact(finding.suggestion)));
  }
  // Continuation lines are indented so they stay inside the list item (code blocks included).
  return parts
    .join('\n')
    .split('\n')
    .map((line, index) => (index === 0 || line === '' ? line : `  ${line}`))
    .join('\n');
}

function location(finding: ReviewFinding, redact: Redact): string {
  const lines =
    finding.startLine === undefined ? `${finding.line}` : `${finding.startLine}-${finding.line}`;
  const side = finding.side === 'LEFT' ? ' (removed side)' : '';
  return `${codeSpan(`${redact(finding.path)}:${lines}`, { maxLength: 300 })}${side}`;
}

function omittedNote(omitted: ReviewBodyInput['omitted']): string {
  if (!omitted) return '';
  const parts: string[] = [];
  if (omitted.belowSeverity > 0) {
    parts.push(
      `${plural(omitted.belowSeverity, 'finding')} below ${omitted.minSeverity} severity (review_min_severity)`,
    );
  }
  if (omitted.overCap > 0) {
    parts.push(
      `${plural(omitted.overCap, 'less severe finding')} over the limit of ${omitted.maxFindings} (review_max_findings)`,
    );
  }
  return parts.length === 0 ? '' : `_Left out: ${parts.join('; ')}._`;
}

/** One inline comment: severity badge, the finding's text, and its suggestion. */
export function renderFindingComment(finding: PlacedFinding, options: { redact: Redact }): string {
  const { redact } = options;
  const head = `**${SEVERITY_BADGES[finding.severity]}**`;
  const body = modelMarkdown(redact(finding.body));
  const withoutSuggestion = `${head}\n\n${body}`;
  if (finding.suggestion === undefined) return fit(withoutSuggestion);
  const suggestion = redact(finding.suggestion);
  const block = finding.suggestionApplies
    ? suggestionBlock(suggestion)
    : `Suggested code:\n\n${codeBlock(suggestion)}`;
  const full = `${withoutSuggestion}\n\n${block}`;
  if (full.length <= GITHUB_COMMENT_LIMIT) return full;
  // A suggestion cut short would be wrong code; leave it out whole.
  return fit(`${withoutSuggestion}\n\n_The suggested change was too long to include._`);
}

/**
 * A block GitHub offers to apply: its lines replace the commented ones exactly; no lines delete
 * them. The fence is longer than any backtick run in the code, so code with fences stays whole.
 */
export function suggestionBlock(code: string): string {
  const fence = fenceFor(code);
  const lines = code === '' ? '' : code.endsWith('\n') ? code : `${code}\n`;
  return `${fence}suggestion\n${lines}${fence}`;
}

function cutToFit(text: string, max: number, what: string): string {
  return text.length <= max ? text : cutMarkdown(text, max, { note: `_(${what} cut to fit)_` });
}

function fit(text: string): string {
  return text.length <= GITHUB_COMMENT_LIMIT
    ? text
    : cutMarkdown(text, GITHUB_COMMENT_LIMIT, { note: '_(comment cut to fit)_' });
}
