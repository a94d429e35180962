import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../../src/platform/logger.js';
import { continueExistingBranch } from '../../src/publish/existing-branch.js';
import {
  basicAuthorization,
  git,
  gitHttpServer,
  pushToRemote,
  repoWithRemote,
} from './git-fixtures.js';

const TOKEN = 'ghs_continueToken0000000000000000000000';
const access = (remote: string) => ({
  remoteUrl: remote,
  serverUrl: 'https://github.com',
  token: TOKEN,
  branchPrefix: 'gemini/',
  pushToPrBranch: true,
});

describe('continueExistingBranch', () => {
  it('moves the workspace onto the earlier branch of the same issue', async () => {
    const { root, remote } = await repoWithRemote();
    const earlier = await pushToRemote(remote, 'gemini/issue-7-old-title', {
      'earlier.txt': 'from the first run\n',
    });
    await pushToRemote(remote, 'gemini/issue-77-other', { 'other.txt': 'x\n' });
    const marker = path.join(path.dirname(root), 'hook-ran');
    for (const hook of ['post-checkout', 'reference-transaction']) {
      await writeFile(path.join(root, '.git', 'hooks', hook), `#!/bin/sh\ntouch ${marker}\n`, {
        mode: 0o755,
      });
    }
    // The hooks are real: a plain checkout runs them.
    git(root, 'checkout', '-q', '-b', 'control');
    expect(existsSync(marker)).toBe(true);
    await rm(marker);

    const result = await continueExistingBranch({
      redact: (text) => text,
      ...access(remote),
      workspaceRoot: root,
      target: { kind: 'issue', number: 7, title: 'A new title' },
    });

    expect(result).toEqual({
      branch: 'gemini/issue-7-old-title',
      baseSha: earlier,
      continued: true,
    });
    expect(existsSync(marker)).toBe(false);
    expect(git(root, 'rev-parse', 'HEAD')).toBe(earlier);
    expect(git(root, 'branch', '--show-current')).toBe('gemini/issue-7-old-title');
    expect(existsSync(path.join(root, 'earlier.txt'))).toBe(true);
    expect(existsSync(path.join(root, 'other.txt'))).toBe(false);
  });

  it('stays on the checkout when there is no earlier branch', async () => {
    const { root, remote, base } = await repoWithRemote();
    await pushToRemote(remote, 'gemini/issue-70-x', { 'x.txt': 'x\n' });

    const result = await continueExistingBranch({
      redact: (text) => text,
      ...access(remote),
      workspaceRoot: root,
      target: { kind: 'issue', number: 7, title: 'Title' },
    });

    expect(result).toEqual({ branch: undefined, baseSha: base, continued: false });
    expect(git(root, 'rev-parse', 'HEAD')).toBe(base);
  });

  it('matches a maintenance branch by its exact name', async () => {
    const { root, remote } = await repoWithRemote();
    await pushToRemote(remote, 'gemini/maintenance-nightly-old', { 'x.txt': 'x\n' });
    const nightly = await pushToRemote(remote, 'gemini/maintenance-nightly', { 'n.txt': 'n\n' });

    const result = await continueExistingBranch({
      redact: (text) => text,
      ...access(remote),
      workspaceRoot: root,
      target: { kind: 'maintenance', name: 'Nightly' },
    });

    expect(result).toMatchObject({ branch: 'gemini/maintenance-nightly', baseSha: nightly });
  });

  it('looks for nothing when the change goes to a pull request branch or a patch', async () => {
    const { root, base } = await repoWithRemote();
    const pr = {
      kind: 'pull_request' as const,
      number: 3,
      title: 'x',
      headRef: 'feature',
      headSha: base,
      baseRef: 'main',
    };
    for (const isFork of [false, true]) {
      const result = await continueExistingBranch({
        redact: (text) => text,
        ...access('https://unreachable.invalid/o/r.git'),
        workspaceRoot: root,
        target: { ...pr, isFork },
      });
      expect(result).toEqual({ branch: undefined, baseSha: base, continued: false });
    }
  });

  it('fetches into a shallow checkout over HTTP with only its own credential', async () => {
    const { remote } = await repoWithRemote();
    const earlier = await pushToRemote(remote, 'gemini/issue-9-x', { 'e.txt': 'e\n' });
    const server = await gitHttpServer(path.dirname(remote), basicAuthorization(TOKEN));
    const dir = path.dirname(remote);
    git(dir, 'clone', '-q', '--depth', '1', `file://${remote}`, 'shallow');
    const root = path.join(dir, 'shallow');
    // What actions/checkout leaves behind (here an outdated token, which the server refuses).
    git(
      root,
      'config',
      `http.${server.url}/.extraheader`,
      `AUTHORIZATION: ${basicAuthorization('ghs_staleCheckoutToken0000000000000000')}`,
    );

    const result = await continueExistingBranch({
      redact: (text) => text,
      ...access(`${server.url}/remote.git`),
      serverUrl: server.url,
      workspaceRoot: root,
      target: { kind: 'issue', number: 9, title: 'x' },
    });

    expect(result).toMatchObject({ branch: 'gemini/issue-9-x', baseSha: earlier, continued: true });
    expect(new Set(server.authorizations)).toEqual(new Set([basicAuthorization(TOKEN)]));
    expect(server.duplicateAuthorizations).toBe(0);
    expect(git(root, 'config', '--get-all', `http.${server.url}/.extraheader`)).not.toContain(
      Buffer.from(`x-access-token:${TOKEN}`).toString('base64'),
    );
  });

  it('goes on from the checkout, with a warning, when the remote cannot be read', async () => {
    const { root, base } = await repoWithRemote();
    const logger = memoryLogger();

    const result = await continueExistingBranch({
      redact: (text) => text,
      ...access(path.join(path.dirname(root), 'missing.git')),
      workspaceRoot: root,
      target: { kind: 'issue', number: 1, title: 'x' },
      logger,
    });

    expect(result).toMatchObject({ branch: undefined, baseSha: base, continued: false });
    expect(result.warning).toMatch(/^Could not look for an earlier branch of this task/);
    expect(logger.lines.map((line) => line.level)).toEqual(['warning']);
  });
});
