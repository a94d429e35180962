// Real git repositories for the publishing tests: a workspace cloned from a bare "GitHub" remote,
// and (re-exported) the HTTP git server that records the credentials each request carries.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

const IDENTITY = ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com'];

/** Runs git synchronously (test set-up only), returning trimmed stdout. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', [...IDENTITY, ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LC_ALL: 'C' },
  }).trim();
}

export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gemini-publish-test-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

export async function writeFiles(
  root: string,
  files: Record<string, string | Buffer>,
): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
}

export interface RepoWithRemote {
  /** The workspace (a clone). */
  root: string;
  /** The bare repository standing in for GitHub. */
  remote: string;
  /** The commit the workspace starts at (main). */
  base: string;
}

/** A bare remote whose `main` holds `files`, and a workspace cloned from it. */
export async function repoWithRemote(
  files: Record<string, string | Buffer> = { 'README.md': '# Demo\n' },
  options: { depth?: number } = {},
): Promise<RepoWithRemote> {
  const dir = await tempDir();
  const seed = path.join(dir, 'seed');
  const remote = path.join(dir, 'remote.git');
  const root = path.join(dir, 'workspace');
  await mkdir(seed);
  git(seed, 'init', '-q', '-b', 'main');
  await writeFiles(seed, files);
  git(seed, 'add', '-A');
  git(seed, 'commit', '-qm', 'Initial commit', '--allow-empty');
  git(dir, 'clone', '-q', '--bare', seed, remote);
  const depth = options.depth === undefined ? [] : ['--depth', String(options.depth)];
  git(dir, 'clone', '-q', ...depth, `file://${remote}`, root);
  return { root, remote, base: git(root, 'rev-parse', 'HEAD') };
}

/** Adds a commit to `branch` of the remote (as another person pushing), returning its sha. */
export async function pushToRemote(
  remote: string,
  branch: string,
  files: Record<string, string>,
  options: { from?: string } = {},
): Promise<string> {
  const dir = await tempDir();
  git(dir, 'clone', '-q', remote, 'w');
  const work = path.join(dir, 'w');
  git(work, 'checkout', '-q', '-B', branch, options.from ?? 'origin/main');
  await writeFiles(work, files);
  git(work, 'add', '-A');
  git(work, 'commit', '-qm', `Update ${branch}`);
  git(work, 'push', '-q', 'origin', `HEAD:refs/heads/${branch}`);
  return git(work, 'rev-parse', 'HEAD');
}

/** Every file under `dir` (recursively) that contains `text`; for "the token is nowhere" checks. */
export async function filesContaining(dir: string, text: string): Promise<string[]> {
  const found: string[] = [];
  const walk = async (current: string): Promise<void> => {
    for (const entry of await readdir(current, { withFileTypes: true })) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) await walk(full);
      else if (entry.isFile() && (await readFile(full)).includes(text)) found.push(full);
    }
  };
  await walk(dir);
  return found;
}

export type { GitHttpServer } from '../support/git-http-server.js';
export { basicAuthorization, gitHttpServer } from '../support/git-http-server.js';
