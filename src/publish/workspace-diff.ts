/**
 * The change the agent left in a git workspace — tracked edits, deletions, renames and new
 * untracked files (ignored ones excluded) — as a diff stat and a patch against HEAD, for the final
 * comment.
 *
 * It is read the way publishing reads it (workspace-changes.ts): the workspace's own index is
 * never touched, nothing in the repository's configuration runs a program, and paths git could
 * never record (`.GIT/…`, FIFOs, nested repositories) are left out instead of spoiling the diff.
 */
import { buildTree, emptyTree } from './commit.js';
import { createGit } from './git.js';
import { readWorkspaceChanges } from './workspace-changes.js';
import { isGitDirectoryPath } from './change-checks.js';

export interface WorkspaceDiff {
  stat: string;
  patch: string;
}

/** The workspace's change against HEAD, or undefined when there is none or it is not a git repository. */
export async function workspaceDiff(
  cwd: string,
  options: { maxBytes?: number } = {},
): Promise<WorkspaceDiff | undefined> {
  const git = createGit();
  try {
    const changes = await readWorkspaceChanges(cwd, { git });
    const shown = changes.entries.filter(
      (entry) =>
        (entry.kind === 'file' || entry.kind === 'symlink') &&
        !isGitDirectoryPath(entry.path) &&
        (entry.previousPath === undefined || !isGitDirectoryPath(entry.previousPath)),
    );
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
