import { execFileSync } from 'node:child_process';
import { mkdir, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkChanges,
  isGitDirectoryPath,
  isWorkflowPath,
} from '../../src/publish/change-checks.js';
import { readWorkspaceChanges } from '../../src/publish/workspace-changes.js';
import { git, repoWithRemote, writeFiles } from './git-fixtures.js';

const TOKEN = `ghp_${'Zx9Yw8Vu7T'.repeat(3)}srqpon`;

async function check(
  files: Record<string, string | Buffer>,
  options: Parameters<typeof checkChanges>[1] = {},
  initial: Record<string, string> = { 'README.md': '# Demo\n' },
) {
  const { root } = await repoWithRemote(initial);
  await writeFiles(root, files);
  return { root, ...(await checkChanges(await readWorkspaceChanges(root), options)) };
}

function refused(result: { refusals: { path: string; kind: string }[] }) {
  return result.refusals.map((refusal) => `${refusal.kind} ${refusal.path}`);
}

describe('path rules', () => {
  it.each([
    '.git/config',
    '.GIT/hooks/x',
    'sub/.git/HEAD',
    'a/.Git',
    '.git./x',
    '.git /x',
    'GIT~1/config',
    '.g\u200cit/x',
    'x\\.git\\y',
  ])('%s is inside a .git directory', (name) => {
    expect(isGitDirectoryPath(name)).toBe(true);
  });
  it.each(['.gitignore', '.github/x', 'git/x', 'src/.gitkeep', 'my.git/x'])('%s is not', (name) => {
    expect(isGitDirectoryPath(name)).toBe(false);
  });
  it.each([
    '.github/workflows/ci.yml',
    '.GitHub/Workflows/ci.yml',
    '.github/workflows',
    '.github',
    '.github./workflows/x.yml',
  ])('%s is a workflow path', (name) => {
    expect(isWorkflowPath(name)).toBe(true);
  });
  it.each([
    '.github/CODEOWNERS',
    '.github/actions/x/action.yml',
    'docs/.github/workflows/x.yml',
    'workflows/ci.yml',
  ])('%s is not', (name) => {
    expect(isWorkflowPath(name)).toBe(false);
  });
});

describe('checkChanges', () => {
  it('publishes ordinary changes and refuses .git paths in any spelling or depth', async () => {
    const result = await check({
      'src/ok.ts': 'export {};\n',
      '.GIT/config': '[core]\n',
      '.Git/hooks/pre-commit': '#!/bin/sh\n',
      'sub/.git/hooks/post-checkout': '#!/bin/sh\n',
    });
    expect(result.accepted.map((entry) => entry.path)).toEqual(['src/ok.ts']);
    expect(refused(result)).toEqual([
      'git_directory .GIT/config',
      'git_directory .Git/hooks/pre-commit',
      'git_directory sub/.git',
    ]);
    expect(result.refusals[0]?.reason).toBe('is inside a .git directory, which is never published');
  });

  it('refuses workflow changes unless they are allowed', async () => {
    const initial = { '.github/workflows/ci.yml': 'on: push\n', 'README.md': '#\n' };
    const files = {
      '.github/workflows/ci.yml': 'on: pull_request_target\n',
      '.GitHub/Workflows/new.yml': 'on: push\n',
      '.github/CODEOWNERS': '* @me\n',
    };
    const denied = await check(files, {}, initial);
    expect(refused(denied)).toEqual([
      'workflow .GitHub/Workflows/new.yml',
      'workflow .github/workflows/ci.yml',
    ]);
    expect(denied.refusals[0]?.reason).toContain('allow_workflow_edits: true');
    expect(denied.accepted.map((entry) => entry.path)).toEqual(['.github/CODEOWNERS']);

    const allowed = await check(files, { allowWorkflowEdits: true }, initial);
    expect(allowed.refusals).toEqual([]);
    expect(allowed.accepted).toHaveLength(3);
  });

  it('refuses deleting or moving a workflow too', async () => {
    const { root } = await repoWithRemote({ '.github/workflows/ci.yml': 'on: push\n' });
    git(root, 'mv', '.github/workflows/ci.yml', 'ci.yml');
    const result = await checkChanges(await readWorkspaceChanges(root));
    expect(result.refusals).toEqual([
      expect.objectContaining({
        kind: 'workflow',
        path: 'ci.yml',
        previousPath: '.github/workflows/ci.yml',
      }),
    ]);
    expect(result.accepted).toEqual([]);
  });

  it('refuses files over the size limit', async () => {
    const result = await check(
      { 'big.bin': Buffer.alloc(2048, 1), 'small.txt': 'ok\n' },
      { maxFileBytes: 1024 },
    );
    expect(refused(result)).toEqual(['too_large big.bin']);
    expect(result.refusals[0]?.reason).toBe('is 2 KiB, over the 1 KiB limit for one file');
    expect(result.accepted.map((entry) => entry.path)).toEqual(['small.txt']);
  });

  it('refuses symlinks that lead outside the repository', async () => {
    const { root } = await repoWithRemote({ 'docs/a.md': 'a\n' });
    await symlink('/etc/passwd', path.join(root, 'absolute'));
    await symlink('../../outside', path.join(root, 'docs/up'));
    await symlink('a.md', path.join(root, 'docs/inside'));
    await symlink('../.git/config', path.join(root, 'docs/config'));
    await mkdir(path.join(path.dirname(root), 'elsewhere'));
    await symlink(path.join(path.dirname(root), 'elsewhere'), path.join(root, 'hop'));
    await symlink('hop', path.join(root, 'via-hop'));
    const result = await checkChanges(await readWorkspaceChanges(root));
    expect(result.refusals.map((r) => `${r.path}: ${r.reason}`)).toEqual([
      'absolute: is a symlink to an absolute path, outside the repository',
      'docs/config: is a symlink into the .git directory',
      'docs/up: is a symlink that points outside the repository',
      'hop: is a symlink to an absolute path, outside the repository',
      'via-hop: is a symlink that leads outside the repository through another link',
    ]);
    expect(result.accepted.map((entry) => entry.path)).toEqual(['docs/inside']);
  });

  it('refuses a planted token without repeating it', async () => {
    const result = await check({ 'config.js': `module.exports = {\n  token: '${TOKEN}',\n};\n` });
    expect(refused(result)).toEqual(['secret config.js']);
    expect(result.refusals[0]?.reason).toBe(
      'may contain a secret: line 2 looks like a GitHub token (rule github-token)',
    );
    expect(JSON.stringify(result.refusals)).not.toContain(TOKEN);
  });

  it('refuses the run’s own secret values', async () => {
    const secret = 'model-key-value-0123456789';
    const result = await check(
      { 'notes.txt': `the key is ${secret}\n` },
      { knownSecrets: [secret] },
    );
    expect(result.refusals[0]?.reason).toBe(
      'may contain a secret: line 1 looks like a secret value of this run (rule known-secret)',
    );
  });

  it('does not hold a secret-looking fixture that was there before against later edits', async () => {
    const fixture = `export const fake = '${TOKEN}';\n`;
    const result = await check(
      { 'test/fixture.ts': `${fixture}export const other = 1;\n` },
      {},
      { 'test/fixture.ts': fixture },
    );
    expect(result.refusals).toEqual([]);
    expect(result.accepted.map((entry) => entry.path)).toEqual(['test/fixture.ts']);
  });

  it('refuses what git cannot record as a plain file', async () => {
    const { root } = await repoWithRemote({ pipe: 'x\n' });
    await rm(path.join(root, 'pipe'));
    execFileSync('mkfifo', [path.join(root, 'pipe')]);
    const nested = path.join(root, 'vendor/lib');
    await mkdir(nested, { recursive: true });
    git(nested, 'init', '-q');
    const result = await checkChanges(await readWorkspaceChanges(root));
    expect(result.refusals.map((r) => `${r.path}: ${r.reason}`)).toEqual([
      'pipe: is not a regular file (a FIFO, socket or device)',
      'vendor/lib: is a separate git repository (it has its own .git)',
    ]);
  });
});
