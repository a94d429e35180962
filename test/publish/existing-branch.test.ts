import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { memoryLogger } from '../../src/platform/logger.js';
import type { EarlierBranchQuery } from '../../src/publish/existing-branch.js';
import { continueExistingBranch, findEarlierBranch } from '../../src/publish/existing-branch.js';
import type { PublishTarget } from '../../src/publish/publish-target.js';
import type { FakeGitHub } from '../support/fake-github-server.js';
import { FAKE_GITHUB_TOKEN, useFakeGitHub } from '../support/fake-github-server.js';
import {
  basicAuthorization,
  git,
  gitHttpServer,
  pushToRemote,
  repoWithRemote,
} from './git-fixtures.js';
import { testOctokit } from './octokit.js';

const TOKEN = 'ghs_continueToken0000000000000000000000';
const access = (remote: string) => ({
  remoteUrl: remote,
  serverUrl: 'https://github.com',
  token: TOKEN,
});

/** GitHub's API for the repository whose git remote is `remote`: the same branches, same tips. */
async function apiOf(remote: string): Promise<FakeGitHub> {
  const branches: Record<string, string> = {};
  for (const line of git(
    remote,
    'for-each-ref',
    '--format=%(refname:short) %(objectname)',
    'refs/heads/',
  ).split('\n')) {
    const [name, sha] = line.split(' ');
    if (name !== undefined && sha !== undefined && name !== 'main') branches[name] = sha;
  }
  return useFakeGitHub({
    repo: {
      owner: 'octo',
      name: 'shop',
      defaultBranch: 'main',
      defaultBranchSha: git(remote, 'rev-parse', 'main'),
    },
    branches,
  });
}

function query(github: FakeGitHub, target: PublishTarget): EarlierBranchQuery {
  return {
    octokit: testOctokit({ baseUrl: github.url, token: FAKE_GITHUB_TOKEN }),
    repo: { owner: 'octo', repo: 'shop' },
    target,
    branchPrefix: 'gemini/',
    pushToPrBranch: true,
  };
}

describe('findEarlierBranch', () => {
  it("names the task's branch with its tip, asking GitHub once", async () => {
    const { remote } = await repoWithRemote();
    await pushToRemote(remote, 'gemini/issue-7-another-title', { 'a.txt': 'a\n' });
    const exact = await pushToRemote(remote, 'gemini/issue-7-a-new-title', { 'b.txt': 'b\n' });
    await pushToRemote(remote, 'gemini/issue-77-other', { 'c.txt': 'c\n' });
    const github = await apiOf(remote);

    const found = await findEarlierBranch(
      query(github, { kind: 'issue', number: 7, title: 'A new title' }),
    );

    // The name this run would choose wins over an older title's.
    expect(found).toEqual({ branch: 'gemini/issue-7-a-new-title', sha: exact });
    expect(
      github.requests.map((request) => `${request.method} ${decodeURIComponent(request.path)}`),
    ).toEqual(['GET /repos/octo/shop/git/matching-refs/heads/gemini/issue-7-']);
    expect(github.violations).toEqual([]);
  });

  it('takes the first in order when the title changed, and none of another issue', async () => {
    const { remote } = await repoWithRemote();
    const older = await pushToRemote(remote, 'gemini/issue-7-b-title', { 'a.txt': 'a\n' });
    await pushToRemote(remote, 'gemini/issue-7-c-title', { 'a.txt': 'c\n' });
    await pushToRemote(remote, 'gemini/issue-70-x', { 'x.txt': 'x\n' });
    const github = await apiOf(remote);

    expect(
      await findEarlierBranch(query(github, { kind: 'issue', number: 7, title: 'Renamed' })),
    ).toEqual({ branch: 'gemini/issue-7-b-title', sha: older });
    expect(
      await findEarlierBranch(query(github, { kind: 'issue', number: 8, title: 'x' })),
    ).toBeUndefined();
  });

  it('matches a maintenance branch by its exact name', async () => {
    const { remote } = await repoWithRemote();
    await pushToRemote(remote, 'gemini/maintenance-nightly-old', { 'x.txt': 'x\n' });
    const nightly = await pushToRemote(remote, 'gemini/maintenance-nightly', { 'n.txt': 'n\n' });
    const github = await apiOf(remote);

    const found = await findEarlierBranch(query(github, { kind: 'maintenance', name: 'Nightly' }));

    expect(found).toEqual({ branch: 'gemini/maintenance-nightly', sha: nightly });
  });

  it('asks nothing when the change goes to a pull request branch or a patch', async () => {
    const { remote, base } = await repoWithRemote();
    const github = await apiOf(remote);
    const pr = {
      kind: 'pull_request' as const,
      number: 3,
      title: 'x',
      headRef: 'feature',
      headSha: base,
      baseRef: 'main',
    };
    for (const isFork of [false, true]) {
      expect(await findEarlierBranch(query(github, { ...pr, isFork }))).toBeUndefined();
    }
    expect(github.requests).toEqual([]);
  });

  it("fails with GitHub's answer when the refs cannot be read", async () => {
    const { remote } = await repoWithRemote();
    const github = await apiOf(remote);
    github.failNext('GET', /\/git\/matching-refs\//, 403);

    await expect(
      findEarlierBranch(query(github, { kind: 'issue', number: 1, title: 'x' })),
    ).rejects.toMatchObject({ status: 403 });
  });
});

describe('continueExistingBranch', () => {
  it('moves the workspace onto the earlier branch of the same issue', async () => {
    const { root, remote } = await repoWithRemote();
    const earlier = await pushToRemote(remote, 'gemini/issue-7-old-title', {
      'earlier.txt': 'from the first run\n',
    });
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
      earlier: Promise.resolve({ branch: 'gemini/issue-7-old-title', sha: earlier }),
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
    const { root, base } = await repoWithRemote();

    const result = await continueExistingBranch({
      redact: (text) => text,
      ...access('https://unreachable.invalid/o/r.git'),
      workspaceRoot: root,
      earlier: Promise.resolve(undefined),
    });

    expect(result).toEqual({ branch: undefined, baseSha: base, continued: false });
    expect(git(root, 'rev-parse', 'HEAD')).toBe(base);
  });

  it('goes on from the checkout, with a warning, when the branch named is not on the remote', async () => {
    const { root, remote, base } = await repoWithRemote();
    const logger = memoryLogger();

    const result = await continueExistingBranch({
      redact: (text) => text,
      ...access(remote),
      workspaceRoot: root,
      earlier: Promise.resolve({ branch: 'gemini/issue-4-gone', sha: base.replace(/.$/, '0') }),
      logger,
    });

    expect(result).toMatchObject({ branch: undefined, baseSha: base, continued: false });
    expect(result.warning).toMatch(
      /^Could not continue on the earlier branch gemini\/issue-4-gone/,
    );
    expect(git(root, 'rev-parse', 'HEAD')).toBe(base);
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
      earlier: Promise.resolve({ branch: 'gemini/issue-9-x', sha: earlier }),
    });

    expect(result).toMatchObject({ branch: 'gemini/issue-9-x', baseSha: earlier, continued: true });
    expect(new Set(server.authorizations)).toEqual(new Set([basicAuthorization(TOKEN)]));
    expect(server.duplicateAuthorizations).toBe(0);
    expect(git(root, 'config', '--get-all', `http.${server.url}/.extraheader`)).not.toContain(
      Buffer.from(`x-access-token:${TOKEN}`).toString('base64'),
    );
  });

  it('goes on from the checkout, with a warning, when GitHub could not be asked', async () => {
    const { root, base } = await repoWithRemote();
    const logger = memoryLogger();

    const result = await continueExistingBranch({
      redact: (text) => text,
      ...access('https://unreachable.invalid/o/r.git'),
      workspaceRoot: root,
      earlier: Promise.reject(new Error('Resource not accessible by integration')),
      logger,
    });

    expect(result).toMatchObject({ branch: undefined, baseSha: base, continued: false });
    expect(result.warning).toBe(
      'Could not look for an earlier branch of this task: Resource not accessible by integration',
    );
    expect(logger.lines.map((line) => line.level)).toEqual(['warning']);
  });
});
