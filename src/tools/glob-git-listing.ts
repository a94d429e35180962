/**
 * The files glob looks at, read from git where the directory is in a git work tree: the tracked
 * files (`git ls-files --cached`) and the untracked ones (`git ls-files --others`), optionally
 * narrowed by pathspecs derived from the pattern. Git reads its index and prunes the walk by the
 * pathspecs, where walking the directory would read every folder.
 *
 * The two lists come from two git processes started together: the tracked files need only the
 * index and arrive first, so the caller checks them while the other process still walks the
 * folders for untracked files, which is most of the time a large checkout takes.
 *
 * Git does not apply the ignore files here: the caller's filter decides which files are ignored,
 * as it does for the walk, so one listing serves both the files to show and the count of ignored
 * matches (git would need a second walk of the whole tree to list the ignored files apart).
 *
 * The listing only proposes candidates: every match is still checked against the workspace
 * boundary, the ignore files and the file system by the caller, so a hostile index cannot add
 * anything the walk would not have shown.
 */
import { spawn } from 'node:child_process';
import { devNull } from 'node:os';
import { DEFAULT_EXCLUDED_DIRECTORIES, inDefaultExcludedDirectory } from './file-walk.js';
import { buildToolEnvironment } from '../platform/tool-environment.js';
import { findExecutable } from './search/run-process.js';

/** Each list of paths relative to the directory, `/`-separated; null where git failed. */
export interface GitListing {
  /** In git's index. */
  tracked: Promise<string[] | null>;
  /** Not in the index, ignored or not (outside the default excluded directories). */
  untracked: Promise<string[] | null>;
}

/**
 * Settings that would make `ls-files` run other programs (fsmonitor hooks) or read ignore rules
 * the workspace filter does not know (the user's global excludes file).
 */
const GIT_CONFIG = ['core.fsmonitor=false', `core.excludesFile=${devNull}`, 'core.quotePath=false'];

/**
 * The default excluded directories (git never lists `.git`), left out so git does not walk them.
 * The pattern ends in a globstar because git prunes the walk only then (not for `name` alone).
 */
const EXCLUDED_PATHSPECS = DEFAULT_EXCLUDED_DIRECTORIES.filter((name) => name !== '.git').map(
  (name) => `:(exclude,glob)**/${name}/**`,
);

/** Git from a trusted PATH directory, or null where there is none. */
export function findGit(untrustedDirectories: readonly string[]): Promise<string | null> {
  return findExecutable('git', { pathVariable: process.env.PATH, untrustedDirectories });
}

/**
 * The listing of `dir` by `git` (from `findGit`; null: there is none), limited to `pathspecs`
 * (all files when null). Either list is null where git cannot give it (not a work tree, git
 * failed): the caller walks the directory instead.
 */
export function gitListing(
  dir: string,
  options: {
    git: string | null;
    signal: AbortSignal;
    pathspecs: readonly string[] | null;
  },
): GitListing | null {
  const { git, signal } = options;
  if (git === null) return null;
  const list = (which: '--cached' | '--others') =>
    listNulSeparated(
      git,
      ['ls-files', '-z', which, '--', ...(options.pathspecs ?? ['.']), ...EXCLUDED_PATHSPECS],
      dir,
      signal,
    ).then(
      (paths) =>
        // Git leaves out the excluded directories only in the spelling of the pathspec.
        paths?.filter((relativePath) => !inDefaultExcludedDirectory(relativePath)) ?? null,
    );
  const tracked = list('--cached').then((paths) => (paths === null ? null : unique(paths)));
  const untracked = list('--others');
  // Each is awaited by the caller, which may stop at the first failure.
  tracked.catch(() => undefined);
  untracked.catch(() => undefined);
  return { tracked, untracked };
}

/** A path with unmerged stages is listed once per stage. */
function unique(paths: string[]): string[] {
  return paths.length > 0 ? [...new Set(paths)] : paths;
}

function listNulSeparated(
  git: string,
  args: readonly string[],
  cwd: string,
  signal: AbortSignal,
): Promise<string[] | null> {
  signal.throwIfAborted();
  return new Promise((resolve, reject) => {
    const child = spawn(git, [...GIT_CONFIG.flatMap((entry) => ['-c', entry]), ...args], {
      cwd,
      env: {
        ...buildToolEnvironment(process.env),
        GIT_CONFIG_NOSYSTEM: '1',
        GIT_CONFIG_GLOBAL: devNull,
        GIT_OPTIONAL_LOCKS: '0',
      },
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const chunks: Buffer[] = [];
    const onAbort = () => child.kill('SIGKILL');
    signal.addEventListener('abort', onAbort, { once: true });
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.on('error', () => {
      resolve(null);
    });
    child.on('close', (code) => {
      signal.removeEventListener('abort', onAbort);
      if (signal.aborted) {
        reject(signal.reason as Error);
        return;
      }
      if (code !== 0) {
        resolve(null);
        return;
      }
      const text = Buffer.concat(chunks).toString('utf8');
      resolve(text === '' ? [] : text.slice(0, text.endsWith('\0') ? -1 : undefined).split('\0'));
    });
  });
}
