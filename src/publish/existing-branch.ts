/**
 * Before the session: when an earlier run already made a bot branch for the same task (the same
 * issue, pull request or maintenance job), the workspace moves onto that branch, so the agent
 * works on top of the earlier changes and the later push is a fast-forward of the same branch —
 * and the same pull request gets updated instead of a second one opened.
 *
 * Two steps, so the first can run beside the run's other preparations:
 * - `findEarlierBranch` asks GitHub's API which branches the task has (one request on the
 *   client's open connection; it reads nothing from the workspace and changes nothing);
 * - `continueExistingBranch` fetches the branch found and checks it out. This runs before the
 *   agent has touched anything, so the workspace's configuration is still the checkout's own;
 *   the token is given to the fetch's environment only.
 *
 * The API and the git remote are the same repository's refs. Should they disagree for a moment (a
 * push in between), the commit the API named is checked after the fetch, and a missing one
 * leaves the run on its checkout with a warning.
 */
import type { GitHubClient } from '../github/octokit.js';
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import type { Git } from './git.js';
import { createGit } from './git.js';
import type { PublishTarget } from './publish-target.js';
import { planBranch } from './publish-target.js';
import type { RemoteAccess } from './remote-access.js';
import { fetchIntoWorkspace } from './remote-access.js';

export interface EarlierBranchQuery {
  octokit: GitHubClient;
  repo: { owner: string; repo: string };
  target: PublishTarget;
  branchPrefix: string;
  pushToPrBranch: boolean;
}

/** A bot branch an earlier run made for the same task, and its tip when GitHub was asked. */
export interface EarlierBranch {
  branch: string;
  sha: string;
}

/**
 * The task's earlier bot branch on GitHub, or undefined when it has none. No request is made when
 * the change goes to a pull request's own branch or a patch. Throws when GitHub cannot be asked.
 */
export async function findEarlierBranch(
  query: EarlierBranchQuery,
): Promise<EarlierBranch | undefined> {
  const plan = planBranch(query.target, query);
  if (plan.mode !== 'bot_branch') return undefined;
  const prefix = plan.earlierBranchPrefix;
  // The refs whose names start with `refs/heads/<prefix>`, as text: `gemini/issue-7-` matches
  // `gemini/issue-7-old-title` but not `gemini/issue-70-x`. Each is checked again below.
  // https://docs.github.com/rest/git/refs#list-matching-references (contents: read).
  const { data } = await query.octokit.rest.git.listMatchingRefs({
    ...query.repo,
    ref: `heads/${prefix}`,
  });
  const branches = new Map<string, string>();
  for (const ref of data) {
    if (!ref.ref.startsWith('refs/heads/') || ref.object.type !== 'commit') continue;
    const name = ref.ref.slice('refs/heads/'.length);
    if (name.startsWith(prefix)) branches.set(name, ref.object.sha);
  }
  const names = [...branches.keys()].filter((name) => !plan.exact || name === plan.branch).sort();
  // The name this run would choose first; otherwise the first in order (the title changed).
  const name = names.includes(plan.branch) ? plan.branch : names[0];
  const sha = name === undefined ? undefined : branches.get(name);
  return name !== undefined && sha !== undefined ? { branch: name, sha } : undefined;
}

export interface ContinueBranchOptions extends RemoteAccess {
  workspaceRoot: string;
  /** `findEarlierBranch`'s answer, which may still be on its way. */
  earlier: Promise<EarlierBranch | undefined>;
  git?: Git;
  logger?: Logger;
  /** Applied to git's messages in warnings. */
  redact: Redact;
  /** Commits of the branch fetched into a shallow checkout. Default 50. */
  depth?: number;
}

export interface ContinuedBranch {
  /**
   * The branch to publish to: the earlier run's branch when one was found (pass it on to
   * `publishChanges`), otherwise undefined (a new one is named then).
   */
  branch: string | undefined;
  /** The commit the workspace stands on now: the session's base (pass it on as `baseSha`). */
  baseSha: string | undefined;
  /** True when the workspace was moved onto the earlier branch. */
  continued: boolean;
  /** Why an earlier branch could not be continued; the run goes on from the checkout. */
  warning?: string;
}

/** The commit HEAD names, or undefined in a repository without commits. */
export async function headCommit(git: Git, root: string): Promise<string | undefined> {
  try {
    return (
      await git.run(['rev-parse', '--verify', '--quiet', 'HEAD^{commit}'], { cwd: root })
    ).trim();
  } catch {
    return undefined;
  }
}

/** Checks out the task's earlier bot branch, when `findEarlierBranch` found one. */
export async function continueExistingBranch(
  options: ContinueBranchOptions,
): Promise<ContinuedBranch> {
  const git = options.git ?? createGit({ redact: options.redact });
  const logger = options.logger ?? silentLogger;
  const root = options.workspaceRoot;
  // Its failure is read below, after HEAD; until then it must not count as unhandled.
  options.earlier.catch(() => undefined);
  const start = await headCommit(git, root);

  let earlier: EarlierBranch | undefined;
  try {
    earlier = await options.earlier;
  } catch (error) {
    const warning = `Could not look for an earlier branch of this task: ${errorMessage(error)}`;
    logger.warning(warning);
    return { branch: undefined, baseSha: start, continued: false, warning };
  }
  if (earlier === undefined) return { branch: undefined, baseSha: start, continued: false };

  try {
    // The exact commit seen a moment ago is checked below; fetching a name could bring a newer one.
    await fetchIntoWorkspace(git, options, {
      root,
      ref: `refs/heads/${earlier.branch}`,
      depth: options.depth,
    });
    await git.run(['cat-file', '-e', `${earlier.sha}^{commit}`], { cwd: root });
    await git.run(
      ['checkout', '--quiet', '--no-recurse-submodules', '-B', earlier.branch, earlier.sha],
      {
        cwd: root,
      },
    );
  } catch (error) {
    const warning = `Could not continue on the earlier branch ${earlier.branch}: ${errorMessage(error)}`;
    logger.warning(warning);
    return { branch: undefined, baseSha: start, continued: false, warning };
  }
  logger.info(`Continuing on ${earlier.branch}, the branch an earlier run made for this task.`);
  return { branch: earlier.branch, baseSha: earlier.sha, continued: true };
}
