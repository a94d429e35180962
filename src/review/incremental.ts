/**
 * Incremental re-review: each review's body ends with a hidden marker recording the head commit
 * it covered. On the next run (a push to the pull request) only the commits since then are
 * reviewed, and the summary says so. When the recorded commit is no longer in the branch's
 * history (a force-push) or cannot be compared, the whole pull request is reviewed again, and
 * the summary says that too.
 *
 * Only reviews by the bot count: anyone may post a review whose body imitates the marker, and
 * trusting it would let them mark unreviewed commits as reviewed.
 */
import type { Octokit } from '@octokit/rest';
import { errorMessage } from '../platform/errors.js';
import type { PullRequestFile } from './diff-hunks.js';
import { readReviewMarkerFields } from './render-review.js';
import { githubStatus } from '../github/error-status.js';

export interface PreviousReview {
  id: number;
  /** The head commit that review covered. */
  headSha: string;
  /** The key of the event it answered, when its marker records one. */
  trigger?: string | undefined;
  url: string;
  submittedAt: string | undefined;
}

export interface FindLastReviewOptions {
  owner: string;
  repo: string;
  pullNumber: number;
  /**
   * The login our reviews are posted as (e.g. `github-actions[bot]`). Without it, only reviews
   * by a bot account count.
   */
  botLogin?: string | undefined;
}

/** Our latest review with a marker, if any. */
export async function findLastReview(
  octokit: Octokit,
  options: FindLastReviewOptions,
): Promise<PreviousReview | undefined> {
  const reviews = await octokit.paginate(octokit.rest.pulls.listReviews, {
    owner: options.owner,
    repo: options.repo,
    pull_number: options.pullNumber,
    per_page: 100,
  });
  const botLogin = options.botLogin?.toLowerCase();
  // GitHub lists reviews oldest first.
  for (const review of [...reviews].reverse()) {
    const user = review.user;
    if (!user) continue;
    const ours =
      botLogin === undefined ? user.type === 'Bot' : user.login.toLowerCase() === botLogin;
    if (!ours) continue;
    const marker = readReviewMarkerFields(review.body);
    if (marker === undefined) continue;
    return {
      id: review.id,
      headSha: marker.headSha,
      trigger: marker.trigger,
      url: review.html_url,
      submittedAt: review.submitted_at ?? undefined,
    };
  }
  return undefined;
}

export interface ReviewScope {
  kind: 'full' | 'incremental';
  /** The files (and patches) the model is asked to review. */
  files: PullRequestFile[];
  /** The previously reviewed head, for an incremental review. */
  sinceSha: string | undefined;
  headSha: string;
  /** For the review summary and the prompt; undefined for a first, full review. */
  sentence: string | undefined;
  /**
   * Nothing to review: the head was reviewed already, or the new commits change none of the pull
   * request's files. The caller may skip the review.
   */
  nothingNew: boolean;
}

export interface PlanReviewScopeOptions {
  owner: string;
  repo: string;
  /** The head commit to review. */
  headSha: string;
  /** The pull request's files at that head (see `fetchPullRequestFiles`). */
  files: readonly PullRequestFile[];
  /** From `findLastReview`. */
  previous: PreviousReview | undefined;
  /** False reviews everything (e.g. when someone asks for a full review). Default true. */
  incremental?: boolean;
}

/** GitHub lists at most this many files in a comparison; more may have changed. */
const COMPARE_FILE_LIMIT = 300;

export function shortSha(sha: string): string {
  return sha.slice(0, 7);
}

/** What to review: the whole pull request, or what changed since our last review. */
export async function planReviewScope(
  octokit: Octokit,
  options: PlanReviewScopeOptions,
): Promise<ReviewScope> {
  const { previous, headSha } = options;
  const full = (sentence: string | undefined, nothingNew = false): ReviewScope => ({
    kind: 'full',
    files: [...options.files],
    sinceSha: undefined,
    headSha,
    sentence,
    nothingNew,
  });
  if (!previous || options.incremental === false) return full(undefined);
  const since = shortSha(previous.headSha);
  if (previous.headSha === headSha) {
    return full(
      `Reviewed the whole pull request again: its head ${since} was reviewed before.`,
      true,
    );
  }

  let comparison;
  try {
    ({ data: comparison } = await octokit.rest.repos.compareCommitsWithBasehead({
      owner: options.owner,
      repo: options.repo,
      basehead: `${previous.headSha}...${headSha}`,
      per_page: 1,
    }));
  } catch (error) {
    const status = githubStatus(error);
    if (status !== 404 && status !== 422) throw error;
    return full(
      `Reviewed the whole pull request: the last reviewed commit ${since} could not be compared with the head (${errorMessage(error)}).`,
    );
  }
  if (comparison.status !== 'ahead' && comparison.status !== 'identical') {
    return full(
      `Reviewed the whole pull request: the last reviewed commit ${since} is no longer in the branch's history (force-push), so the review could not be limited to new commits.`,
    );
  }
  const changed = comparison.files ?? [];
  if (changed.length >= COMPARE_FILE_LIMIT) {
    return full(
      `Reviewed the whole pull request: too many files changed since the last reviewed commit ${since} to review only those.`,
    );
  }
  // A merge of the base branch brings in changes that are not the pull request's; only files the
  // pull request changes are reviewed.
  const inPullRequest = new Set(options.files.map((file) => file.filename));
  const files: PullRequestFile[] = changed
    .filter((file) => inPullRequest.has(file.filename))
    .map((file) => ({
      filename: file.filename,
      status: file.status,
      previous_filename: file.previous_filename,
      patch: file.patch,
    }));
  const range = `${since}..${shortSha(headSha)}`;
  return {
    kind: 'incremental',
    files,
    sinceSha: previous.headSha,
    headSha,
    sentence:
      files.length === 0
        ? `Commits ${range} change none of the pull request's files; nothing new to review.`
        : `Reviewed commits ${range} (incremental since the last review).`,
    nothingNew: files.length === 0,
  };
}
