/**
 * The bot branch's pull request: one per branch. A re-run finds the open pull request for
 * `owner:branch` and updates its title and body (when the body carries our marker, so a pull
 * request a person wrote is never overwritten); otherwise one is opened, as a draft or ready for
 * review (`create_pr: never | draft | ready`). Where drafts are not available (some plans), it is
 * opened ready for review instead.
 */
import type { GitHubClient } from '../github/octokit.js';
import { githubMessage } from './github-error.js';
import { PULL_REQUEST_MARKER } from './pull-request-body.js';
import type { CreatePrSetting, PullRequestRef } from './publish-types.js';

export interface UpsertPullRequestOptions {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  /** The head branch (in the same repository). */
  branch: string;
  /** The branch to merge into. */
  base: string;
  title: string;
  body: string;
  createPr: CreatePrSetting;
}

/** A pull request could not be found, updated or opened; the message says why. */
export class PullRequestError extends Error {
  override readonly name = 'PullRequestError';
}

/** Finds and updates, or opens, the branch's pull request; undefined with `createPr: never`. */
export async function upsertPullRequest(
  options: UpsertPullRequestOptions,
): Promise<PullRequestRef | undefined> {
  if (options.createPr === 'never') return undefined;
  const { octokit, owner, repo } = options;
  try {
    const open = await octokit.rest.pulls.list({
      owner,
      repo,
      head: `${owner}:${options.branch}`,
      state: 'open',
      per_page: 10,
    });
    const existing = open.data[0];
    if (existing !== undefined) {
      if ((existing.body ?? '').includes(PULL_REQUEST_MARKER)) {
        await octokit.rest.pulls.update({
          owner,
          repo,
          pull_number: existing.number,
          title: options.title,
          body: options.body,
        });
      }
      return {
        number: existing.number,
        url: existing.html_url,
        created: false,
        draft: existing.draft ?? false,
      };
    }
    return await create(options, options.createPr === 'draft');
  } catch (error) {
    if (error instanceof PullRequestError) throw error;
    throw new PullRequestError(
      `The pull request could not be opened or updated: ${githubMessage(error)}`,
    );
  }
}

async function create(options: UpsertPullRequestOptions, draft: boolean): Promise<PullRequestRef> {
  const { octokit, owner, repo } = options;
  try {
    const created = await octokit.rest.pulls.create({
      owner,
      repo,
      head: options.branch,
      base: options.base,
      title: options.title,
      body: options.body,
      draft,
    });
    return {
      number: created.data.number,
      url: created.data.html_url,
      created: true,
      draft: created.data.draft ?? draft,
    };
  } catch (error) {
    const message = githubMessage(error);
    if (draft && /draft/i.test(message)) return create(options, false);
    if (/not permitted to create or approve pull requests/i.test(message)) {
      throw new PullRequestError(
        `GitHub Actions may not open pull requests in this repository (Settings → Actions → General → "Allow GitHub Actions to create and approve pull requests"): ${message}`,
      );
    }
    throw new PullRequestError(`The pull request could not be opened: ${message}`);
  }
}
