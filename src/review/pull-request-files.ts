/**
 * The changed files (with their patches) of the head commit a review covers. While the branch
 * has not moved they are the pull request's own list (up to 3,000 files); after a later push
 * they come from comparing the base with the reviewed head (up to 300), since the pull request's
 * list follows the branch and comments must fit the diff of the commit they are posted on.
 */
import type { Octokit } from '@octokit/rest';
import type { PullRequestFile } from './diff-hunks.js';

export interface FetchPullRequestFilesOptions {
  owner: string;
  repo: string;
  pullNumber: number;
  /** The commit the review is for (pinned when the run started). */
  headSha: string;
  /** The base commit, needed when the branch moved on since. */
  baseSha: string;
  /** The branch's head now; when it differs from `headSha`, the files come from a comparison. */
  currentHeadSha?: string | undefined;
}

export async function fetchPullRequestFiles(
  octokit: Octokit,
  options: FetchPullRequestFilesOptions,
): Promise<PullRequestFile[]> {
  const { owner, repo } = options;
  if (options.currentHeadSha === undefined || options.currentHeadSha === options.headSha) {
    const files = await octokit.paginate(octokit.rest.pulls.listFiles, {
      owner,
      repo,
      pull_number: options.pullNumber,
      per_page: 100,
    });
    return files.map(pick);
  }
  const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
    owner,
    repo,
    basehead: `${options.baseSha}...${options.headSha}`,
    per_page: 1,
  });
  return (data.files ?? []).map(pick);
}

function pick(file: {
  filename: string;
  status: string;
  previous_filename?: string | undefined;
  patch?: string | undefined;
}): PullRequestFile {
  return {
    filename: file.filename,
    status: file.status,
    previous_filename: file.previous_filename,
    patch: file.patch,
  };
}
