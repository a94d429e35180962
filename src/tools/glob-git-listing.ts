/**
 * The files glob looks at, read from git where the directory is in a git work tree: the tracked
 * files and the untracked ones git does not ignore (`git ls-files --cached --others
 * --exclude-standard`), which is exactly what glob lists when it respects .gitignore. Git reads
 * its index and skips ignored trees, where walking the directory would read every folder. The
 * untracked files git ignores are listed apart, only so glob can say how many matches it left out.
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

export interface GitListing {
  /** Tracked, and untracked but not ignored: paths relative to the directory, `/`-separated. */
  listed: string[];
  /** Untracked and ignored by git (outside the default excluded directories). */
  ignored: string[];
}

/**
 * Settings that would make `ls-files` run other programs (fsmonitor hooks) or read ignore rules
 * the workspace filter does not know (the user's global excludes file).
 */
const GIT_CONFIG = ['core.fsmonitor=false', `core.excludesFile=${devNull}`, 'core.quotePath=false'];

/** The default excluded directories, left out as the walk leaves them out. */
const EXCLUDED_PATHSPECS = DEFAULT_EXCLUDED_DIRECTORIES.filter((name) => name !== '.git').flatMap(
  (name) => [`:(exclude,glob)${name}/**`, `:(exclude,glob)**/${name}/**`],
);

/**
 * The listing of `dir`, or null where git cannot give one (no git on a trusted PATH, not a work
 * tree, git failed): the caller walks the directory instead.
 */
export async function gitListing(
  dir: string,
  options: { signal: AbortSignal; untrustedDirectories: readonly string[] },
): Promise<GitListing | null> {
  const git = await findExecutable('git', {
    pathVariable: process.env.PATH,
    untrustedDirectories: options.untrustedDirectories,
  });
  if (git === null) return null;
  const run = (args: readonly string[]) => listNulSeparated(git, args, dir, options.signal);
  const [listed, ignored] = await Promise.all([
    // Left out here rather than by pathspec, which makes git match every path against them.
    run(['ls-files', '-z', '--cached', '--others', '--exclude-standard']),
    // Git would otherwise walk every ignored dependency tree only for this count.
    run([
      'ls-files',
      '-z',
      '--others',
      '--ignored',
      '--exclude-standard',
      '--',
      '.',
      ...EXCLUDED_PATHSPECS,
    ]),
  ]);
  if (listed === null || ignored === null) return null;
  return {
    listed: unique(listed).filter((relativePath) => !inDefaultExcludedDirectory(relativePath)),
    ignored,
  };
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
