/**
 * A copy of an extension folder that lies in the workspace but did not come with the checked-out
 * commit (an earlier step of the workflow checked it out and built it), for a run whose workspace
 * holds a pull request's code. The folder is the workflow's, but a program started inside the
 * workspace still reaches the pull request's files: Node looks for `node_modules` in every parent
 * folder, so a `node_modules/<dependency>` the pull request adds at the top is loaded by a server
 * whose own folder lacks it. The copy lies in the run's private folder, outside the workspace.
 *
 * Links are copied as links when they stay inside the folder (`node_modules/.bin`); a link that
 * leads out, a special file, or more files or bytes than the limits leave the folder uncopied. Git's
 * own folders are left out: they are not the extension's files.
 */
import { chmod, copyFile, lstat, mkdir, readdir, readlink, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage } from '../../platform/errors.js';
import { isInsideOrSame } from '../../platform/path-containment.js';

/** A built server with its dependencies fits; a whole project does not belong here. */
export const MAX_FOLDER_COPY_FILES = 20_000;
export const MAX_FOLDER_COPY_BYTES = 256 * 1024 * 1024;

/**
 * Copies `source` to `<root>/<repoPath>` (which must not exist yet), the folders between
 * created readable by everyone; the reason when it cannot be done whole.
 */
export async function copyExtensionFolder(
  source: string,
  root: string,
  repoPath: string,
): Promise<{ ok: true; directory: string } | { ok: false; reason: string }> {
  const budget = { files: 0, bytes: 0 };
  const segments = repoPath.split('/');
  const target = path.join(root, ...segments);
  try {
    let parent = root;
    for (const segment of segments.slice(0, -1)) {
      parent = path.join(parent, segment);
      await mkdir(parent, { recursive: true, mode: 0o755 });
      await chmod(parent, 0o755);
    }
    const problem = await copyTree(source, target, source, budget);
    if (problem === undefined) return { ok: true, directory: target };
    await rm(target, { recursive: true, force: true });
    return { ok: false, reason: problem };
  } catch (error) {
    await rm(target, { recursive: true, force: true });
    return { ok: false, reason: `it could not be copied: ${errorMessage(error)}` };
  }
}

async function copyTree(
  from: string,
  to: string,
  top: string,
  budget: { files: number; bytes: number },
): Promise<string | undefined> {
  await mkdir(to, { mode: 0o755 });
  await chmod(to, 0o755);
  const entries = await readdir(from, { withFileTypes: true });
  for (const entry of entries) {
    if (entry.name === '.git') continue;
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    const shown = path.relative(top, source);
    budget.files += 1;
    if (budget.files > MAX_FOLDER_COPY_FILES) {
      return `it holds more than ${MAX_FOLDER_COPY_FILES} files`;
    }
    if (entry.isDirectory()) {
      const problem = await copyTree(source, target, top, budget);
      if (problem !== undefined) return problem;
    } else if (entry.isSymbolicLink()) {
      const link = await readlink(source);
      if (path.isAbsolute(link) || !isInsideOrSame(path.resolve(from, link), top)) {
        return `${shown} is a link that leads out of the folder`;
      }
      await symlink(link, target);
    } else if (entry.isFile()) {
      const info = await lstat(source);
      budget.bytes += info.size;
      if (budget.bytes > MAX_FOLDER_COPY_BYTES) {
        return `it holds more than ${MAX_FOLDER_COPY_BYTES / (1024 * 1024)} MB`;
      }
      await copyFile(source, target);
      // Readable by the sandbox's user, executable where it was, writable by nobody else.
      await chmod(target, (info.mode & 0o111) !== 0 ? 0o755 : 0o644);
    } else {
      return `${shown} is not a file, folder or link`;
    }
  }
  return undefined;
}
