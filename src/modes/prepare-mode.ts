/**
 * The plan of the trigger's mode: what the session gets beside the built-ins, and what trusted
 * code does with its result. Invoke and maintenance runs publish the workspace's change; reviews
 * post one review; triage applies labels.
 */
import type { TaskContext } from '../github/task-context.js';
import type { WorkflowRunFacts } from '../github/newer-run.js';
import { findNewerRun, runInHand } from '../github/newer-run.js';
import { supersessionCheck } from '../review/superseded-review.js';
import { createOctokitReviewSink } from '../review/post-review.js';
import { createOctokitLabelSink } from '../triage/apply-labels.js';
import type { ModePreparation } from './mode-plan.js';
import { preparePublishing } from './publish-plan.js';
import { prepareReview } from './review-plan.js';
import { prepareTriage, scheduledTriagePlan } from './triage-plan.js';
import type { PublishPlanInput, PublishPlanInputs } from './publish-plan.js';
import type { TriageOptions } from './triage-plan.js';
import type { ReviewOptions } from '../review/review-options.js';

/** What the modes read of the Action's inputs (action/action-inputs.ts reads them all). */
export interface ModeInputs extends PublishPlanInputs {
  review: ReviewOptions;
  triage: TriageOptions;
}

/** What every mode is given: publishing's input, with all the inputs and the task's context. */
export interface PrepareModeInput extends Omit<PublishPlanInput, 'inputs'> {
  inputs: ModeInputs;
  /**
   * The task's context, still being read from GitHub: reviews and triage wait for it, while
   * publishing (invoke, maintenance) prepares its branch without it, side by side.
   */
  context: Promise<TaskContext>;
  /** The workflow run in hand (undefined outside a runner): a review asks for a newer one. */
  workflowRun?: WorkflowRunFacts | undefined;
  /**
   * The event's key, the same for a re-run and a second delivery (github/trigger-claim.ts): a
   * review records it, so the event is never reviewed twice.
   */
  triggerKey?: string | undefined;
}

export async function prepareMode(input: PrepareModeInput): Promise<ModePreparation> {
  const { trigger, inputs, octokit, redact, logger } = input;
  switch (trigger.mode) {
    case 'review': {
      const pullRequest = 'pullRequest' in trigger ? trigger.pullRequest : undefined;
      if (pullRequest === undefined) return { skip: 'no review: the run has no pull request' };
      const context = await input.context;
      const repo = { owner: trigger.repo.owner, repo: trigger.repo.name };
      const facts = input.workflowRun;
      const run =
        facts === undefined
          ? undefined
          : runInHand(facts, repo, {
              number: pullRequest.number,
              headRef: pullRequest.headRef,
              headRepoFullName: pullRequest.headRepoFullName,
            });
      return prepareReview({
        trigger,
        pullRequest,
        currentHeadSha: context.pullRequest?.currentHeadSha,
        files:
          context.pullRequest?.headSha === pullRequest.headSha
            ? context.pullRequest.rawFiles
            : undefined,
        labels: context.target?.labels ?? [],
        options: inputs.review,
        octokit,
        sink: createOctokitReviewSink(octokit, { redact }),
        supersession: supersessionCheck({
          octokit,
          pr: { ...repo, pullNumber: pullRequest.number },
          findNewerRun:
            run === undefined
              ? undefined
              : (signal) => findNewerRun(octokit, run, { logger, signal }),
          logger,
        }),
        botLogin: inputs.botLogin,
        triggerKey: input.triggerKey,
        redact,
        logger,
      });
    }
    case 'triage': {
      const sink = createOctokitLabelSink(octokit, { redact, botLogin: inputs.botLogin });
      if (trigger.number === undefined) {
        return {
          plan: scheduledTriagePlan({
            trigger,
            options: inputs.triage,
            octokit,
            sink,
            redact,
            logger,
          }),
        };
      }
      const context = await input.context;
      return prepareTriage({
        trigger,
        currentLabels: context.target?.labels ?? [],
        options: inputs.triage,
        octokit,
        sink,
        triggerKey: input.triggerKey,
        redact,
        logger,
      });
    }
    case 'invoke':
    case 'maintenance':
      return preparePublishing(input);
  }
}
