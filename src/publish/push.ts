/**
 * Pushing the bot's commit: exactly one refspec, `<sha>:refs/heads/<branch>` — never with force
 * (no `+`, no `--force`), never tags, never the default branch, hooks skipped (`--no-verify`).
 * The push runs in a shadow repository (see remote-access.ts) with the token in its environment
 * only. A rejection becomes a `PushError` whose message says what happened and what to do: for a
 * push that is not a fast-forward, where the workspace was, where the branch is, and whether the
 * branch moved while the run worked or the workspace was never at its head.
 */
import { errorMessage } from '../platform/errors.js';
import type { Redact } from '../platform/redaction.js';
import { createRedactor } from '../platform/redaction.js';
import { branchNameProblem } from './branch-name.js';
import type { Git } from './git.js';
import { GitCommandError, createGit } from './git.js';
import type { RemoteAccess } from './remote-access.js';
import { FETCH_ONE_REF, networkCommand, withShadowRepository } from './remote-access.js';
import { oneLine, plural } from '../platform/text.js';

export type PushFailureKind =
  /** We would not push there (the default branch, an invalid name): nothing was sent. */
  | 'refused'
  /** The branch has commits the run did not start from. */
  | 'non_fast_forward'
  /** GitHub said no: permissions, a protected branch, a workflow file without permission. */
  | 'rejected'
  /** Anything else: network, authentication, a bug. */
  | 'failed';

export class PushError extends Error {
  override readonly name = 'PushError';
  readonly kind: PushFailureKind;

  constructor(kind: PushFailureKind, message: string) {
    super(message);
    this.kind = kind;
  }
}

export interface PushOptions extends RemoteAccess {
  /** The repository the commit's objects are in. */
  root: string;
  sha: string;
  /** The commit `sha` builds on: where the workspace was. Undefined for a first commit. */
  baseSha?: string | undefined;
  /**
   * The branch's head when the run started, when the run meant to build on it (a pull request's
   * head pinned at the trigger, an earlier run's branch it continued); undefined otherwise.
   */
  branchStart?: string | undefined;
  /** The branch name, without `refs/heads/`. */
  branch: string;
  /** The repository's default branch, which is never pushed to. */
  defaultBranch: string;
  git?: Git;
  /** Applied to every error message (the push's token is redacted in any case). */
  redact: Redact;
}

/** Checks the target before anything is sent. */
export function pushTargetProblem(branch: string, defaultBranch: string): string | undefined {
  if (branch === defaultBranch || `refs/heads/${branch}` === defaultBranch) {
    return `the changes are never pushed to the default branch (${defaultBranch})`;
  }
  if (branch.startsWith('refs/') || branch === 'HEAD') {
    return `"${branch}" is not a branch name (expected a name under refs/heads/)`;
  }
  const problem = branchNameProblem(branch);
  return problem === undefined ? undefined : `"${branch}" is not a valid branch name: ${problem}`;
}

/** Pushes `sha` to `refs/heads/<branch>` as a fast-forward (or a new branch). */
export async function pushCommit(options: PushOptions): Promise<void> {
  const git = options.git ?? createGit();
  const tokenRedactor = createRedactor({ secrets: [options.token] });
  const redact: Redact = (text) => tokenRedactor.redact(options.redact(text));
  const problem = pushTargetProblem(options.branch, options.defaultBranch);
  if (problem !== undefined) throw new PushError('refused', redact(`Not pushed: ${problem}.`));

  const command = networkCommand(options);
  const refspec = `${options.sha}:refs/heads/${options.branch}`;
  try {
    await withShadowRepository(git, options.root, (shadow) =>
      git.run(
        [
          '-c',
          'push.followTags=false',
          '-c',
          'push.gpgSign=false',
          'push',
          '--no-verify',
          '--porcelain',
          '--no-recurse-submodules',
          options.remoteUrl,
          refspec,
        ],
        { cwd: shadow.dir, env: { ...command.env, ...shadow.env }, network: command.network },
      ),
    );
  } catch (error) {
    if (error instanceof GitCommandError && isNonFastForward(error)) {
      const tip = await readBranchTip(git, options);
      throw new PushError(
        'non_fast_forward',
        redact(
          nonFastForwardMessage({
            branch: options.branch,
            workspaceAt: options.baseSha,
            branchStart: options.branchStart,
            tip,
            notDone: 'pushed',
          }),
        ),
      );
    }
    throw classify(error, options.branch, redact);
  }
}

function isNonFastForward(error: GitCommandError): boolean {
  return /\[rejected\]|non-fast-forward|fetch first|stale info/i.test(
    `${error.stdout}\n${error.stderr}`,
  );
}

/** Where a branch is now, next to the commit a run built on. */
export interface BranchTip {
  /** The branch's head now; undefined when it could not be read. */
  sha: string | undefined;
  /** How the run's base relates to it: in its history (`behind` by some commits) or not. */
  relation?: { kind: 'behind'; commits: number } | { kind: 'unrelated' };
  /** Why the head or the relation could not be read. */
  problem?: string;
}

/**
 * Fetches the branch into a throwaway shadow repository (its objects borrowed from the workspace,
 * the token in that one command's environment) to see where it is and whether the run's base is
 * in its history. Nothing reaches the workspace.
 */
async function readBranchTip(git: Git, options: PushOptions): Promise<BranchTip> {
  const command = networkCommand(options);
  try {
    return await withShadowRepository(git, options.root, async (shadow) => {
      const local = { cwd: shadow.dir, env: shadow.env };
      await git.run(
        [...FETCH_ONE_REF, options.remoteUrl, `+refs/heads/${options.branch}:refs/tip`],
        { ...local, env: { ...command.env, ...shadow.env }, network: command.network },
      );
      const sha = (await git.run(['rev-parse', '--verify', 'refs/tip^{commit}'], local)).trim();
      const base = options.baseSha;
      if (base === undefined) return { sha, relation: { kind: 'unrelated' } };
      const inHistory = await git.run(['merge-base', '--is-ancestor', base, sha], local).then(
        () => true,
        (error: unknown) => {
          if (error instanceof GitCommandError && error.exitCode === 1) return false;
          throw error;
        },
      );
      if (!inHistory) return { sha, relation: { kind: 'unrelated' } };
      const behind = await git.run(['rev-list', '--count', `${base}..${sha}`], local);
      return { sha, relation: { kind: 'behind', commits: Number(behind.trim()) } };
    });
  } catch (error) {
    return { sha: undefined, problem: quotedLine(errorMessage(error)) };
  }
}

export interface NonFastForward {
  branch: string;
  /** The commit the run's change builds on. */
  workspaceAt: string | undefined;
  /** The branch's head when the run started, when the run meant to build on it. */
  branchStart: string | undefined;
  tip: BranchTip;
  /** What did not happen: `pushed` (git) or `committed` (the API). */
  notDone: 'pushed' | 'committed';
}

/**
 * What happened when a branch refused a commit as not a fast-forward, in the words of the facts:
 * where the workspace was, where the branch is — and only when the branch's head differs from
 * where it was when the run started, that it moved. Then what to do.
 */
export function nonFastForwardMessage(facts: NonFastForward): string {
  const { branch, workspaceAt, branchStart, tip, notDone } = facts;
  const at = workspaceAt === undefined ? 'had no commit' : `was at ${short(workspaceAt)}`;
  if (tip.sha === undefined) {
    return `The changes were not ${notDone}: ${branch} refused them as not a fast-forward. The run's workspace ${at}; where the branch is now could not be read (${tip.problem ?? 'unknown error'}). Re-run the task to build on the branch as it is now.`;
  }
  const now = short(tip.sha);
  if (branchStart !== undefined && branchStart !== tip.sha) {
    const started =
      branchStart === workspaceAt
        ? `it was at ${short(branchStart)} when the run started from it`
        : `it was at ${short(branchStart)} when the run started`;
    const pushed =
      tip.relation?.kind === 'behind' && branchStart === workspaceAt
        ? ` (${plural(tip.relation.commits, 'new commit')})`
        : '';
    return `The changes were not ${notDone}: the branch ${branch} moved while the run worked — ${started}, and it is at ${now} now${pushed}. The run's workspace ${at}. Re-run the task to build on the branch as it is now.`;
  }
  const where = branchStart === undefined ? '' : ', where it was when the run started';
  const relation =
    tip.relation?.kind === 'behind'
      ? `${plural(tip.relation.commits, 'commit')} behind the branch`
      : "not in the branch's history";
  return `The changes were not ${notDone}: the run's workspace ${at}, but the branch ${branch} is at ${now}${where}, so they are not a fast-forward of it (the workspace was ${relation}). The run must start with the workspace at the branch's head: on a pull request the Action checks out its head itself, so a plain actions/checkout is enough — remove any step that moves the workspace elsewhere, then re-run the task.`;
}

function short(sha: string): string {
  return sha.slice(0, 7);
}

function classify(error: unknown, branch: string, redact: Redact): PushError {
  if (!(error instanceof GitCommandError)) {
    return new PushError('failed', redact(`The push failed: ${String(error)}`));
  }
  const output = `${error.stdout}\n${error.stderr}`;
  const remoteReason = /\[remote rejected\][^(\n]*\(([^)\n]*)\)/.exec(output)?.[1];
  if (remoteReason !== undefined) {
    return new PushError(
      'rejected',
      redact(`GitHub refused the push to ${branch}: ${remoteReason}.`),
    );
  }
  if (
    /\b(403|401)\b|permission to .* denied|authentication failed|could not read username/i.test(
      output,
    )
  ) {
    return new PushError(
      'rejected',
      redact(
        `GitHub refused the push to ${branch}: the token may not write to this repository (the workflow needs "permissions: contents: write"). ${quotedLine(error.stderr)}`,
      ),
    );
  }
  return new PushError(
    'failed',
    redact(`The push to ${branch} failed: ${quotedLine(error.stderr)}`),
  );
}

/** git's error output quoted in a message: one line, at most 500 characters. */
function quotedLine(text: string): string {
  return oneLine(text).slice(0, 500);
}
