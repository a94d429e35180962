/**
 * The plan's reads of GitHub: each repository of a repos file, an owner's repositories, and
 * whether a repository already holds the campaign's open pull request. Every request goes through
 * the project's Octokit client (github/octokit.ts: retries, rate-limit waits), and they are
 * counted, so a plan says what it cost.
 *
 * An owner's repositories come from the listing endpoints (`GET /orgs/{org}/repos`, or
 * `GET /users/{user}/repos` for a user, told apart by `GET /users/{owner}`'s `type`), filtered here
 * by topics, language and name globs. Not from search (`GET /search/repositories?q=org:…
 * topic:…`): search stops at 1,000 results and allows 30 requests a minute, and its index lags
 * behind; a listing of 100 a page costs one core request per 100 repositories, with no cap.
 * `GET /users/{user}/repos` shows a user's public repositories only (GitHub lists a user's
 * private ones to that user alone, at `/user/repos`); organizations list everything the token
 * can see.
 */
import type { GitHubClient } from '../github/octokit.js';
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import type { FleetCandidate } from './fleet-plan.js';
import type { OwnerFilters, RepositoryName } from './fleet-targets.js';
import { ownerFilter } from './fleet-targets.js';
import { githubStatus } from '../github/error-status.js';
import { mapWithLimit } from '../platform/map-with-limit.js';

/** Lookups in flight at once: GitHub asks for no more than 100 concurrent requests. */
const CONCURRENCY = 8;

/** A refused token is the user's to fix: say which variable it came from. */
function tokenProblem(error: unknown, tokenSource: string): never {
  if (githubStatus(error) === 401) {
    throw new ConfigurationError(
      `GitHub refused the token (HTTP 401: ${errorMessage(error)}); check the token in ${tokenSource}.`,
      { input: tokenSource },
      { cause: error },
    );
  }
  throw error;
}

/** Counts every request `octokit` sends from now on (pages and retries included). */
export function countRequests(octokit: GitHubClient): { readonly count: number } {
  const counter = { count: 0 };
  octokit.hook.before('request', () => {
    counter.count++;
  });
  return counter;
}

export interface Listing {
  candidates: FleetCandidate[];
  /** `owner/name` of entries GitHub answered 404 for. */
  notFound: string[];
}

/** Each repository of a repos file, as GitHub spells it, with what may exclude it. */
export async function listNamedRepositories(
  octokit: GitHubClient,
  entries: readonly RepositoryName[],
  tokenSource: string,
): Promise<Listing> {
  const found = await mapWithLimit(entries, CONCURRENCY, async (entry) => {
    try {
      const { data } = await octokit.rest.repos.get({ owner: entry.owner, repo: entry.name });
      return { archived: data.archived, fork: data.fork, repository: data.full_name };
    } catch (error) {
      if (githubStatus(error) === 404) return `${entry.owner}/${entry.name}`;
      return tokenProblem(error, tokenSource);
    }
  });
  return {
    candidates: found.filter((item): item is FleetCandidate => typeof item !== 'string'),
    notFound: found.filter((item): item is string => typeof item === 'string'),
  };
}

/** An owner's repositories that pass the filters. */
export async function listOwnerRepositories(
  octokit: GitHubClient,
  owner: string,
  filters: OwnerFilters,
  tokenSource: string,
): Promise<FleetCandidate[]> {
  let type: string;
  try {
    ({
      data: { type },
    } = await octokit.rest.users.getByUsername({ username: owner }));
  } catch (error) {
    if (githubStatus(error) === 404) {
      throw new ConfigurationError(
        `expected a GitHub organization or user, but there is no account "${owner}" (or the token cannot see it).`,
        { input: '--owner' },
        { cause: error },
      );
    }
    return tokenProblem(error, tokenSource);
  }
  const keep = ownerFilter(filters);
  const candidates: FleetCandidate[] = [];
  const pages =
    type === 'Organization'
      ? octokit.paginate.iterator(octokit.rest.repos.listForOrg, {
          org: owner,
          type: 'all',
          per_page: 100,
        })
      : octokit.paginate.iterator(octokit.rest.repos.listForUser, {
          username: owner,
          type: 'owner',
          per_page: 100,
        });
  try {
    for await (const page of pages) {
      for (const repo of page.data) {
        if (!keep(repo)) continue;
        candidates.push({
          repository: repo.full_name,
          archived: repo.archived ?? false,
          fork: repo.fork,
        });
      }
    }
  } catch (error) {
    return tokenProblem(error, tokenSource);
  }
  return candidates;
}

/**
 * Repository → URL of its open pull request whose head is `branch` in the repository itself:
 * the campaign's pull request. One request per repository.
 */
export async function findOpenCampaignPulls(
  octokit: GitHubClient,
  repositories: readonly string[],
  branch: string,
  tokenSource: string,
): Promise<Map<string, string>> {
  const found = await mapWithLimit(repositories, CONCURRENCY, async (repository) => {
    const [owner = '', repo = ''] = repository.split('/');
    try {
      const { data } = await octokit.rest.pulls.list({
        owner,
        repo,
        state: 'open',
        head: `${owner}:${branch}`,
        per_page: 1,
      });
      const url = data[0]?.html_url;
      return url === undefined ? undefined : ([repository, url] as const);
    } catch (error) {
      return tokenProblem(error, tokenSource);
    }
  });
  return new Map(found.filter((entry) => entry !== undefined));
}
