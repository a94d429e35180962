/**
 * Stage "context", once the run is authorized: the reaction and the live comment start, the
 * sandbox's probe and the transcript are set up, the task's context is read from GitHub while the
 * workspace's baseline is taken and the mode prepares its plan (or finds nothing to do), and the
 * checkout's stored credential is put out of the agent's reach.
 *
 * Which runs keep a live comment: those someone asked for (a `/gemini` command, an assignment)
 * and every invoke or maintenance run on an issue or pull request. Automatic reviews and triage
 * show their result where it belongs — the review, the labels — and comment only to report a
 * failure, so a run still never ends without a visible result.
 */
import { createTranscriptWriter } from '../agent/transcript.js';
import { createLaunchDirectory } from '../github/pull-request-code.js';
import { isReadOnlyOnForks, readOnlyForkRunReason } from '../github/read-only-runs.js';
import type { GitHubSink, ReactionTarget } from '../github/sink.js';
import { createOctokitSink } from '../github/sink.js';
import type { TaskContext } from '../github/task-context.js';
import { gatherTaskContext } from '../github/task-context.js';
import { workflowRunFacts } from '../github/newer-run.js';
import { claimTrigger, runIdentity } from '../github/trigger-claim.js';
import type { Trigger } from '../github/trigger.js';
import { serverUrl } from '../github/urls.js';
import type { ModePlan } from '../modes/mode-plan.js';
import { prepareMode } from '../modes/prepare-mode.js';
import { unlessDuplicate } from '../modes/claimed-plan.js';
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { pendingSandbox } from '../platform/sandbox/pending-sandbox.js';
import { resolveSandbox } from '../platform/sandbox/resolve-sandbox.js';
import { hideCheckoutCredential } from '../publish/checkout-credential.js';
import { githubStatus } from '../github/error-status.js';
import type { SessionBaseline } from '../publish/session-baseline.js';
import { captureSessionBaseline } from '../publish/session-baseline.js';
import { createCommentUpdater } from '../report/comment-updater.js';
import { renderProgressComment } from '../report/progress-comment.js';
import { toolSandboxSession } from '../tools/tool-processes.js';
import type { AuthorizedRun } from './authorized-run.js';
import type { RunHeld, RunRecord } from './run-record.js';
import { saveRecord } from './run-record.js';
import { RunStopped } from './run-stop.js';
import { isolatesNetwork } from './session-runner.js';

/** What the session stage starts from. */
export interface Prepared {
  plan: ModePlan;
  context: TaskContext;
  /** The workspace before the session: what earlier steps of the job left in it. */
  baseline: SessionBaseline | undefined;
}

/**
 * Stage "reporting": which delivery of the event this run is (a re-run continues its first
 * attempt's comment, a second delivery steps aside), then a reaction and the live comment, for
 * runs someone is waiting on. Returns `{ skip }` for a second delivery, `{ fail }` when the token
 * turns out to be read-only (a review event on a fork's pull request).
 */
export async function startReporting(
  run: AuthorizedRun,
  record: RunRecord,
  held: RunHeld,
): Promise<{ skip: string } | { fail: string } | undefined> {
  const { deps, trigger, logger } = run;
  const { target, live } = record.comment;
  const sink = createOctokitSink(run.octokit, { redact: run.redact });
  // A re-run continues what its first attempt posted; a second delivery of the event steps aside.
  const claim = await claimTrigger({
    octokit: run.octokit,
    sink,
    trigger,
    identity: runIdentity(trigger, deps.env),
    target,
    live,
    botLogin: run.inputs.botLogin,
    env: deps.env,
    logger,
  });
  held.claim = claim;
  if (claim.duplicateReason !== undefined) return { skip: claim.duplicateReason };
  record.render.reserve = claim.reserve;
  if (target === undefined) return undefined;
  const updater = createCommentUpdater({
    sink,
    target,
    ...(deps.commentIntervalMs !== undefined ? { intervalMs: deps.commentIntervalMs } : {}),
    now: deps.now ?? Date.now,
    logger,
    ...claim.updater,
  });
  held.updater = updater;
  // The reaction and the progress comment are GitHub writes, which the client spaces a second
  // apart (octokit.ts): awaited here, they would hold the session back by that second. They go
  // on beside the context, the plan and the session instead: they post only the run's progress,
  // nothing before the session depends on them, the updater queues the session's edits behind
  // the comment's creation, and the end of the run waits for them (`reporting`) before it writes
  // the final comment. One case still waits: on a fork's review event a refused reaction is the
  // sign of a read-only token, and that run must stop before the model sees anything.
  // Runs without a live comment (an automatic review, a triage) get the reaction too: their
  // answer comes after minutes of model time, and 👀 says at once that the run has begun.
  const reacted = react(sink, trigger, logger);
  // A review event on a fork's pull request runs with a read-only token (read-only-runs.ts):
  // the refused reaction is the first sign, and no comment, review or push would work either.
  if (run.forkHead && isReadOnlyOnForks(trigger.kind) && (await reacted) === 403) {
    return { fail: readOnlyForkRunReason(trigger.kind, run.inputs.triggerPhrase) };
  }
  if (!live) {
    held.reporting = reacted.then(() => undefined);
    return undefined;
  }
  held.claimLost = reacted.then(async () => {
    const posted = await updater.start(
      renderProgressComment(record.progress, record.links, record.render),
    );
    const lost = await claim.confirm(posted);
    if (lost !== undefined) {
      // Another delivery of the event posted first: this run's comment is gone, its session stops.
      updater.abandon();
      held.stopDuplicate.abort();
      return lost;
    }
    if (posted !== undefined && record.comment.posted === undefined) {
      record.comment.posted = posted;
      // The post step can find the comment from here on, whatever happens to this step.
      saveRecord(run, record);
    }
    return undefined;
  });
  held.reporting = held.claimLost.then(() => undefined);
  return undefined;
}

/** The context, the baseline and the mode's plan; `{ skip }` when the mode has nothing to do. */
export async function contextStage(
  run: AuthorizedRun,
  record: RunRecord,
  held: RunHeld,
): Promise<Prepared | { skip: string }> {
  const { deps, inputs, trigger, octokit, logger } = run;
  const { env } = deps;
  const workspaceRoot = env.GITHUB_WORKSPACE ?? process.cwd();
  // On a pull request: the private folder outside the workspace that the programs the
  // configuration starts run from (the base branch's copies), which the sandbox shows read-only.
  if ('pullRequest' in trigger && trigger.pullRequest !== undefined) {
    held.launchDirectory = await createLaunchDirectory();
  }
  const launchDirectory = held.launchDirectory;
  // The sandbox probe (a few hundred milliseconds the first time) sets up the session the
  // agent's commands will run in (the options ToolProcesses opens it with), so the sandbox is set
  // up once. Under `auto` it starts once the session's first model request has been sent, and the
  // first command waits for it (pending-sandbox.ts). A sandbox the input names must work before
  // any request: its probe starts now, once the run is authorized and not refused as read-only,
  // beside the comment, the context and the configuration, and the session's start waits for it
  // (see sessionRunner). Starting it early is safe: it only checks that the sandbox user can
  // enter the workspace, and lends nothing before the first command.
  held.sandboxProbe = pendingSandbox(inputs.sandbox, () =>
    resolveSandbox(inputs.sandbox, {
      env,
      logger,
      firstSession: toolSandboxSession({
        workspaceRoot,
        parentEnv: env,
        ...(launchDirectory === undefined ? {} : { readablePaths: [launchDirectory] }),
        // A fork's head is expected to be in the workspace; if the check below finds it is not,
        // the session is set up again without the network cut off.
        isolateNetwork: isolatesNetwork(run, run.forkHead),
      }),
    }),
  );
  // The transcript exists from here on, so even a run that fails before the session has the file
  // its output names.
  held.transcript = createTranscriptWriter(record.files.transcript, { redact: run.redact });
  // The context is read from GitHub while the workspace's baseline is taken and the mode
  // prepares: reading it changes nothing, and what it reads (the issue or pull request, its
  // comments) nothing here changes. Awaited before the session starts.
  const contextRead = gatherTaskContext(trigger, octokit, {
    logger,
    includeRepositoryLabels: false,
  });
  contextRead.catch(() => undefined);
  // Before anything changes the workspace: what earlier steps of the job left in it. The mode
  // prepares beside it (publishing asks GitHub for an earlier branch of the task) and waits for
  // it before it moves the workspace.
  const baselineTaken = captureSessionBaseline(workspaceRoot);
  baselineTaken.catch(() => undefined);
  const preparation = await prepareMode({
    trigger,
    context: contextRead,
    inputs,
    octokit,
    redact: run.redact,
    logger,
    workspaceRoot,
    serverUrl: serverUrl(env),
    remoteUrl: deps.gitRemoteUrl,
    workflowName: env.GITHUB_WORKFLOW,
    links: record.links,
    patchPath: record.files.patch,
    baseline: baselineTaken,
    triggerKey: held.claim?.identity.key,
    now: deps.now ?? Date.now,
    workflowRun: workflowRunFacts(env),
  });
  const baseline = await baselineTaken;
  const context = await contextRead;
  for (const warning of context.warnings) logger.warning(warning);
  if ('skip' in preparation) return { skip: preparation.skip };
  // Until the session and publishing are done, the checkout's stored token is out of reach.
  const credential = await hideCheckoutCredential(workspaceRoot, { logger });
  for (const value of credential.values) run.registerSecret(value);
  // Stopped meanwhile: the ending may have let go of what the run holds already.
  if (run.stop.ending !== undefined) {
    await credential.restore();
    throw new RunStopped(run.stop.ending);
  }
  held.restoreCredential = () => credential.restore();
  // A second delivery that lost the claim publishes nothing (see trigger-claim.ts).
  return { plan: unlessDuplicate(preparation.plan, held.claimLost), context, baseline };
}

/**
 * 👀 on what started the run; a refusal is only a warning (the comment is what matters). Returns
 * the HTTP status of a refusal.
 */
async function react(
  sink: GitHubSink,
  trigger: Trigger,
  logger: Logger,
): Promise<number | undefined> {
  const repo = { owner: trigger.repo.owner, repo: trigger.repo.name };
  let target: ReactionTarget | undefined;
  if ('comment' in trigger && trigger.comment.kind === 'issue_comment') {
    target = { ...repo, kind: 'issue_comment', commentId: trigger.comment.id };
  } else if ('comment' in trigger && trigger.comment.kind === 'review_comment') {
    target = { ...repo, kind: 'review_comment', commentId: trigger.comment.id };
  } else if (trigger.number !== undefined) {
    // Reviews take no reactions; the pull request itself does.
    target = { ...repo, kind: 'issue', issueNumber: trigger.number };
  }
  if (target === undefined) return undefined;
  try {
    await sink.addReaction(target, 'eyes');
    return undefined;
  } catch (error) {
    logger.warning(`Could not add a reaction: ${errorMessage(error)}`);
    // The sink words a permission refusal as a configuration error around GitHub's.
    return githubStatus(error) ?? githubStatus((error as { cause?: unknown }).cause);
  }
}
