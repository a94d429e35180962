/**
 * Review mode around the session: before it, the pull request's files, the skip rules, and
 * what is new since the last review; the `submit_review` tool that checks each finding against
 * the diff while the model can still fix it; after it, one review posted by trusted code.
 */
import type { GitHubClient } from '../github/octokit.js';
import type { PullRequestInfo, Trigger } from '../github/trigger.js';
import type { Logger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import { placementCheck } from '../review/anchor-findings.js';
import { DiffIndex } from '../review/diff-hunks.js';
import type { PreviousReview } from '../review/incremental.js';
import { findLastReview, planReviewScope, shortSha } from '../review/incremental.js';
import type { ReviewSink } from '../review/post-review.js';
import type { SupersessionCheck } from '../review/superseded-review.js';
import { publishReview } from '../review/publish-review.js';
import type { PullRequestFile } from '../review/diff-hunks.js';
import { fetchPullRequestFiles } from '../review/pull-request-files.js';
import type { ReviewOptions } from '../review/review-options.js';
import { reviewInstructions } from '../review/review-instructions.js';
import { decideReviewSkip } from '../review/skip-rules.js';
import { createReviewCollector } from '../review/submit-review.js';
import { planFileGroups } from '../review/file-groups.js';
import type { FanoutTally } from '../review/findings-ledger.js';
import { FindingsLedger, tallySentence } from '../review/findings-ledger.js';
import { fanoutInstructions, reviewAgents } from '../review/review-agents.js';
import type { ModePreparation } from './mode-plan.js';
import { codeSpan, inlineText } from '../report/markdown.js';
import { supersededBy, supersededReviewLine } from '../report/superseded.js';

export interface ReviewPlanInput {
  trigger: Trigger;
  pullRequest: PullRequestInfo;
  /** The branch's head when the context was read (it may have moved since the trigger). */
  currentHeadSha: string | undefined;
  /**
   * The changed files of the reviewed head, when the task context read them already (one request
   * fewer); otherwise they are fetched.
   */
  files?: readonly PullRequestFile[] | undefined;
  /** The pull request's labels, for `review_skip_labels`. */
  labels: readonly string[];
  options: ReviewOptions;
  octokit: GitHubClient;
  sink: ReviewSink;
  /**
   * Asked just before posting: whether newer work (a newer run for the same pull request, a push)
   * replaced this review, which is then not posted. Without it the review is always posted.
   */
  supersession?: SupersessionCheck | undefined;
  /** The account the Action posts as: only its earlier reviews count as reviewed. */
  botLogin: string;
  /**
   * The event's key (github/trigger-claim.ts), recorded in the review's marker: a re-run or a
   * second delivery of the same event finds its review and posts none.
   */
  triggerKey?: string | undefined;
  redact: Redact;
  logger: Logger;
}

export async function prepareReview(input: ReviewPlanInput): Promise<ModePreparation> {
  const { trigger, pullRequest, options, octokit, logger } = input;
  const repo = { owner: trigger.repo.owner, repo: trigger.repo.name };
  // Someone asked (`/gemini review`): drafts, labels and authors do not stop the review.
  const requested = 'command' in trigger;
  const files =
    input.files ??
    (await fetchPullRequestFiles(octokit, {
      ...repo,
      pullNumber: pullRequest.number,
      headSha: pullRequest.headSha,
      baseSha: pullRequest.baseSha,
      currentHeadSha: input.currentHeadSha,
    }));
  const decision = decideReviewSkip({
    pullRequest: {
      draft: pullRequest.draft,
      author: pullRequest.author?.login,
      labels: input.labels,
    },
    files,
    options,
    requested,
  });
  if (decision.skip) return { skip: `no review: ${decision.reason.replace(/\.$/, '')}` };
  const lastReview = () =>
    findLastReview(octokit, { ...repo, pullNumber: pullRequest.number, botLogin: input.botLogin });
  const previous = await lastReview();
  // An automatic review of a reviewed head is skipped below; a request is answered once.
  if (requested && previous !== undefined && answers(previous, input, pullRequest.headSha)) {
    return { skip: `no review: ${postedAlready(previous)}` };
  }
  const scope = await planReviewScope(octokit, {
    ...repo,
    headSha: pullRequest.headSha,
    files: decision.files,
    previous,
  });
  if (scope.nothingNew && !requested) {
    return {
      skip: `no review: the head ${shortSha(pullRequest.headSha)} was reviewed already (comment /gemini review to review it again)`,
    };
  }
  if (scope.kind === 'incremental') logger.info(scope.sentence ?? 'Reviewing the new commits.');
  const diff = DiffIndex.fromGitHub(files);
  const checkPlacement = placementCheck(diff);
  const collector = createReviewCollector({ checkPlacement });
  const handIn = reviewInstructions({
    scope,
    ignored: decision.ignored,
    minSeverity: options.minSeverity,
    maxFindings: options.maxFindings,
  });
  // A large pull request: parallel reviewers per group of files, then a verifier (see review-agents.ts).
  const groups = planFileGroups(scope.files, options.fanoutThreshold);
  const ledger = groups === undefined ? undefined : new FindingsLedger(groups.length);
  if (groups !== undefined) {
    logger.info(
      `The review fans out: ${groups.length} groups of files, reviewed in parallel, then verified.`,
    );
  }
  return {
    plan: {
      extraTools: [collector.tool],
      ...(groups === undefined || ledger === undefined
        ? { handIn }
        : {
            handIn: `${handIn}\n\n${fanoutInstructions(groups)}`,
            agents: reviewAgents({
              groups,
              pullRequest,
              checkPlacement,
              ledger,
            }),
          }),
      async finish(session) {
        let collected = collector.result();
        const tally = ledger?.tally();
        let unconfirmed = 0;
        if (ledger !== undefined && collected !== undefined) {
          // Only what the verifier confirmed is posted.
          const { kept, unconfirmed: left } = ledger.keepConfirmed(collected.findings);
          collected = { ...collected, findings: kept };
          unconfirmed = left.length;
        }
        // A session that stopped early without handing anything in has no review to post;
        // its comment says why it stopped.
        if (collected === undefined && !session.completed) {
          return { sections: [], outputs: {}, links: [] };
        }
        // Only the newest review is posted: one that newer work replaced says so instead.
        const superseded = await input.supersession?.(input.currentHeadSha ?? pullRequest.headSha);
        if (superseded !== undefined) {
          logger.info(`The review is not posted: superseded by ${supersededBy(superseded)}.`);
          return {
            sections: [supersededReviewLine(superseded, pullRequest.headSha, { requested })],
            outputs: {},
            links:
              'newerRun' in superseded
                ? [{ label: 'Newer run', url: superseded.newerRun.url }]
                : [],
          };
        }
        // Another delivery of the same event may have posted while this session ran.
        const meanwhile = await lastReview().catch(() => undefined);
        if (
          meanwhile !== undefined &&
          meanwhile.id !== previous?.id &&
          (answers(meanwhile, input, pullRequest.headSha) ||
            (!requested && meanwhile.headSha === pullRequest.headSha))
        ) {
          logger.info(`Review not posted: ${postedAlready(meanwhile)}.`);
          return {
            sections: [`**Review:** not posted again: ${postedAlready(meanwhile)}.`],
            outputs: { review_url: meanwhile.url },
            links: [{ label: 'Review', url: meanwhile.url }],
          };
        }
        const posted = await publishReview({
          sink: input.sink,
          pr: { ...repo, pullNumber: pullRequest.number },
          headSha: pullRequest.headSha,
          trigger: input.triggerKey,
          collected,
          fallbackSummary: session.summary,
          diff,
          options,
          scope: scope.sentence,
          ...(tally === undefined ? {} : { verification: tallySentence(tally) }),
          redact: input.redact,
          logger,
        });
        const what = posted.fellBack
          ? 'GitHub refused the review, so it was posted as a comment'
          : `${posted.findings} finding${posted.findings === 1 ? '' : 's'}, ${posted.inlineCount} inline`;
        return {
          sections: [
            `**Review:** [posted](${posted.url}) — ${what}.`,
            ...(tally === undefined ? [] : [fanoutSection(tally, unconfirmed, input.redact)]),
          ],
          outputs: { review_url: posted.url },
          links: [{ label: 'Review', url: posted.url }],
        };
      },
    },
  };
}

/** The review answers this very event (a re-run or a second delivery of it) on this head. */
function answers(
  review: PreviousReview | undefined,
  input: Pick<ReviewPlanInput, 'triggerKey'>,
  headSha: string,
): boolean {
  return (
    review !== undefined &&
    input.triggerKey !== undefined &&
    review.trigger === input.triggerKey &&
    review.headSha === headSha
  );
}

function postedAlready(review: PreviousReview): string {
  return `[review ${review.id}](${review.url}) of ${shortSha(review.headSha)} answers this event already; a re-run or a second delivery of the event does not post it again`;
}

/** The final report's account of a review that fanned out, with why each dropped finding went. */
function fanoutSection(tally: FanoutTally, unconfirmed: number, redact: Redact): string {
  const lines = [`**Parallel review:** ${tallySentence(tally)}.`];
  if (unconfirmed > 0) {
    lines.push(
      `${unconfirmed} submitted finding${unconfirmed === 1 ? ' was' : 's were'} not among the confirmed ones and ${unconfirmed === 1 ? 'was' : 'were'} left out.`,
    );
  }
  if (tally.droppedReasons.length > 0) {
    lines.push(
      '',
      `<details><summary>Dropped by the verifier (${tally.droppedReasons.length})</summary>`,
      '',
      ...tally.droppedReasons.map(
        ({ candidate, reason }) =>
          `- ${codeSpan(redact(`${candidate.path}:${candidate.line}`))} (${candidate.severity}): ${inlineText(redact(reason), { maxLength: 300 })}`,
      ),
      '',
      '</details>',
    );
  }
  return lines.join('\n');
}
