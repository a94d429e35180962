/**
 * After the session: from what the model submitted to the posted review. Findings are filtered
 * (duplicates, severity, cap), fitted onto the diff, rendered, and posted as one review with the
 * fallbacks of `postReview`. The one call the Action makes in review mode once the agent is done.
 */
import type { Logger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import type { AnchorOptions } from './anchor-findings.js';
import { anchorFindings } from './anchor-findings.js';
import type { DiffIndex } from './diff-hunks.js';
import type { PostReviewResult, PullRef, ReviewSink } from './post-review.js';
import { postReview, reviewEvent } from './post-review.js';
import { renderFindingComment, renderReviewBody } from './render-review.js';
import { filterFindings } from './review-filter.js';
import type { ReviewOptions } from './review-options.js';
import type { CollectedReview } from './review-types.js';

export interface PublishReviewInput {
  sink: ReviewSink;
  pr: PullRef;
  /** The head commit reviewed: the review is posted on it and its marker records it. */
  headSha: string;
  /** The key of the event the review answers, recorded in its marker (github/trigger-claim.ts). */
  trigger?: string | undefined;
  /** What `submit_review` collected; undefined when the model never called it. */
  collected: CollectedReview | undefined;
  /** The summary when the model did not submit a review (e.g. its final answer). */
  fallbackSummary?: string | undefined;
  /** The pull request's diff at `headSha`. */
  diff: DiffIndex;
  options: Pick<ReviewOptions, 'maxFindings' | 'minSeverity' | 'requestChanges'>;
  /** The scope sentence of an incremental (or fallen-back) review. */
  scope?: string | undefined;
  /** How a review that fanned out came to its findings, for the review body. */
  verification?: string | undefined;
  redact: Redact;
  logger?: Logger;
  botName?: string;
  anchor?: AnchorOptions;
}

export interface PublishReviewResult extends PostReviewResult {
  /** Findings after filtering (inline and in the body). */
  findings: number;
  /** Findings that could not be placed on the diff. */
  unplaced: number;
}

const NO_SUMMARY = 'The review ended without a summary from the agent.';

export async function publishReview(input: PublishReviewInput): Promise<PublishReviewResult> {
  const { collected, options, redact } = input;
  const summary = collected?.summary ?? input.fallbackSummary ?? NO_SUMMARY;
  const filtered = filterFindings(collected?.findings ?? [], options);
  const { placed, unplaced } = anchorFindings(filtered.kept, input.diff, input.anchor);
  const comments = placed.map((finding) => ({
    finding,
    comment: {
      path: finding.path,
      line: finding.line,
      side: finding.side,
      startLine: finding.startLine,
      body: renderFindingComment(finding, { redact }),
    },
  }));
  const result = await postReview(input.sink, {
    pr: input.pr,
    commitId: input.headSha,
    event: reviewEvent(filtered.kept, options.requestChanges),
    comments,
    renderBody: (moved) =>
      renderReviewBody({
        summary,
        inline: placed.filter((finding) => !moved.includes(finding)),
        notInline: [
          ...unplaced.map(({ finding }) => ({ finding, why: 'not_in_diff' as const })),
          ...moved.map((finding) => ({ finding, why: 'rejected' as const })),
        ],
        omitted: {
          belowSeverity: filtered.belowSeverity,
          minSeverity: options.minSeverity,
          overCap: filtered.overCap,
          maxFindings: options.maxFindings,
        },
        scope: input.scope,
        verification: input.verification,
        headSha: input.headSha,
        trigger: input.trigger,
        redact,
        ...(input.botName === undefined ? {} : { botName: input.botName }),
      }),
    ...(input.logger === undefined ? {} : { logger: input.logger }),
  });
  return { ...result, findings: filtered.kept.length, unplaced: unplaced.length };
}
