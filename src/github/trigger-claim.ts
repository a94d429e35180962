/**
 * Re-runs and second deliveries of one event, told apart and kept to one piece of work.
 *
 * GitHub keeps `GITHUB_RUN_ID` when a job is re-run and counts `GITHUB_RUN_ATTEMPT` up from 1; a
 * re-run works from the original event (its payload, `GITHUB_SHA` and `GITHUB_REF`) — see
 * "Re-running workflows and jobs" and the variables reference on docs.github.com. A second
 * delivery of one event starts a run with a new id and the same payload. So the event's own ids
 * (the comment, the review, the pull request's head) make a key every attempt and every delivery
 * of one event share ({@link triggerKey}), and the run id tells a re-run from a duplicate.
 *
 * The run's progress comment is the lock: its hidden marker carries the key, the run id and the
 * attempt. Before a run that keeps a live comment posts, it reads the comments the Action's own
 * account wrote on the issue (or in the review thread) for the same key — the earliest counts:
 * - none: the run goes on and posts the comment (`go`); once posted it looks again, and when two
 *   deliveries posted at the same instant, the earlier comment (the lower id) wins: the other run
 *   removes its comment and ends as a duplicate;
 * - one an earlier attempt of this run posted: the run continues that comment (`continue`),
 *   marked with its attempt, instead of posting a second;
 * - one another run posted: this delivery is a duplicate of that run and ends as skipped
 *   (`duplicate`), naming the run, before anything runs.
 * Runs without a live comment (automatic reviews and triage) claim nothing; a re-run of one still
 * finds the failure comment its earlier attempt posted, to update it. A review and a triage note
 * carry the key in their own markers (review/render-review.ts, triage/label-comment.ts); a branch
 * is named after its task (publish/branch-name.ts), so a re-run finds and continues it; a second
 * delivery that lost the claim while its session ran publishes nothing (modes/claimed-plan.ts).
 *
 * Only comments the Action's account wrote count: anyone can paste a marker into a comment, and
 * a pasted one must not make the Action skip a request.
 */
import { createHash } from 'node:crypto';
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { GitHubClient } from './octokit.js';
import { ownMarker, readOwnMarker } from './own-marker.js';
import type { CommentTarget, GitHubSink, PostedComment } from './sink.js';
import { isReviewThreadTarget } from './sink.js';
import type { Trigger } from './trigger-types.js';
import type { UrlEnvironment } from './urls.js';
import { serverUrl } from './urls.js';

/** Which event a run answers, and which run and attempt it is. */
export interface RunIdentity {
  /** The same for every attempt and every delivery of one event; see {@link triggerKey}. */
  key: string;
  /** `GITHUB_RUN_ID`; undefined outside a workflow run (the CLI's local run). */
  runId: string | undefined;
  /** `GITHUB_RUN_ATTEMPT`: 1 for the first attempt (and when unset), 2 for the first re-run. */
  attempt: number;
}

/**
 * The event's key, made of GitHub's ids only (letters, digits, `.` and `_`, so it fits a
 * marker): the triggering comment or review, a pull request event's head commit, an issue
 * event's time. An event without such an id (a schedule, a dispatch, a push) has only its run:
 * a re-run shares the key, a later run never does.
 */
export function triggerKey(trigger: Trigger, runId: string | undefined): string {
  switch (trigger.kind) {
    case 'issue_comment':
      return `issue_comment.${trigger.comment.id}`;
    case 'pull_request_review_comment':
      return `review_comment.${trigger.comment.id}`;
    case 'pull_request_review':
      return `review.${trigger.review.id}`;
    case 'pull_request':
    case 'pull_request_target':
      return `${trigger.kind}.${trigger.number}.${trigger.action}.${trigger.pullRequest.headSha}`;
    case 'issues':
      // A label or an assignment can happen again later: its time tells the two apart.
      return `issues.${trigger.number}.${trigger.action}.${digest([
        trigger.label ?? '',
        trigger.assignee?.login ?? '',
        trigger.issue.updatedAt,
      ])}`;
    default:
      return `${trigger.kind}.run.${runId ?? 'local'}`;
  }
}

function digest(parts: readonly string[]): string {
  return createHash('sha256').update(JSON.stringify(parts)).digest('hex').slice(0, 16);
}

/** The run's identity from the runner's environment. */
export function runIdentity(trigger: Trigger, env: NodeJS.ProcessEnv): RunIdentity {
  const id = env.GITHUB_RUN_ID?.trim() ?? '';
  const runId = /^\d{1,20}$/.test(id) ? id : undefined;
  const attempt = Number(env.GITHUB_RUN_ATTEMPT?.trim() ?? '1');
  return {
    key: triggerKey(trigger, runId),
    runId,
    attempt: Number.isSafeInteger(attempt) && attempt >= 1 ? attempt : 1,
  };
}

/** The page of a workflow run, or of one of its attempts. */
export function workflowRunUrl(
  env: UrlEnvironment,
  repoFullName: string,
  runId: string,
  attempt?: number,
): string {
  const base = `${serverUrl(env)}/${repoFullName}/actions/runs/${runId}`;
  return attempt === undefined ? base : `${base}/attempts/${attempt}`;
}

/** What the claim decided. */
export type ClaimDecision =
  /** No earlier comment for this event: this run posts it (or the run keeps no live comment). */
  | { kind: 'go' }
  /** An earlier attempt of this run posted the comment: this attempt continues it. */
  | { kind: 'continue'; comment: PostedComment; attempt: number }
  /** Another run answers this event already. */
  | { kind: 'duplicate'; runId: string; attempt: number; runUrl: string; commentUrl: string };

export interface TriggerClaim {
  readonly identity: RunIdentity;
  readonly decision: ClaimDecision;
  /** For `duplicate`: why this run ends as skipped, with the run it duplicates. */
  readonly duplicateReason: string | undefined;
  /**
   * What the comment updater is given: the comment to continue, the marker every body carries in
   * place of the plain progress marker, and a re-run's line.
   */
  readonly updater: {
    existing?: PostedComment | (() => Promise<PostedComment | undefined>);
    marker?: string;
    attemptLine?: string;
  };
  /** For the job summary of a re-run: which attempt this is and what it continued. */
  readonly summaryLines: string[];
  /**
   * The most characters the marker and the re-run's line add to a comment body: the renderer
   * leaves them free, so the updater never has to cut a body it stamps.
   */
  readonly reserve: number;
  /**
   * After this run posted its comment (`go`): looks again, and when another delivery of the event
   * posted first, removes this run's comment and returns why this run ends as a duplicate;
   * undefined while the claim is this run's.
   */
  confirm(posted: PostedComment | undefined): Promise<string | undefined>;
}

export interface ClaimOptions {
  octokit: GitHubClient;
  sink: Pick<GitHubSink, 'deleteComment' | 'updateComment'>;
  trigger: Trigger;
  identity: RunIdentity;
  /** Where the run's comment goes; undefined when it has none. */
  target: CommentTarget | undefined;
  /** The run keeps a live comment from its start (a command, an invoke or maintenance task). */
  live: boolean;
  /** The account the Action posts as: only its comments count. */
  botLogin: string;
  /** For links to runs: `GITHUB_SERVER_URL`. */
  env: UrlEnvironment;
  logger: Logger;
}

/** A comment of the Action's that claims an event. */
interface Claimant {
  comment: PostedComment;
  runId: string;
  attempt: number;
}

/**
 * Decides how this run relates to earlier runs of the same event (one request: the target's
 * comments); see the file's comment. Never throws: when GitHub cannot be asked, the run goes on.
 */
export async function claimTrigger(options: ClaimOptions): Promise<TriggerClaim> {
  const { identity, target, logger } = options;
  const { runId } = identity;
  if (runId === undefined || target === undefined) {
    return makeClaim(options, { kind: 'go' }, undefined);
  }
  if (!options.live) {
    // A run that comments only on failure: a re-run updates the comment its earlier attempt left.
    const earlier =
      identity.attempt > 1
        ? async () => (await claimants(options, target)).find((c) => c.runId === runId)?.comment
        : undefined;
    return makeClaim(options, { kind: 'go' }, earlier);
  }
  let found: Claimant[];
  try {
    found = await claimants(options, target);
  } catch (error) {
    logger.warning(
      `Could not check whether another run answers this event already: ${errorMessage(error)}. Going on.`,
    );
    return makeClaim(options, { kind: 'go' }, undefined);
  }
  const first = found[0];
  if (first === undefined) return makeClaim(options, { kind: 'go' }, undefined);
  if (first.runId === runId) {
    return makeClaim(
      options,
      { kind: 'continue', comment: first.comment, attempt: first.attempt },
      first.comment,
    );
  }
  return makeClaim(options, duplicateOf(first, options), undefined);
}

type Duplicate = Extract<ClaimDecision, { kind: 'duplicate' }>;

function duplicateOf(first: Claimant, options: ClaimOptions): Duplicate {
  return {
    kind: 'duplicate',
    runId: first.runId,
    attempt: first.attempt,
    runUrl: workflowRunUrl(options.env, options.trigger.repo.fullName, first.runId),
    commentUrl: first.comment.url,
  };
}

function makeClaim(
  options: ClaimOptions,
  decision: ClaimDecision,
  existing: PostedComment | (() => Promise<PostedComment | undefined>) | undefined,
): TriggerClaim {
  const { identity, target } = options;
  const { runId, attempt } = identity;
  const attemptLine =
    runId === undefined || attempt <= 1 ? undefined : reRunLine(options, runId, decision);
  const marker =
    runId === undefined
      ? undefined
      : ownMarker('progress', { trigger: identity.key, run: runId, attempt: String(attempt) });
  return {
    identity,
    decision,
    duplicateReason: decision.kind === 'duplicate' ? duplicateReason(decision) : undefined,
    updater: {
      ...(existing === undefined ? {} : { existing }),
      ...(marker === undefined ? {} : { marker }),
      ...(attemptLine === undefined ? {} : { attemptLine }),
    },
    summaryLines: attemptLine === undefined ? [] : [attemptLine.replace(/^> /, '')],
    reserve: (marker?.length ?? 0) + (attemptLine === undefined ? 0 : attemptLine.length + 2),
    async confirm(posted) {
      if (decision.kind !== 'go' || runId === undefined || target === undefined || !options.live) {
        return undefined;
      }
      let found: Claimant[];
      try {
        found = await claimants(options, target);
      } catch (error) {
        options.logger.warning(
          `Could not check again whether another run answers this event: ${errorMessage(error)}. Going on.`,
        );
        return undefined;
      }
      // The earliest comment for the event wins; this run's own is among those found.
      const first = found[0];
      if (first === undefined || first.runId === runId) return undefined;
      const lost = duplicateOf(first, options);
      if (posted !== undefined) await withdraw(options, posted, lost);
      return duplicateReason(lost);
    },
  };
}

/**
 * The comments of the target that the Action's account wrote for this event, earliest first.
 * GitHub's ids grow with time, so the first is the one posted first.
 */
async function claimants(options: ClaimOptions, target: CommentTarget): Promise<Claimant[]> {
  const { octokit, trigger, identity } = options;
  const since = trigger.triggeredAt;
  const bot = options.botLogin.toLowerCase();
  const comments: {
    id: number;
    html_url: string;
    body?: string | null | undefined;
    user: { login: string } | null;
  }[] = isReviewThreadTarget(target)
    ? await octokit.paginate(octokit.rest.pulls.listReviewComments, {
        owner: target.owner,
        repo: target.repo,
        pull_number: target.pullNumber,
        ...(since === undefined ? {} : { since }),
        per_page: 100,
      })
    : await octokit.paginate(octokit.rest.issues.listComments, {
        owner: target.owner,
        repo: target.repo,
        issue_number: target.issueNumber,
        ...(since === undefined ? {} : { since }),
        per_page: 100,
      });
  const kind = isReviewThreadTarget(target) ? 'review_comment' : 'issue_comment';
  const found: Claimant[] = [];
  for (const comment of comments) {
    if (comment.user?.login.toLowerCase() !== bot) continue;
    const fields = readOwnMarker(comment.body, 'progress');
    if (fields?.trigger !== identity.key || fields.run === undefined) continue;
    if (!/^\d{1,20}$/.test(fields.run)) continue;
    const attempt = Number(fields.attempt ?? '1');
    found.push({
      comment: {
        owner: target.owner,
        repo: target.repo,
        kind,
        id: comment.id,
        url: comment.html_url,
      },
      runId: fields.run,
      attempt: Number.isSafeInteger(attempt) && attempt >= 1 ? attempt : 1,
    });
  }
  return found.sort((a, b) => a.comment.id - b.comment.id);
}

/** Removes the comment of a run that lost the claim; when it cannot, says so in it. */
async function withdraw(
  options: ClaimOptions,
  posted: PostedComment,
  lost: Duplicate,
): Promise<void> {
  try {
    await options.sink.deleteComment(posted);
  } catch (error) {
    options.logger.warning(`Could not remove this run's comment: ${errorMessage(error)}`);
    try {
      await options.sink.updateComment(
        posted,
        `This event is answered by [workflow run ${lost.runId}](${lost.runUrl}): this run was a second delivery of it and stopped.\n${ownMarker('progress')}`,
      );
    } catch (inner) {
      options.logger.warning(`Could not update this run's comment either: ${errorMessage(inner)}`);
    }
  }
}

function duplicateReason(decision: Duplicate): string {
  return `workflow run ${decision.runId} answers this event already (${decision.runUrl}, its comment: ${decision.commentUrl}); a second delivery of the same event does not run the task again — re-run that run to try again`;
}

/** The line a re-run's comment and job summary carry. */
function reRunLine(options: ClaimOptions, runId: string, decision: ClaimDecision): string {
  const { env, trigger, identity } = options;
  const run = `[workflow run ${runId}](${workflowRunUrl(env, trigger.repo.fullName, runId)})`;
  const head = `> 🔁 **Attempt ${identity.attempt}** of ${run}`;
  if (decision.kind !== 'continue') return `${head}.`;
  const earlier = `[attempt ${decision.attempt}](${workflowRunUrl(env, trigger.repo.fullName, runId, decision.attempt)})`;
  return `${head}: this comment was posted by ${earlier} and is continued here rather than posted again.`;
}
