/**
 * git for the materialized repositories: a fixed identity and fixed dates (so a case's commits
 * are the same on every run, and recordings that mention a SHA stay valid), no hooks, no signing,
 * nothing from the user's global configuration that could change a commit.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir } from 'node:fs/promises';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

const FIXED_DATE = '2026-01-05T12:00:00Z';

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'Eval Author',
  GIT_AUTHOR_EMAIL: 'author@example.com',
  GIT_AUTHOR_DATE: FIXED_DATE,
  GIT_COMMITTER_NAME: 'Eval Author',
  GIT_COMMITTER_EMAIL: 'author@example.com',
  GIT_COMMITTER_DATE: FIXED_DATE,
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_TERMINAL_PROMPT: '0',
};

const GIT_FLAGS = [
  '-c',
  'core.hooksPath=/dev/null',
  '-c',
  'commit.gpgsign=false',
  '-c',
  'core.quotePath=false',
  '-c',
  'core.autocrlf=false',
  '-c',
  'init.defaultBranch=main',
];

/** Runs git in `cwd` and returns its standard output; a failure throws with git's message. */
export async function git(cwd: string, args: readonly string[]): Promise<string> {
  const { stdout } = await execFileAsync('git', [...GIT_FLAGS, ...args], {
    cwd,
    env: { ...process.env, ...GIT_ENV },
    maxBuffer: 64 * 1024 * 1024,
    encoding: 'utf8',
  });
  return stdout;
}

/** A new repository in `dir` on branch `main` with everything in it as one commit; its SHA. */
export async function initialCommit(dir: string, message: string): Promise<string> {
  await mkdir(dir, { recursive: true });
  await git(dir, ['init', '-q', '-b', 'main']);
  await git(dir, ['add', '-A']);
  await git(dir, ['commit', '-q', '--allow-empty', '-m', message]);
  return (await git(dir, ['rev-parse', 'HEAD'])).trim();
}

/** Copies a folder's files over another (the overlay of a pull request's head on its base). */
export async function copyTree(from: string, to: string): Promise<void> {
  await cp(from, to, { recursive: true, force: true, errorOnExist: false });
}
