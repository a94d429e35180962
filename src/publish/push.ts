/**
 * Pushing the bot's commit: exactly one refspec, `<sha>:refs/heads/<branch>` — never with force
 * (no `+`, no `--force`), never tags, never the default branch, hooks skipped (`--no-verify`).
 * The push runs in a shadow repository (see remote-access.ts) with the token in its environment
 * only. A rejection becomes a `PushError` whose message says what happened and what to do.
 */
import type { Redact } from '../platform/redaction.js';
import { createRedactor } from '../platform/redaction.js';
import { branchNameProblem } from './branch-name.js';
import type { Git } from './git.js';
import { GitCommandError, createGit } from './git.js';
import type { RemoteAccess } from './remote-access.js';
import { networkCommand, withShadowRepository } from './remote-access.js';

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
  /** The branch name, without `refs/heads/`. */
  branch: string;
  /** The repository's default branch, which is never pushed to. */
  defaultBranch: string;
  git?: Git;
  redact?: Redact;
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
  const redact: Redact = (text) =>
    tokenRedactor.redact(options.redact ? options.redact(text) : text);
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
    throw classify(error, options.branch, redact);
  }
}

function classify(error: unknown, branch: string, redact: Redact): PushError {
  if (!(error instanceof GitCommandError)) {
    return new PushError('failed', redact(`The push failed: ${String(error)}`));
  }
  const output = `${error.stdout}\n${error.stderr}`;
  if (/\[rejected\]|non-fast-forward|fetch first|stale info/i.test(output)) {
    return new PushError(
      'non_fast_forward',
      redact(
        `The branch ${branch} moved since the run started (it has commits this run did not build on), so the changes were not pushed. Re-run the task to start from the branch as it is now.`,
      ),
    );
  }
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
        `GitHub refused the push to ${branch}: the token may not write to this repository (the workflow needs "permissions: contents: write"). ${oneLine(error.stderr)}`,
      ),
    );
  }
  return new PushError('failed', redact(`The push to ${branch} failed: ${oneLine(error.stderr)}`));
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim().slice(0, 500);
}
