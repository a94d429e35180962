/**
 * The local run's stand-ins for what a workflow run starts with: a fresh checkout of the
 * repository (a clone of the user's repository at the commit the Action would check out), and
 * the pull request of a comment on a pull request, whose payload holds only the issue side.
 *
 * The run works in a clone, never in the user's own working tree: the agent's edits land there,
 * and the user's uncommitted work can neither be changed nor end up in the bot's commit. The
 * user's repository is the remote the commit is pushed to, as a new branch of it.
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Logger } from '../platform/logger.js';
import { UsageError } from '../platform/errors.js';
import type { DryRunPullRequest } from './dry-run-github.js';
import type { EventFacts, Json } from './event-facts.js';
import { pullRequestCommits } from './event-facts.js';
import type { LocalRepository } from './local-git.js';

const run = promisify(execFile);

/** The commit the workspace is checked out at, and the branch (when on one). */
export interface CheckoutPlan {
  sha: string;
  branch: string | undefined;
}

/**
 * Where the Action's checkout would stand: a pull request's head (when the commit is in the local
 * repository), otherwise the local repository's HEAD.
 */
export async function checkoutPlan(
  facts: EventFacts,
  repository: LocalRepository,
  logger: Logger,
): Promise<CheckoutPlan> {
  const head = await repository.commit('HEAD');
  if (head === undefined) {
    throw new UsageError(
      `--repo expects a git repository with at least one commit, got "${repository.root}".`,
    );
  }
  const branch = await repository.currentBranch();
  const wanted = pullRequestCommits(facts.pullRequest).head;
  if (wanted !== undefined) {
    const found = await repository.commit(wanted);
    if (found !== undefined) return { sha: found, branch: undefined };
    logger.warning(
      `The pull request's head ${wanted.slice(0, 12)} is not in ${repository.root}; the run works on its HEAD (${head.slice(0, 12)}) instead.`,
    );
  }
  return { sha: head, branch };
}

/** Clones `source` into `target` and checks out the plan's commit (on its branch, if any). */
export async function cloneWorkspace(
  source: string,
  target: string,
  plan: CheckoutPlan,
): Promise<void> {
  // The user's hooks and configured programs must not run here, as in the publishing commands.
  const safe = ['-c', 'core.hooksPath=/dev/null', '-c', 'core.fsmonitor=false'];
  // A GIT_DIR or GIT_WORK_TREE of the caller's would point the commands elsewhere.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('GIT_')),
  );
  Object.assign(env, { GIT_TERMINAL_PROMPT: '0', LC_ALL: 'C' });
  await run('git', [...safe, 'clone', '--quiet', '--no-checkout', source, target], { env });
  const checkout =
    plan.branch === undefined ? ['--detach', plan.sha] : ['-B', plan.branch, plan.sha];
  await run('git', [...safe, 'checkout', '--quiet', ...checkout], { cwd: target, env });
}

/** Whether the working tree has changes that a clone of its last commit leaves out. */
export async function hasUncommittedChanges(repository: LocalRepository): Promise<boolean> {
  const status = await repository.run(['status', '--porcelain', '--untracked-files=normal']);
  return status.trim() !== '';
}

/**
 * The pull request the dry-run GitHub answers with: the payload's own, or — for a comment on a
 * pull request, whose payload has only the issue side — one made from the local repository: its
 * HEAD as the head, the default branch as the base.
 */
export async function localPullRequest(
  facts: EventFacts,
  repository: LocalRepository,
  logger: Logger,
): Promise<DryRunPullRequest | undefined> {
  if (facts.pullRequest !== undefined) {
    const commits = pullRequestCommits(facts.pullRequest);
    return { data: facts.pullRequest, head: commits.head, base: commits.base };
  }
  if (!facts.commentOnPullRequest || facts.issue === undefined) return undefined;
  const issue = facts.issue;
  const head = await repository.commit('HEAD');
  const headRef = (await repository.currentBranch()) ?? 'HEAD';
  const baseRef = facts.repository.defaultBranch ?? 'main';
  const base = (await repository.branchTip(baseRef)) ?? head;
  logger.warning(
    `The event is a comment on pull request #${String(issue.number)}, and its payload does not say which commits the pull request has: the dry run takes ${headRef} (HEAD of --repo) as its head and ${baseRef} as its base.`,
  );
  const links = (issue.pull_request ?? {}) as Json;
  const fullName = facts.repository.fullName;
  const side = (ref: string, sha: string | undefined) => ({
    label: `${facts.repository.owner}:${ref}`,
    ref,
    sha: sha ?? '0'.repeat(40),
    repo: { full_name: fullName, name: facts.repository.name, fork: false },
  });
  return {
    data: {
      number: issue.number,
      title: issue.title,
      body: issue.body ?? null,
      html_url: typeof links.html_url === 'string' ? links.html_url : issue.html_url,
      state: issue.state ?? 'open',
      draft: false,
      user: issue.user ?? null,
      labels: issue.labels ?? [],
      created_at: issue.created_at,
      updated_at: issue.updated_at,
      head: side(headRef, head),
      base: side(baseRef, base),
    },
    head,
    base,
  };
}
