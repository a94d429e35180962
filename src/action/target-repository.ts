/**
 * The `repository` and `working_directory` inputs: a run on a repository other than the
 * workflow's own (one repository of a fleet campaign, docs/fleet.md). Three checks, each refusing
 * with what to fix before anything is posted or run:
 *
 * - the event is a scheduled or manual run (a comment or pull request event belongs to the
 *   repository it came from);
 * - the token can see and write the named repository (`GET /repos/{owner}/{repo}`), which is not
 *   archived;
 * - the checkout in `working_directory` is that repository (its `origin` remote), so the agent
 *   never works on one repository's code and publishes to another.
 *
 * From then on the trigger names the target, so the pull request, comments, labels and the
 * earlier-branch lookup all go there; `GITHUB_REPOSITORY` is never used in its place.
 */
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { GitHubClient } from '../github/octokit.js';
import type { Trigger } from '../github/trigger.js';
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { Git } from '../publish/git.js';
import { githubStatus } from '../github/error-status.js';

/** The checkout the run works in: `working_directory` inside GITHUB_WORKSPACE, or the latter. */
export async function actionWorkspaceRoot(
  workspace: string,
  workingDirectory: string | undefined,
): Promise<string> {
  if (workingDirectory === undefined) return workspace;
  const root = path.resolve(workspace, workingDirectory);
  const found = await stat(root).catch(() => undefined);
  if (found?.isDirectory() !== true) {
    throw new ConfigurationError(
      `expected the folder of a checkout inside GITHUB_WORKSPACE (the path given to actions/checkout); ${root} ${found === undefined ? 'does not exist' : 'is not a folder'}.`,
      { input: 'working_directory' },
    );
  }
  return root;
}

/** The event kinds a `repository` run may come from: runs that belong to no issue or PR. */
const REPOSITORY_RUN_EVENTS: readonly string[] = ['schedule', 'workflow_dispatch'];

/**
 * The trigger aimed at `repository`, once the token and the checkout are checked. Throws a
 * ConfigurationError naming the input to fix.
 */
export async function targetRepository(
  trigger: Trigger,
  repository: string,
  deps: { octokit: GitHubClient; git: Git; workspaceRoot: string; logger: Logger },
): Promise<Trigger> {
  if (!REPOSITORY_RUN_EVENTS.includes(trigger.kind) || trigger.scope !== 'repository') {
    throw new ConfigurationError(
      `expected a scheduled or manual run (schedule, workflow_dispatch, or a workflow_call from one) with repository set; a ${trigger.kind} event works on the repository it came from, ${trigger.repo.fullName}.`,
      { input: 'repository' },
    );
  }
  const [owner = '', name = ''] = repository.split('/');
  const defaultBranch = await writableRepository(deps.octokit, owner, name);
  await checkCheckout(deps.git, deps.workspaceRoot, repository);
  deps.logger.info(
    `Working on ${repository} (its checkout in ${deps.workspaceRoot}), not the workflow's repository.`,
  );
  return {
    ...trigger,
    repo: { owner, name, fullName: `${owner}/${name}`, defaultBranch },
  };
}

/** The repository's default branch, once the token is known to be able to write there. */
async function writableRepository(
  octokit: GitHubClient,
  owner: string,
  name: string,
): Promise<string | undefined> {
  const repository = `${owner}/${name}`;
  let data: {
    archived?: boolean;
    default_branch?: string;
    permissions?: { push?: boolean; admin?: boolean; maintain?: boolean };
  };
  try {
    ({ data } = await octokit.rest.repos.get({ owner, repo: name }));
  } catch (error) {
    const status = githubStatus(error);
    const why =
      status === 404
        ? 'it cannot see that repository (HTTP 404: it does not exist, or the token was not made for it)'
        : status === 401
          ? 'GitHub does not accept it (HTTP 401: expired or revoked)'
          : `GitHub answered ${status === undefined ? errorMessage(error) : `HTTP ${String(status)}`}`;
    throw new ConfigurationError(
      `expected a token that can write to ${repository}, such as an App installation token made for it (actions/create-github-app-token with repositories: ${name}); ${why}.`,
      { input: 'github_token' },
      { cause: error },
    );
  }
  if (data.archived === true) {
    throw new ConfigurationError(
      `expected a repository that can take a pull request; ${repository} is archived.`,
      { input: 'repository' },
    );
  }
  // A user's token reports what it may do here; an App installation token has no `permissions`
  // (its rights are the installation's), and publishing then says so if a write is refused.
  const { permissions } = data;
  if (
    permissions !== undefined &&
    !permissions.push &&
    !permissions.maintain &&
    !permissions.admin
  ) {
    throw new ConfigurationError(
      `expected a token that can write to ${repository}; it can only read it (no push permission). Give the App contents, pull requests and issues write access, or a token of someone with write access.`,
      { input: 'github_token' },
    );
  }
  return data.default_branch;
}

/** The checkout's `origin` must be `repository` (any host form: https, ssh, with or without .git). */
async function checkCheckout(git: Git, root: string, repository: string): Promise<void> {
  const origin = (
    await git.run(['config', '--get', 'remote.origin.url'], { cwd: root }).catch(() => '')
  ).trim();
  const named = repositoryInUrl(origin);
  if (named?.toLowerCase() === repository.toLowerCase()) return;
  throw new ConfigurationError(
    `expected the checkout in ${root} to be ${repository} (actions/checkout with repository: ${repository} and the same path as working_directory); ${origin === '' ? 'it has no origin remote' : `its origin is ${redactUrl(origin)}`}.`,
    { input: 'working_directory' },
  );
}

/** `owner/name` in a remote's URL: `https://host/owner/name(.git)`, `git@host:owner/name.git`. */
export function repositoryInUrl(url: string): string | undefined {
  const match = /[/:]([^/:\s]+)\/([^/\s]+?)(?:\.git)?\/?$/.exec(url);
  return match?.[1] !== undefined && match[2] !== undefined ? `${match[1]}/${match[2]}` : undefined;
}

/** A remote URL without the credentials a checkout may have put in it. */
function redactUrl(url: string): string {
  return url.replace(/\/\/[^@/]*@/, '//');
}
