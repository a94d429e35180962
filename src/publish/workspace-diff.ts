/**
 * The change the agent left in a git workspace — tracked edits, deletions, renames and new
 * untracked files (ignored ones excluded) — as a diff stat and a patch against HEAD.
 *
 * New files only show in a diff once they are in an index, and the workspace's own index must
 * not change (the user's staging is theirs), so the diff is taken through a throwaway index file.
 * Git runs without fsmonitor, external diff programs or text conversion, so nothing in the
 * repository's configuration runs code while we read it.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

export interface WorkspaceDiff {
  stat: string;
  patch: string;
}

const SAFE_CONFIG = ['-c', 'core.fsmonitor=false', '-c', 'core.hooksPath=/dev/null'];

/** The workspace's change against HEAD, or undefined when there is none or it is not a git repository. */
export async function workspaceDiff(
  cwd: string,
  options: { maxBytes?: number } = {},
): Promise<WorkspaceDiff | undefined> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'gemini-agent-index-'));
  const env = { ...process.env, GIT_INDEX_FILE: path.join(scratch, 'index') };
  const git = async (...args: string[]) =>
    (
      await execFileAsync('git', [...SAFE_CONFIG, ...args], {
        cwd,
        env,
        maxBuffer: options.maxBytes ?? 64 * 1024 * 1024,
      })
    ).stdout;
  try {
    await git('read-tree', 'HEAD');
    await git('add', '--all', '--', '.');
    const diff = ['diff', '--cached', '--no-ext-diff', '--no-textconv', '--find-renames', 'HEAD'];
    const [stat, patch] = await Promise.all([git(...diff, '--stat'), git(...diff)]);
    return patch.trim() === '' ? undefined : { stat, patch };
  } catch {
    return undefined;
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
