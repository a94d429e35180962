/**
 * Invoke and maintenance runs around the session: before it, a same-repository pull request's
 * head (pinned at the trigger) or an earlier run's branch for the same issue is checked out, so
 * the agent works on that code and its commit fast-forwards the branch; after it, the
 * workspace's change is checked and published by trusted code (see publish/publish-changes.ts).
 * A repository-wide maintenance run also keeps its report in one sticky issue.
 */
import { writeFile } from 'node:fs/promises';
import type { GitHubClient } from '../github/octokit.js';
import type { Trigger } from '../github/trigger.js';
import {
  createOctokitReportSink,
  publishStickyReport,
  reportKey,
} from '../maintenance/sticky-report.js';
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import { continueExistingBranch, findEarlierBranch } from '../publish/existing-branch.js';
import { checkOutPullRequestHead } from '../publish/pull-request-head.js';
import { publishChanges } from '../publish/publish-changes.js';
import { publishTargetFor } from '../publish/publish-target.js';
import type { SessionBaseline } from '../publish/session-baseline.js';
import { renderPublishSection } from '../publish/publish-section.js';
import type { ReportLinks } from '../report/progress-comment.js';
import type { ModePreparation, ModeResult, SessionSummary } from './mode-plan.js';
import { answerOnlyPlan } from './mode-plan.js';
import type { PublishOptions, PublishResult } from '../publish/publish-types.js';

/** What publishing reads of the Action's inputs. */
export interface PublishPlanInputs {
  publish: PublishOptions;
  /** The login the token posts as: its earlier maintenance reports are the Action's own. */
  botLogin: string;
  /** Which sticky report issue a maintenance workflow keeps; default the workflow's name. */
  reportKey: string | undefined;
  /**
   * The fleet campaign the run is one repository of: its branch is the campaign's, and its report
   * is the fleet's tracking issue, not a sticky issue in each repository.
   */
  campaign: string | undefined;
  githubToken: string;
  /** Every secret value of the run: a file containing one is refused. */
  secrets: readonly string[];
}

export interface PublishPlanInput {
  trigger: Trigger;
  inputs: PublishPlanInputs;
  octokit: GitHubClient;
  workspaceRoot: string;
  /** `GITHUB_SERVER_URL`. */
  serverUrl: string;
  /** Where git pushes and fetches; default `<serverUrl>/<owner>/<repo>.git`. */
  remoteUrl?: string | undefined;
  /** `GITHUB_WORKFLOW`: names a maintenance run's branch and report. */
  workflowName: string | undefined;
  links: ReportLinks;
  /** Where an unpushed change's whole patch is written (the comment shows it cut to fit). */
  patchPath: string;
  /**
   * The workspace before the session (what an earlier step left is not published), still being
   * taken: nothing here changes the workspace before it is.
   */
  baseline: Promise<SessionBaseline | undefined>;
  redact: Redact;
  logger: Logger;
  now: () => number;
}

/** The characters the patch of an unpushed change may take in the comment. */
const PATCH_BUDGET = 20_000;

export async function preparePublishing(input: PublishPlanInput): Promise<ModePreparation> {
  const { trigger, inputs, logger, redact } = input;
  const workflowName = input.workflowName?.trim() || 'maintenance';
  const target = publishTargetFor(trigger, {
    maintenanceName: workflowName,
    campaign: inputs.campaign,
  });
  if (target === undefined) {
    logger.warning("The run's changes cannot be published: its pull request was not looked up.");
    return { plan: answerOnlyPlan };
  }
  const repo = { owner: trigger.repo.owner, repo: trigger.repo.name };
  const access = {
    remoteUrl:
      input.remoteUrl ?? `${input.serverUrl.replace(/\/+$/, '')}/${repo.owner}/${repo.repo}.git`,
    serverUrl: input.serverUrl,
    token: inputs.githubToken,
  };
  // Asked now, beside the baseline: the answer is needed only once the workspace may move.
  const earlier = findEarlierBranch({
    octokit: input.octokit,
    repo,
    target,
    branchPrefix: inputs.publish.branchPrefix,
    pushToPrBranch: inputs.publish.pushToPrBranch,
  });
  earlier.catch(() => undefined);
  const baseline = await input.baseline;
  // On a pull request from this repository the agent works on its head, pinned at the trigger,
  // whatever the workflow checked out; a fork's code is never checked out.
  if (target.kind === 'pull_request' && !target.isFork) {
    await checkOutPullRequestHead({
      workspaceRoot: input.workspaceRoot,
      pullNumber: target.number,
      headRef: target.headRef,
      headSha: target.headSha,
      ...access,
      logger,
      redact,
    });
  }
  // A re-run for the same issue continues on the earlier run's branch, so its push is a
  // fast-forward and its pull request is the same one.
  const continued = await continueExistingBranch({
    workspaceRoot: input.workspaceRoot,
    earlier,
    ...access,
    logger,
    redact,
  });
  if (continued.continued)
    logger.info(`Continuing on ${continued.branch ?? 'the earlier branch'}.`);
  const startedAt = new Date(input.now()).toISOString();
  const sticky =
    trigger.mode === 'maintenance' && trigger.number === undefined && inputs.campaign === undefined;
  const key = sticky ? reportKey({ reportKey: inputs.reportKey, workflow: workflowName }) : '';
  const publishTarget = target;

  return {
    plan: {
      extraTools: [],
      async finish(session) {
        const published = session.completed ? await publish(session, false) : undefined;
        if (published?.patch !== undefined) await savePatch(published.patch, input);
        const result = publishResult(published, session, input, repo);
        if (sticky) await keepReport(result, published, session, { input, key, startedAt });
        return result;
      },
      async keepWork(session) {
        const published = await publish(session, true);
        if (published.patch !== undefined) await savePatch(published.patch, input);
        return publishResult(published, { ...session, completed: true }, input, repo);
      },
    },
  };

  /** The change, checked and published by trusted code; `workInProgress` for an early end. */
  function publish(session: SessionSummary, workInProgress: boolean): Promise<PublishResult> {
    return publishChanges({
      workspaceRoot: input.workspaceRoot,
      repo,
      ...(trigger.repo.defaultBranch ? { defaultBranch: trigger.repo.defaultBranch } : {}),
      target: publishTarget,
      options: inputs.publish,
      ...(trigger.actor
        ? { actor: { login: trigger.actor.login, isBot: trigger.actor.isBot } }
        : {}),
      summary: session.summary,
      knownSecrets: inputs.secrets,
      baseline,
      redact,
      logger,
      octokit: input.octokit,
      ...access,
      ...(continued.branch !== undefined ? { branch: continued.branch } : {}),
      ...(continued.baseSha !== undefined ? { baseSha: continued.baseSha } : {}),
      ...(input.links.runUrl !== undefined ? { runUrl: input.links.runUrl } : {}),
      ...(workInProgress
        ? {
            workInProgress: true,
            // A draft only where the run would have opened a pull request at all.
            options: {
              ...inputs.publish,
              createPr: inputs.publish.createPr === 'never' ? 'never' : 'draft',
            },
          }
        : {}),
    });
  }
}

function publishResult(
  published: PublishResult | undefined,
  session: SessionSummary,
  input: PublishPlanInput,
  repo: { owner: string; repo: string },
): ModeResult {
  if (published === undefined) {
    return {
      sections: session.completed
        ? []
        : [
            session.changed === false
              ? '**Changes:** none: the session did not finish, and it left nothing to publish in the workspace.'
              : '**Changes:** not published, because the session did not finish; the diff below is what it left in the workspace.',
          ],
      outputs: {},
      links: [],
    };
  }
  // Rendered once the report's links are final: a cut patch points to the run's artifact.
  const section = (links: ReportLinks) =>
    renderPublishSection(published, {
      redact: input.redact,
      serverUrl: input.serverUrl,
      repo,
      links,
      patchBudget: PATCH_BUDGET,
    });
  // Without changes, a branch is an earlier run's (a re-run's first attempt pushed already).
  const hasSection = published.status !== 'no_changes' || published.branch !== undefined;
  const links: ModeResult['links'] = [];
  if (published.pullRequest)
    links.push({
      label: `Pull request #${published.pullRequest.number}`,
      url: published.pullRequest.url,
    });
  return {
    sections: hasSection ? [section] : [],
    outputs: {
      ...(published.branch !== undefined &&
      (published.status === 'pushed' || published.status === 'no_changes')
        ? { branch_name: published.branch }
        : {}),
      ...(published.commitSha !== undefined ? { commit_sha: published.commitSha } : {}),
      ...(published.pullRequest
        ? { pr_number: String(published.pullRequest.number), pr_url: published.pullRequest.url }
        : {}),
    },
    links,
    ...(published.status === 'failed'
      ? { error: `The changes could not be published: ${published.error ?? 'unknown error'}` }
      : {}),
  };
}

/** The whole patch (already redacted) in a file the job can upload; a failure is a warning. */
async function savePatch(patch: string, input: PublishPlanInput): Promise<void> {
  try {
    await writeFile(input.patchPath, patch.endsWith('\n') ? patch : `${patch}\n`);
    input.logger.info(`The change was not pushed; its patch is in ${input.patchPath}.`);
  } catch (error) {
    input.logger.warning(`Could not write the patch file: ${errorMessage(error)}`);
  }
}

/** The maintenance report issue; failing to update it is a warning, not the run's failure. */
async function keepReport(
  result: ModeResult,
  published: PublishResult | undefined,
  session: SessionSummary,
  context: { input: PublishPlanInput; key: string; startedAt: string },
): Promise<void> {
  const { input } = context;
  const repo = { owner: input.trigger.repo.owner, repo: input.trigger.repo.name };
  try {
    const report = await publishStickyReport(
      {
        startedAt: context.startedAt,
        conclusion: session.completed && result.error === undefined ? 'success' : 'failure',
        durationMs: input.now() - Date.parse(context.startedAt),
        ...(input.links.runUrl !== undefined ? { runUrl: input.links.runUrl } : {}),
        summary: session.summary,
        ...(result.error !== undefined ? { error: result.error } : {}),
        ...(published?.pullRequest ? { pullRequest: published.pullRequest } : {}),
        ...(published?.branch !== undefined ? { branch: published.branch } : {}),
        ...(published?.commitSha !== undefined ? { commitSha: published.commitSha } : {}),
        refusals: (published?.refusals ?? []).map(
          (refusal) => `${refusal.path}: ${refusal.reason}`,
        ),
      },
      {
        sink: createOctokitReportSink(input.octokit),
        repo,
        key: context.key,
        creator: input.inputs.botLogin,
        redact: input.redact,
        logger: input.logger,
      },
    );
    result.links.push({ label: 'Maintenance report', url: report.issue.url });
    result.sections.push(
      `**Report:** kept in [issue #${report.issue.number}](${report.issue.url}).`,
    );
  } catch (error) {
    input.logger.warning(`Could not update the maintenance report issue: ${errorMessage(error)}`);
  }
}
