// Temporary directories with real files (and optionally real git) for tests; removed afterwards.
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { onTestFinished } from 'vitest';

/** Creates a temp directory holding `files` (path → content); `git: true` makes it a repository. */
export async function tempRepo(
  files: Record<string, string> = {},
  options: { git?: boolean } = {},
): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gemini-agent-test-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  for (const [name, content] of Object.entries(files)) {
    const file = path.join(dir, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, content);
  }
  if (options.git) {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: dir, stdio: 'ignore' });
    git('init', '-q', '-b', 'main');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'add', '-A');
    git(
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@example.com',
      'commit',
      '-qm',
      'init',
      '--allow-empty',
    );
  }
  return dir;
}

/** A bare clone of `repo`: the remote the Action pushes to in tests (removed afterwards). */
export async function bareRemoteOf(repo: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'gemini-agent-remote-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  execFileSync('git', ['clone', '-q', '--bare', repo, dir], { stdio: 'ignore' });
  return dir;
}
