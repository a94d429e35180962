/**
 * The body of the bot's pull request: the summary of what was done, the link that closes the
 * issue, what was left out and why, who asked and the run — redacted, made safe (no mentions, no
 * raw HTML from the model) and cut to GitHub's 65,536-character limit. A hidden marker tells a
 * later run that the pull request is ours to update.
 */
import type { Redact } from '../platform/redaction.js';
import type { FitSection } from '../report/fit-comment.js';
import { GITHUB_COMMENT_LIMIT, cutMarkdown, fitSections } from '../report/fit-comment.js';
import { codeSpan, inlineText, modelMarkdown } from '../report/markdown.js';
import { refusalLines } from './publish-section.js';
import type { PublishTarget } from './publish-target.js';
import type { Refusal } from './publish-types.js';

/** Marks a pull request body as written by this Action (updated on re-runs, never a human's). */
export const PULL_REQUEST_MARKER = '<!-- gemini-agent:publish -->';

export interface PullRequestBodyInput {
  target: PublishTarget;
  /** The model's summary of the change. */
  summary?: string;
  refusals: readonly Refusal[];
  /** The login of who asked (shown, not mentioned). */
  requestedBy?: string;
  runUrl?: string;
  redact: Redact;
  /** Default GitHub's limit. */
  limit?: number;
}

function link(target: PublishTarget): string {
  switch (target.kind) {
    case 'issue':
      // The keyword closes the issue when the pull request is merged.
      return `Closes #${target.number}`;
    case 'pull_request':
      return `Changes requested in #${target.number}.`;
    case 'maintenance':
      return `Maintenance run: ${inlineText(target.name, { maxLength: 100 })}`;
    case 'campaign':
      // The key is a checked slug; the fleet's tracking issue lists this pull request by it.
      return `Campaign: \`${target.key}\``;
  }
}

export function renderPullRequestBody(input: PullRequestBodyInput): string {
  const { redact } = input;
  const limit = input.limit ?? GITHUB_COMMENT_LIMIT;
  const note = '> ✂️ Cut to fit GitHub’s size limit; the run’s transcript has everything.';
  const summary = modelMarkdown(redact(input.summary ?? '').trim());
  const sections: FitSection[] = [
    {
      text: summary,
      shrinkOrder: 2,
      shrink: (max: number) => cutMarkdown(summary, max, { note }),
    },
    { text: link(input.target) },
  ];
  if (input.refusals.length > 0) {
    const lines = refusalLines(input.refusals, redact);
    const text = `<details><summary>Left out of this pull request (${lines.length})</summary>\n\n${lines.join('\n')}\n\n</details>`;
    sections.push({
      text,
      shrinkOrder: 1,
      shrink: (max: number) => cutMarkdown(text, max, { note }),
    });
  }
  const footer: string[] = [];
  if (input.requestedBy !== undefined) {
    footer.push(`Requested by ${codeSpan(input.requestedBy, { maxLength: 60 })}`);
  }
  if (input.runUrl !== undefined && /^https?:\/\//.test(input.runUrl)) {
    footer.push(`[Workflow run](${input.runUrl.replace(/[\s()<>]/g, encodeURIComponent)})`);
  }
  sections.push({ text: [footer.join(' · '), PULL_REQUEST_MARKER].filter(Boolean).join('\n\n') });
  return fitSections(sections, { limit, note });
}
