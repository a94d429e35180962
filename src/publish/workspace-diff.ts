/**
 * The change the agent left in a git workspace — tracked edits, deletions, renames and new
 * untracked files (ignored ones excluded) — as a diff stat and a patch against HEAD, for the final
 * comment.
 *
 * It is read the way publishing reads it (workspace-changes.ts) and shows only what publishing
 * would accept (change-checks.ts): the workspace's own index is never touched, nothing in the
 * repository's configuration runs a program, and a refused file — a credentials file an earlier
 * step left, a file the secret scan flagged, a path git could never record — is left out of the
 * diff too (the comment lists it with its reason instead).
 */
import { buildTree, emptyTree } from './commit.js';
import type { ChangeCheckOptions } from './change-checks.js';
import { checkChanges } from './change-checks.js';
import { createGit } from './git.js';
import type { SessionBaseline } from './session-baseline.js';
import { readWorkspaceChanges } from './workspace-changes.js';

export interface WorkspaceDiff {
  stat: string;
  patch: string;
}

export interface WorkspaceDiffOptions {
  maxBytes?: number;
  /** The workspace before the session (files already there are not shown; see session-baseline.ts). */
  baseline?: SessionBaseline | undefined;
  /** The checks publishing applies (workflow edits, size, the run's secrets). */
  checks?: Pick<ChangeCheckOptions, 'allowWorkflowEdits' | 'maxFileBytes' | 'knownSecrets'>;
}

/** The workspace's change against HEAD, or undefined when there is none or it is not a git repository. */
export async function workspaceDiff(
  cwd: string,
  options: WorkspaceDiffOptions = {},
): Promise<WorkspaceDiff | undefined> {
  const git = createGit();
  try {
    const changes = await readWorkspaceChanges(cwd, { git, baseline: options.baseline });
    const { accepted: shown } = await checkChanges(changes, {
      ...options.checks,
      ...(options.baseline === undefined ? {} : { preexisting: options.baseline.untracked }),
      git,
    });
    if (shown.length === 0) return undefined;
    const tree = await buildTree({ changes, accepted: shown, git });
    const from = changes.base ?? (await emptyTree(git, changes.root));
    const diff = [
      'diff-tree',
      '-r',
      '--find-renames',
      '--no-ext-diff',
      '--no-textconv',
      from,
      tree,
    ];
    const command = { cwd: changes.root, maxBuffer: options.maxBytes ?? 64 * 1024 * 1024 };
    const [stat, patch] = await Promise.all([
      git.run([...diff, '--stat'], command),
      git.run([...diff, '-p'], command),
    ]);
    return patch.trim() === '' ? undefined : { stat, patch };
  } catch {
    return undefined;
  }
}
