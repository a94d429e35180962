/**
 * Before the session: when an earlier run already made a bot branch for the same task (the same
 * issue, pull request or maintenance job), the workspace moves onto that branch, so the agent
 * works on top of the earlier changes and the later push is a fast-forward of the same branch —
 * and the same pull request gets updated instead of a second one opened.
 *
 * This runs before the agent has touched anything, so the workspace's configuration is still the
 * checkout's own; the token is still given to the network commands only.
 */
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import type { Git } from './git.js';
import { createGit } from './git.js';
import type { PublishTarget } from './publish-target.js';
import { planBranch } from './publish-target.js';
import type { RemoteAccess } from './remote-access.js';
import { fetchIntoWorkspace, listRemoteBranches } from './remote-access.js';

export interface ContinueBranchOptions extends RemoteAccess {
  workspaceRoot: string;
  target: PublishTarget;
  branchPrefix: string;
  pushToPrBranch: boolean;
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

/** Finds the task's earlier bot branch on the remote and checks it out in the workspace. */
export async function continueExistingBranch(
  options: ContinueBranchOptions,
): Promise<ContinuedBranch> {
  const git = options.git ?? createGit({ redact: options.redact });
  const logger = options.logger ?? silentLogger;
  const root = options.workspaceRoot;
  const plan = planBranch(options.target, options);
  const start = await headCommit(git, root);
  if (plan.mode !== 'bot_branch') return { branch: undefined, baseSha: start, continued: false };

  let earlier: { branch: string; sha: string } | undefined;
  try {
    const branches = await listRemoteBranches(git, options, plan.earlierBranchPrefix);
    const names = [...branches.keys()].filter((name) => !plan.exact || name === plan.branch).sort();
    // The name this run would choose first; otherwise the first in order (the title changed).
    const name = names.includes(plan.branch) ? plan.branch : names[0];
    const sha = name === undefined ? undefined : branches.get(name);
    if (name !== undefined && sha !== undefined) earlier = { branch: name, sha };
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
