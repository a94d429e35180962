// Where the benchmarks keep things between runs (the Gemini CLI install, the generated large
// repository) and make throwaway workspaces.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The cache folder, kept between runs. */
export const CACHE_DIR = path.join(tmpdir(), 'gemini-agent-bench');

export function cacheDir(name) {
  const dir = path.join(CACHE_DIR, name);
  mkdirSync(dir, { recursive: true });
  return dir;
}

const made = [];

/** A fresh temp directory, removed by `cleanupScratch()`. */
export function scratchDir(prefix) {
  mkdirSync(CACHE_DIR, { recursive: true });
  const dir = mkdtempSync(path.join(CACHE_DIR, `${prefix}-`));
  // As a checkout is (git and actions/checkout make folders others may enter), not mkdtemp's 0700.
  chmodSync(dir, 0o755);
  made.push(dir);
  return dir;
}

export function cleanupScratch() {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
}

/** Writes `files` (relative path → content) below `dir`. */
export function writeTree(dir, files) {
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, content);
  }
}

const GIT_IDENTITY = ['-c', 'user.name=bench', '-c', 'user.email=bench@example.com'];

/** Makes `dir` a git repository with everything committed once. */
export function gitCommitAll(dir, message = 'init') {
  const git = (...args) =>
    execFileSync('git', args, { cwd: dir, stdio: 'ignore', maxBuffer: 1 << 30 });
  git('init', '-q', '-b', 'main');
  git(...GIT_IDENTITY, 'add', '-A');
  git(...GIT_IDENTITY, 'commit', '-qm', message, '--allow-empty', '--no-verify');
}
