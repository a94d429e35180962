/**
 * Before the session of a `/gemini` on a pull request from this repository: the workspace must
 * stand on the pull request's head — the commit pinned when the run was triggered — so the agent
 * works on the pull request's code and its commit fast-forwards the branch. A plain
 * `actions/checkout` gives the default branch (comment events) or the merge commit
 * `refs/pull/<n>/merge` (review events), so when the workspace is elsewhere the Action itself
 * fetches `refs/pull/<n>/head` (the token in that one command's environment, never in
 * `.git/config`; see remote-access.ts) and checks out the pull request's branch at the pinned
 * commit.
 *
 * It refuses rather than lose or guess: uncommitted changes in the workspace stay where they are,
 * and a head pushed after the trigger is never used in place of the pinned one (the run was asked
 * about that commit). A fork's pull request is never checked out (its code must not run with this
 * workflow's token); callers only ask for same-repository ones.
 *
 * This runs before the agent has touched anything, like continueExistingBranch.
 */
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { silentLogger } from '../platform/logger.js';
import type { Redact } from '../platform/redaction.js';
import { branchNameProblem } from './branch-name.js';
import { headCommit } from './existing-branch.js';
import type { Git } from './git.js';
import { createGit, GitCommandError, splitNul } from './git.js';
import type { RemoteAccess } from './remote-access.js';
import { fetchIntoWorkspace } from './remote-access.js';

export interface PullRequestHeadOptions extends RemoteAccess {
  workspaceRoot: string;
  pullNumber: number;
  /** The pull request's branch, checked out under the same name. */
  headRef: string;
  /** The head commit pinned when the run was triggered. */
  headSha: string;
  git?: Git;
  logger?: Logger;
  /** Applied to git's messages in the refusals. */
  redact: Redact;
  /** Commits of the pull request fetched into a shallow checkout. Default 50. */
  depth?: number;
}

export type PullRequestHead =
  /** The workspace was at the pinned head already. */
  | { status: 'at_head' }
  /** The workspace moved from `from` onto the pull request's branch at the pinned head. */
  | { status: 'switched'; from: string | undefined };

/** Changed files named in a refusal; the rest are counted. */
const LISTED_CHANGES = 5;

/**
 * Puts the workspace on the pull request's branch at the pinned head. Throws a
 * `ConfigurationError` saying what was found and what to do when that cannot be done safely.
 */
export async function checkOutPullRequestHead(
  options: PullRequestHeadOptions,
): Promise<PullRequestHead> {
  const git = options.git ?? createGit({ redact: options.redact });
  const logger = options.logger ?? silentLogger;
  const root = options.workspaceRoot;
  const pinned = options.headSha;
  const start = await headCommit(git, root);
  if (start === pinned) return { status: 'at_head' };

  const here = start === undefined ? 'has no commit' : `is at ${short(start)}`;
  const wanted = `the pull request's head ${short(pinned)} (${options.headRef})`;
  const problem = branchNameProblem(options.headRef);
  if (problem !== undefined || options.headRef.startsWith('-')) {
    throw new ConfigurationError(
      `The workspace ${here}, not at ${wanted}, and that branch name cannot be checked out (${problem ?? 'it starts with "-"'}).`,
    );
  }
  const changed = await uncommittedChanges(git, root);
  if (changed.length > 0) {
    const listed = changed.slice(0, LISTED_CHANGES).join(', ');
    const more =
      changed.length > LISTED_CHANGES ? ` and ${changed.length - LISTED_CHANGES} more` : '';
    throw new ConfigurationError(
      `The workspace ${here} with uncommitted changes (${listed}${more}), not at ${wanted}. The Action did not switch to the pull request's head, so those changes are not lost. Let the job's earlier steps leave the checkout clean (or check out the pull request's head yourself, with \`ref: refs/pull/${options.pullNumber}/head\` on actions/checkout), then ask again.`,
    );
  }

  await fetchPullRequest(git, options);
  if (!(await hasCommit(git, root, pinned))) {
    throw new ConfigurationError(
      `The pull request's head ${short(pinned)}, which this run was asked about, is no longer on refs/pull/${options.pullNumber}/head (the branch was force-pushed after the request). The run does not work on code nobody asked about: ask again on the pull request as it is now.`,
    );
  }
  try {
    await git.run(
      ['checkout', '--quiet', '--no-recurse-submodules', '-B', options.headRef, pinned],
      { cwd: root },
    );
  } catch (error) {
    throw new ConfigurationError(
      `The workspace ${here}; checking out ${wanted} failed, and the workspace was left as it was: ${errorMessage(error)}`,
      undefined,
      { cause: error },
    );
  }
  logger.info(
    `The workspace ${here}; checked out ${options.headRef} at the pull request's head ${short(pinned)}, the commit pinned when the run was triggered.`,
  );
  return { status: 'switched', from: start };
}

/**
 * Tracked files with changes, staged or not (untracked files stay and travel with the checkout;
 * git refuses on its own when the pull request has a file of the same name).
 */
async function uncommittedChanges(git: Git, root: string): Promise<string[]> {
  let output: Buffer;
  try {
    output = await git.runBytes(
      ['status', '--porcelain=v1', '-z', '--untracked-files=no', '--ignore-submodules=none'],
      { cwd: root },
    );
  } catch (error) {
    if (!(error instanceof GitCommandError)) throw error;
    throw new ConfigurationError(
      `The workspace is not a git checkout of the repository (${error.stderr.trim()}); add actions/checkout before this step.`,
      undefined,
      { cause: error },
    );
  }
  const entries = splitNul(output);
  const paths: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] ?? '';
    paths.push(entry.slice(3));
    // A rename or copy is followed by its source path.
    if (/^[RC]/.test(entry) || /^.[RC]/.test(entry)) i++;
  }
  return paths;
}

/** `refs/pull/<n>/head` into the workspace's objects, with the token for this one command. */
async function fetchPullRequest(git: Git, options: PullRequestHeadOptions): Promise<void> {
  const ref = `refs/pull/${options.pullNumber}/head`;
  try {
    await fetchIntoWorkspace(git, options, {
      root: options.workspaceRoot,
      ref,
      depth: options.depth,
    });
  } catch (error) {
    const detail = error instanceof GitCommandError ? error.stderr.trim() : errorMessage(error);
    throw new Error(`Could not fetch the pull request's head (${ref}) to work on it: ${detail}`, {
      cause: error,
    });
  }
}

async function hasCommit(git: Git, root: string, sha: string): Promise<boolean> {
  try {
    await git.run(['cat-file', '-e', `${sha}^{commit}`], { cwd: root });
    return true;
  } catch {
    return false;
  }
}

function short(sha: string): string {
  return sha.slice(0, 7);
}
