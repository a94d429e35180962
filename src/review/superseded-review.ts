/**
 * The last check before a review is posted: has newer work replaced it? A newer run of the same
 * workflow for the same pull request (github/newer-run.ts) posts its own review, so this one must
 * not; and a review whose pull request's head moved on while it ran is out of date: its findings
 * are about a commit the pull request no longer shows, and may be fixed by the push already.
 * A head that had moved before the review started is not such a push: the run reviews the commit
 * its event named on purpose (a push after the trigger must not change what is reviewed), and
 * posts that review unless a newer run does the newer commit's.
 *
 * Both questions are asked together and under one deadline, and neither can fail the run: what
 * cannot be known counts as "not replaced", and the review is posted as before.
 */
import type { GitHubClient } from '../github/octokit.js';
import type { NewerRun } from '../github/newer-run.js';
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { SupersededBy } from '../report/superseded.js';
import type { PullRef } from './post-review.js';

/** Asked just before posting, with the pull request's head as it was when the review started. */
export type SupersessionCheck = (headAtStart: string) => Promise<SupersededBy | undefined>;

export interface SupersessionOptions {
  octokit: GitHubClient;
  pr: PullRef;
  /** The newer run doing the same work; undefined when there is none or it cannot be known. */
  findNewerRun: ((signal: AbortSignal) => Promise<NewerRun | undefined>) | undefined;
  logger: Logger;
  /** The longest the check may hold the review back. Default 10 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

export function supersessionCheck(options: SupersessionOptions): SupersessionCheck {
  return async (headAtStart) => {
    const signal = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const [newerRun, headSha] = await Promise.all([
      options.findNewerRun?.(signal).catch(() => undefined),
      currentHead(options, signal),
    ]);
    if (newerRun !== undefined) return { newerRun };
    if (headSha !== undefined && headSha !== headAtStart) return { headSha };
    return undefined;
  };
}

/** The pull request's head now; undefined when it cannot be read in time. */
async function currentHead(
  options: SupersessionOptions,
  signal: AbortSignal,
): Promise<string | undefined> {
  const { octokit, pr } = options;
  try {
    const { data } = await octokit.rest.pulls.get({
      owner: pr.owner,
      repo: pr.repo,
      pull_number: pr.pullNumber,
      request: { signal, retries: 0 },
    });
    return data.head.sha;
  } catch (error) {
    options.logger.debug(`Could not read the pull request's head again: ${errorMessage(error)}`);
    return undefined;
  }
}
