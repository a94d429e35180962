// Moving the workspace onto a same-repository pull request's head before the session, with real
// git: a shallow checkout of the default branch or of the merge ref, served over HTTP by a server
// that checks the one credential it should get.
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkOutPullRequestHead } from '../../src/publish/pull-request-head.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import {
  basicAuthorization,
  filesContaining,
  git,
  gitHttpServer,
  pushToRemote,
  repoWithRemote,
  tempDir,
  writeFiles,
} from './git-fixtures.js';

const TOKEN = 'ghs_pullHeadTokenValue0123456789abcdefAB';
const CHECKOUT_TOKEN = 'ghs_checkoutTokenValue000000000000000000';

/**
 * A remote whose pull request #7 (branch `feature`, one commit on main) has its `refs/pull/7/head`
 * and `refs/pull/7/merge` as GitHub keeps them, and a depth-1 checkout of main (as
 * actions/checkout makes by default), served over HTTP.
 */
async function pullRequestRepo() {
  const { root, remote, base } = await repoWithRemote({ 'README.md': '# Demo\n' }, { depth: 1 });
  const head = await pushToRemote(remote, 'feature', { 'feature.txt': 'from the PR\n' });
  git(remote, 'update-ref', 'refs/pull/7/head', head);
  const work = await tempDir();
  git(work, 'clone', '-q', remote, 'm');
  const clone = path.join(work, 'm');
  git(clone, 'merge', '-q', '--no-ff', '-m', 'Merge feature', 'origin/feature');
  const merge = git(clone, 'rev-parse', 'HEAD');
  git(clone, 'push', '-q', 'origin', `${merge}:refs/pull/7/merge`);
  const server = await gitHttpServer(path.dirname(remote), basicAuthorization(TOKEN));
  const access = {
    remoteUrl: `${server.url}/${path.basename(remote)}`,
    serverUrl: server.url,
    token: TOKEN,
  };
  return { root, remote, base, head, merge, server, access };
}

describe('checkOutPullRequestHead', () => {
  it('moves a shallow checkout of the default branch onto the pull request’s branch at its pinned head', async () => {
    const { root, head, server, access } = await pullRequestRepo();
    // actions/checkout with persist-credentials: true leaves its own header in the config.
    git(
      root,
      'config',
      `http.${server.url}/.extraheader`,
      `AUTHORIZATION: ${basicAuthorization(CHECKOUT_TOKEN)}`,
    );

    const result = await checkOutPullRequestHead({
      redact: (text) => text,
      workspaceRoot: root,
      pullNumber: 7,
      headRef: 'feature',
      headSha: head,
      ...access,
    });

    expect(result.status).toBe('switched');
    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(root, 'symbolic-ref', '--short', 'HEAD')).toBe('feature');
    expect(await readFile(path.join(root, 'feature.txt'), 'utf8')).toBe('from the PR\n');
    // Exactly the one credential, given to the fetch only: never stored, no ref or FETCH_HEAD left.
    expect(server.authorizations.length).toBeGreaterThan(0);
    expect(server.authorizations.every((header) => header === basicAuthorization(TOKEN))).toBe(
      true,
    );
    expect(server.duplicateAuthorizations).toBe(0);
    const config = await readFile(path.join(root, '.git', 'config'), 'utf8');
    expect(config).not.toContain(TOKEN);
    expect(config).not.toContain(Buffer.from(`x-access-token:${TOKEN}`).toString('base64'));
    expect(await filesContaining(path.join(root, '.git'), TOKEN)).toEqual([]);
    expect(existsSync(path.join(root, '.git', 'FETCH_HEAD'))).toBe(false);
    expect(git(root, 'for-each-ref', '--format=%(refname)')).not.toContain('refs/pull');
  });

  it('moves off the merge commit a pull request event checks out', async () => {
    const { root, remote, head, merge, access } = await pullRequestRepo();
    git(root, 'fetch', '-q', `file://${remote}`, `+${merge}:refs/remotes/pull/7/merge`);
    git(root, 'checkout', '-q', '--detach', merge);

    await checkOutPullRequestHead({
      redact: (text) => text,
      workspaceRoot: root,
      pullNumber: 7,
      headRef: 'feature',
      headSha: head,
      ...access,
    });

    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
    expect(git(root, 'symbolic-ref', '--short', 'HEAD')).toBe('feature');
  });

  it('leaves a workspace at the pinned head alone, without a request', async () => {
    const { root, remote, head, server, access } = await pullRequestRepo();
    git(root, 'fetch', '-q', `file://${remote}`, 'feature');
    git(root, 'checkout', '-q', '--detach', head);

    const result = await checkOutPullRequestHead({
      redact: (text) => text,
      workspaceRoot: root,
      pullNumber: 7,
      headRef: 'feature',
      headSha: head,
      ...access,
    });

    expect(result).toEqual({ status: 'at_head' });
    expect(server.authorizations).toEqual([]);
  });

  it('works on the pinned head, not on one pushed after the trigger', async () => {
    const { root, remote, head, access } = await pullRequestRepo();
    const later = await pushToRemote(
      remote,
      'feature',
      { 'later.txt': 'later\n' },
      {
        from: 'origin/feature',
      },
    );
    git(remote, 'update-ref', 'refs/pull/7/head', later);

    await checkOutPullRequestHead({
      redact: (text) => text,
      workspaceRoot: root,
      pullNumber: 7,
      headRef: 'feature',
      headSha: head,
      ...access,
    });

    expect(git(root, 'rev-parse', 'HEAD')).toBe(head);
    expect(existsSync(path.join(root, 'later.txt'))).toBe(false);
  });

  it('refuses when the pinned head was force-pushed away', async () => {
    const { root, remote, base, head, access } = await pullRequestRepo();
    const rewritten = await pushToRemote(remote, 'rewritten', { 'other.txt': 'other\n' });
    git(remote, 'update-ref', 'refs/pull/7/head', rewritten);

    const run = checkOutPullRequestHead({
      redact: (text) => text,
      workspaceRoot: root,
      pullNumber: 7,
      headRef: 'feature',
      headSha: head,
      ...access,
    });

    await expect(run).rejects.toBeInstanceOf(ConfigurationError);
    await expect(run).rejects.toThrow(
      `The pull request's head ${head.slice(0, 7)}, which this run was asked about, is no longer on refs/pull/7/head`,
    );
    expect(git(root, 'rev-parse', 'HEAD')).toBe(base);
  });

  it('refuses to switch away from uncommitted changes, and keeps them', async () => {
    const { root, base, head, server, access } = await pullRequestRepo();
    await writeFiles(root, { 'README.md': '# Edited by an earlier step\n' });

    const run = checkOutPullRequestHead({
      redact: (text) => text,
      workspaceRoot: root,
      pullNumber: 7,
      headRef: 'feature',
      headSha: head,
      ...access,
    });

    await expect(run).rejects.toThrow(
      `The workspace is at ${base.slice(0, 7)} with uncommitted changes (README.md), not at the pull request's head ${head.slice(0, 7)} (feature). The Action did not switch to the pull request's head, so those changes are not lost.`,
    );
    expect(git(root, 'rev-parse', 'HEAD')).toBe(base);
    expect(await readFile(path.join(root, 'README.md'), 'utf8')).toBe(
      '# Edited by an earlier step\n',
    );
    expect(server.authorizations).toEqual([]);
  });

  it('refuses, keeping the file, when an untracked file is in the way', async () => {
    const { root, base, head, access } = await pullRequestRepo();
    await writeFiles(root, { 'feature.txt': 'generated by an earlier step\n' });

    const run = checkOutPullRequestHead({
      redact: (text) => text,
      workspaceRoot: root,
      pullNumber: 7,
      headRef: 'feature',
      headSha: head,
      ...access,
    });

    await expect(run).rejects.toThrow(
      /checking out .* failed, and the workspace was left as it was/,
    );
    expect(git(root, 'rev-parse', 'HEAD')).toBe(base);
    expect(await readFile(path.join(root, 'feature.txt'), 'utf8')).toBe(
      'generated by an earlier step\n',
    );
  });
});
