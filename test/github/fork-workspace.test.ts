import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { checkForkWorkspace, tracksPath } from '../../src/github/fork-workspace.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, {
    cwd,
    encoding: 'utf8',
    env: {
      ...process.env,
      GIT_AUTHOR_NAME: 'a',
      GIT_AUTHOR_EMAIL: 'a@example.com',
      GIT_COMMITTER_NAME: 'a',
      GIT_COMMITTER_EMAIL: 'a@example.com',
    },
  }).trim();
}

/** A repository with a base commit and a fork's commit on top, checked out at `checkout`. */
async function repository(checkout: 'base' | 'fork' | 'merge'): Promise<{
  root: string;
  forkSha: string;
}> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'fork-workspace-'));
  dirs.push(root);
  git(root, 'init', '-q', '-b', 'main');
  await writeFile(path.join(root, 'a.txt'), 'base\n');
  git(root, 'add', '.');
  git(root, 'commit', '-qm', 'base');
  git(root, 'checkout', '-qb', 'fork');
  await writeFile(path.join(root, 'package.json'), '{"scripts":{"test":"curl evil"}}\n');
  git(root, 'add', '.');
  git(root, 'commit', '-qm', 'fork change');
  const forkSha = git(root, 'rev-parse', 'HEAD');
  git(root, 'checkout', '-q', 'main');
  if (checkout === 'fork') git(root, 'checkout', '-q', '--detach', forkSha);
  if (checkout === 'merge') {
    await writeFile(path.join(root, 'b.txt'), 'base moved on\n');
    git(root, 'add', '.');
    git(root, 'commit', '-qm', 'base moves');
    git(root, 'merge', '-q', '--no-edit', 'fork');
  }
  if (checkout === 'base') git(root, 'branch', '-qD', 'fork');
  return { root, forkSha };
}

describe('checkForkWorkspace', () => {
  it("says yes when the fork's head is checked out, or merged into HEAD (refs/pull/N/merge)", async () => {
    for (const checkout of ['fork', 'merge'] as const) {
      const { root, forkSha } = await repository(checkout);
      const check = await checkForkWorkspace(root, forkSha);
      expect(check).toEqual({
        holdsForkCode: true,
        reason: `HEAD contains the fork's head ${forkSha.slice(0, 7)}`,
      });
    }
  });

  it("says no for the base branch's checkout, where the fork's commit is absent or not in HEAD", async () => {
    const absent = await repository('base');
    // The fork branch was deleted, but the object may linger: either way HEAD lacks it.
    expect((await checkForkWorkspace(absent.root, absent.forkSha)).holdsForkCode).toBe(false);
    const unknown = 'f'.repeat(40);
    expect(await checkForkWorkspace(absent.root, unknown)).toEqual({
      holdsForkCode: false,
      reason: "the fork's head fffffff is not in the repository",
    });
  });

  it('assumes the worst when it cannot tell: no repository, or no head commit known', async () => {
    const plain = await mkdtemp(path.join(os.tmpdir(), 'fork-workspace-plain-'));
    dirs.push(plain);
    expect(await checkForkWorkspace(plain, 'a'.repeat(40))).toEqual({
      holdsForkCode: true,
      reason: 'the workspace is not a git checkout, so its code cannot be told apart',
    });
    expect((await checkForkWorkspace(plain, undefined)).holdsForkCode).toBe(true);
    expect((await checkForkWorkspace(plain, '--output=/tmp/x')).holdsForkCode).toBe(true);
  });
});

describe('a shallow checkout of the merge ref', () => {
  it("says yes for refs/pull/N/merge fetched at depth 1, whose parents (the fork's head) are absent", async () => {
    const { root, forkSha } = await repository('merge');
    // What actions/checkout does for a pull request by default: the merge commit alone.
    const shallow = await mkdtemp(path.join(os.tmpdir(), 'fork-workspace-shallow-'));
    dirs.push(shallow);
    git(shallow, 'clone', '-q', '--depth', '1', `file://${root}`, 'checkout');
    const checkout = path.join(shallow, 'checkout');
    expect(git(checkout, 'rev-parse', '--is-shallow-repository')).toBe('true');
    expect(() => git(checkout, 'cat-file', '-e', `${forkSha}^{commit}`)).toThrow();

    expect(await checkForkWorkspace(checkout, forkSha)).toEqual({
      holdsForkCode: true,
      reason: `HEAD contains the fork's head ${forkSha.slice(0, 7)}`,
    });
  });
});

describe('tracksPath', () => {
  it('tells the checkout’s own files from what a later step put into the workspace', async () => {
    const { root } = await repository('base');
    await mkdir(path.join(root, 'vendor', 'ext'), { recursive: true });
    await writeFile(path.join(root, 'vendor', 'ext', 'x.json'), '{}');
    expect(await tracksPath(root, 'a.txt')).toBe(true);
    expect(await tracksPath(root, 'vendor/ext')).toBe(false);
    git(root, 'add', 'vendor');
    expect(await tracksPath(root, 'vendor/ext')).toBe(true);
    // A pathspec is taken literally.
    expect(await tracksPath(root, '*.txt')).toBe(false);
  });
});
