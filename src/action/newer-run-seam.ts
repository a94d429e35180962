/**
 * The seam through which a stopped run learns that a newer run of the same work took over (a
 * newer review run of the same pull request, after `cancel-in-progress`), so its report says it
 * was stopped by that run and links it instead of saying it was cancelled.
 *
 * The finder itself lives with the GitHub client (it lists the workflow's runs); the Action is
 * given it through `ActionDeps.findNewerRun` and asks it only for a review of a pull request, on
 * the first signal, with a short deadline: the ending must still fit before the runner's SIGTERM.
 */
import { findNewerRun, runInHand, workflowRunFacts } from '../github/newer-run.js';
import type { GitHubClient } from '../github/octokit.js';
import type { Trigger } from '../github/trigger.js';
import type { Logger } from '../platform/logger.js';

export interface NewerRunQuery {
  octokit: GitHubClient;
  trigger: Trigger;
  /** The runner's environment: `GITHUB_RUN_ID`, `GITHUB_WORKFLOW_REF`, `GITHUB_REPOSITORY`… */
  env: Readonly<Record<string, string | undefined>>;
  /** Aborted when the answer comes too late to be used. */
  signal: AbortSignal;
}

/** The newer run's page (its `html_url`), or undefined when there is none or it is not known. */
export type FindNewerRun = (query: NewerRunQuery) => Promise<string | undefined>;

/** How long the ending waits for the answer. */
export const NEWER_RUN_DEADLINE_MS = 1500;

/**
 * The newer run's URL, when the run is a review of a pull request and the finder answers within
 * the deadline; undefined otherwise (a failure too: the run then says it was cancelled).
 */
export async function askForNewerRun(
  find: FindNewerRun | undefined,
  query: Omit<NewerRunQuery, 'signal'>,
  deadlineMs = NEWER_RUN_DEADLINE_MS,
): Promise<string | undefined> {
  if (find === undefined) return undefined;
  const { trigger } = query;
  const reviewOfPullRequest =
    trigger.mode === 'review' && 'pullRequest' in trigger && trigger.pullRequest !== undefined;
  if (!reviewOfPullRequest) return undefined;
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([
      find({ ...query, signal: controller.signal }).catch(() => undefined),
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => {
          controller.abort();
          resolve(undefined);
        }, deadlineMs);
        timer.unref();
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The finder of the runner (github/newer-run.ts): the workflow's runs for the pull request's
 * branch, asked once, within the deadline the query's signal carries.
 */
export function workflowNewerRunFinder(logger: Logger): FindNewerRun {
  return async ({ octokit, trigger, env, signal }) => {
    const facts = workflowRunFacts(env);
    const pullRequest = 'pullRequest' in trigger ? trigger.pullRequest : undefined;
    if (facts === undefined || pullRequest === undefined) return undefined;
    const found = await findNewerRun(
      octokit,
      runInHand(
        facts,
        { owner: trigger.repo.owner, repo: trigger.repo.name },
        {
          number: pullRequest.number,
          headRef: pullRequest.headRef,
          headRepoFullName: pullRequest.headRepoFullName,
        },
      ),
      { logger, signal, timeoutMs: NEWER_RUN_DEADLINE_MS },
    );
    return found?.url;
  };
}
