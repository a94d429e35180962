/**
 * The job summary: the final comment's content (who asked, the outcome, the answer, the tool
 * transcript, the diff, the tokens), so the run page tells the same story even when no comment
 * could be posted. GitHub takes up to 1 MiB per step, so the same sections shrink against that.
 */
import { fitSections, utf8Bytes } from './fit-comment.js';
import { inlineText } from './markdown.js';
import type { Redact } from '../platform/redaction.js';
import type { FinalOutcome, RenderOptions, ReportLinks } from './progress-comment.js';
import { cutNote, finalSections } from './progress-comment.js';
import type { ProgressState } from './progress-state.js';

/**
 * A step's summary may be 1 MiB; this leaves room for anything else the step writes (a skip
 * line, another step's heading) so the upload is never refused.
 */
export const JOB_SUMMARY_LIMIT = 1_000_000;

const LIMIT_LABEL = "the job summary's 1 MiB limit";

/** The job summary of a run that got as far as the agent (or crashed on the way). */
export function renderJobSummary(
  state: ProgressState,
  outcome: FinalOutcome,
  links: ReportLinks,
  options: RenderOptions & { heading?: string },
): string {
  const heading = `## ${options.heading ?? `${options.botName ?? 'Gemini'} agent`}`;
  const sections = [
    { text: heading },
    ...finalSections(state, outcome, links, { ...options, limitLabel: LIMIT_LABEL }),
  ];
  return fitSections(sections, {
    limit: JOB_SUMMARY_LIMIT,
    measure: utf8Bytes,
    note: cutNote('The summary was cut', links, LIMIT_LABEL),
  });
}

/** One line for a run that did not start (e.g. an unauthorized trigger), with no comment. */
export function renderSkippedJobSummary(reason: string, options: { redact: Redact }): string {
  return `⏭️ Skipped: ${inlineText(options.redact(reason), { maxLength: 500 })}`;
}

/** One line for a run that failed before it started (an input, the runner's environment). */
export function renderFailedJobSummary(error: string, options: { redact: Redact }): string {
  return `❌ Failed: ${inlineText(options.redact(error), { maxLength: 2000 })}`;
}

/** What is needed of `core.summary` (the CLI can pass a file-backed one). */
export interface JobSummaryWriter {
  addRaw(text: string, addEOL?: boolean): unknown;
  write(): Promise<unknown>;
}

export async function writeJobSummary(summary: JobSummaryWriter, markdown: string): Promise<void> {
  summary.addRaw(markdown, true);
  await summary.write();
}
