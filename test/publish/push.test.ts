import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createCommit } from '../../src/publish/commit.js';
import type { GitCommandRecord } from '../../src/publish/git.js';
import { createGit } from '../../src/publish/git.js';
import { PushError, pushCommit, pushTargetProblem } from '../../src/publish/push.js';
import { readWorkspaceChanges } from '../../src/publish/workspace-changes.js';
import {
  basicAuthorization,
  filesContaining,
  git,
  gitHttpServer,
  pushToRemote,
  repoWithRemote,
  writeFiles,
} from './git-fixtures.js';

const TOKEN = 'ghs_pushTokenValue0123456789abcdefABCDEF';

/** A commit of whatever the workspace holds now, on top of its HEAD. */
async function commitWorkspace(root: string, options: { git?: ReturnType<typeof createGit> } = {}) {
  const changes = await readWorkspaceChanges(root, options);
  return createCommit({ changes, accepted: changes.entries, message: 'Bot change\n', ...options });
}

describe('pushCommit', () => {
  it('pushes the commit to a new branch of the remote and nothing else', async () => {
    const { root, remote } = await repoWithRemote();
    git(root, 'tag', 'v9');
    await writeFiles(root, { 'fix.txt': 'fixed\n' });
    const commit = await commitWorkspace(root);

    await pushCommit({
      redact: (text) => text,
      root,
      sha: commit.sha,
      branch: 'gemini/issue-1-fix',
      defaultBranch: 'main',
      remoteUrl: remote,
      serverUrl: 'https://github.com',
      token: TOKEN,
    });

    expect(git(remote, 'rev-parse', 'refs/heads/gemini/issue-1-fix')).toBe(commit.sha);
    expect(git(remote, 'tag', '--list')).toBe('');
    // The workspace stays where it was: no branch, no moved HEAD, the file still unstaged.
    expect(git(root, 'branch', '--list', 'gemini/*')).toBe('');
    expect(git(root, 'status', '--porcelain')).toBe('?? fix.txt');
  });

  it('refuses the default branch and names outside refs/heads before sending anything', async () => {
    const { root, remote, base } = await repoWithRemote();
    await writeFiles(root, { 'a.txt': 'a\n' });
    const commit = await commitWorkspace(root);
    for (const branch of ['main', 'refs/heads/other', 'refs/tags/v1', 'HEAD', 'bad..name']) {
      const push = pushCommit({
        redact: (text) => text,
        root,
        sha: commit.sha,
        branch,
        defaultBranch: 'main',
        remoteUrl: remote,
        serverUrl: 'https://github.com',
        token: TOKEN,
      });
      await expect(push).rejects.toMatchObject({ kind: 'refused' });
    }
    await expect(
      pushCommit({
        redact: (text) => text,
        root,
        sha: commit.sha,
        branch: 'main',
        defaultBranch: 'main',
        remoteUrl: remote,
        serverUrl: 'https://github.com',
        token: TOKEN,
      }),
    ).rejects.toThrow('never pushed to the default branch (main)');
    expect(git(remote, 'rev-parse', 'main')).toBe(base);
    expect(git(remote, 'for-each-ref', '--format=%(refname)')).toBe('refs/heads/main');
    expect(pushTargetProblem('gemini/x', 'main')).toBeUndefined();
  });

  it('explains a refused push by where the workspace was and where the branch is, and never forces it', async () => {
    const { root, remote, base } = await repoWithRemote();
    const theirs = await pushToRemote(remote, 'gemini/issue-2-x', { 'theirs.txt': 'theirs\n' });
    await writeFiles(root, { 'ours.txt': 'ours\n' });
    const commit = await commitWorkspace(root);

    const push = pushCommit({
      redact: (text) => text,
      root,
      sha: commit.sha,
      baseSha: base,
      branch: 'gemini/issue-2-x',
      defaultBranch: 'main',
      remoteUrl: remote,
      serverUrl: 'https://github.com',
      token: TOKEN,
    });

    await expect(push).rejects.toBeInstanceOf(PushError);
    await expect(push).rejects.toMatchObject({ kind: 'non_fast_forward' });
    // The branch was never where the run started: nothing says it moved.
    await expect(push).rejects.toThrow(
      `The changes were not pushed: the run's workspace was at ${base.slice(0, 7)}, but the branch gemini/issue-2-x is at ${theirs.slice(0, 7)}, so they are not a fast-forward of it (the workspace was 1 commit behind the branch).`,
    );
    await expect(push).rejects.not.toThrow(/moved/);
    expect(git(remote, 'rev-parse', 'gemini/issue-2-x')).toBe(theirs);
  });

  it('says a branch moved only when it did: its head differs from where the run started', async () => {
    const { root, remote, base } = await repoWithRemote();
    const start = await pushToRemote(remote, 'feature', { 'f.txt': 'f\n' });
    git(root, 'fetch', '-q', 'origin', 'feature');
    git(root, 'checkout', '-q', start);
    await writeFiles(root, { 'ours.txt': 'ours\n' });
    const commit = await commitWorkspace(root);
    // While the run worked, someone pushed two commits to the branch.
    await pushToRemote(remote, 'feature', { 'a.txt': 'a\n' }, { from: 'origin/feature' });
    const now = await pushToRemote(
      remote,
      'feature',
      { 'b.txt': 'b\n' },
      { from: 'origin/feature' },
    );
    const server = await gitHttpServer(path.dirname(remote), basicAuthorization(TOKEN));

    const push = pushCommit({
      redact: (text) => text,
      root,
      sha: commit.sha,
      baseSha: start,
      branchStart: start,
      branch: 'feature',
      defaultBranch: 'main',
      remoteUrl: `${server.url}/${path.basename(remote)}`,
      serverUrl: server.url,
      token: TOKEN,
    });

    await expect(push).rejects.toThrow(
      `The changes were not pushed: the branch feature moved while the run worked — it was at ${start.slice(0, 7)} when the run started from it, and it is at ${now.slice(0, 7)} now (2 new commits). The run's workspace was at ${start.slice(0, 7)}. Re-run the task to build on the branch as it is now.`,
    );
    expect(git(remote, 'rev-parse', 'feature')).toBe(now);
    // The look at the branch went with the token in that command's environment only.
    expect(server.authorizations.every((header) => header === basicAuthorization(TOKEN))).toBe(
      true,
    );
    expect(await filesContaining(path.join(root, '.git'), TOKEN)).toEqual([]);
    expect(git(root, 'for-each-ref', '--format=%(refname)')).not.toContain('tip');
    expect(base).not.toBe(start);
  });

  it('says the workspace was not on a pull request branch that did not move', async () => {
    const { root, remote, base } = await repoWithRemote();
    // The pull request's branch, pinned at the trigger; the workspace stayed on main.
    const head = await pushToRemote(remote, 'feature', { 'f.txt': 'f\n' }, { from: 'origin/main' });
    await pushToRemote(remote, 'main', { 'm.txt': 'm\n' });
    git(root, 'pull', '-q', 'origin', 'main');
    const workspaceAt = git(root, 'rev-parse', 'HEAD');
    await writeFiles(root, { 'ours.txt': 'ours\n' });
    const commit = await commitWorkspace(root);

    const push = pushCommit({
      redact: (text) => text,
      root,
      sha: commit.sha,
      baseSha: workspaceAt,
      branchStart: head,
      branch: 'feature',
      defaultBranch: 'main',
      remoteUrl: remote,
      serverUrl: 'https://github.com',
      token: TOKEN,
    });

    await expect(push).rejects.toThrow(
      `The changes were not pushed: the run's workspace was at ${workspaceAt.slice(0, 7)}, but the branch feature is at ${head.slice(0, 7)}, where it was when the run started, so they are not a fast-forward of it (the workspace was not in the branch's history). The run must start with the workspace at the branch's head: on a pull request the Action checks out its head itself`,
    );
    await expect(push).rejects.not.toThrow(/moved/);
    expect(base).not.toBe(workspaceAt);
  });

  it('runs no hook, not even one named in the workspace configuration', async () => {
    const { root, remote } = await repoWithRemote();
    const marker = path.join(path.dirname(root), 'hook-ran');
    const hooks = path.join(path.dirname(root), 'evil-hooks');
    const script = `#!/bin/sh\ntouch ${marker}\n`;
    await writeFiles(hooks, {});
    await mkdir(hooks, { recursive: true });
    await writeFile(path.join(hooks, 'pre-push'), script, { mode: 0o755 });
    await writeFile(path.join(root, '.git', 'hooks', 'pre-push'), script, { mode: 0o755 });
    await writeFiles(root, { 'x.txt': 'x\n' });
    const commit = await commitWorkspace(root);
    // The hooks are real: a plain push runs them.
    git(root, 'push', '-q', 'origin', `${commit.sha}:refs/heads/control-1`);
    expect(existsSync(marker)).toBe(true);
    await rm(marker);
    git(root, 'config', 'core.hooksPath', hooks);
    git(root, 'push', '-q', 'origin', `${commit.sha}:refs/heads/control-2`);
    expect(existsSync(marker)).toBe(true);
    await rm(marker);

    await pushCommit({
      redact: (text) => text,
      root,
      sha: commit.sha,
      branch: 'gemini/issue-3-x',
      defaultBranch: 'main',
      remoteUrl: remote,
      serverUrl: 'https://github.com',
      token: TOKEN,
    });

    expect(git(remote, 'rev-parse', 'gemini/issue-3-x')).toBe(commit.sha);
    expect(existsSync(marker)).toBe(false);
  });

  it('pushes to the remote it was given, whatever URL rewrites the workspace configures', async () => {
    const { root, remote } = await repoWithRemote();
    const elsewhere = path.join(path.dirname(root), 'elsewhere.git');
    git(path.dirname(root), 'init', '-q', '--bare', elsewhere);
    git(root, 'config', `url.${elsewhere}.insteadOf`, remote);
    git(root, 'config', `url.${elsewhere}.pushInsteadOf`, remote);
    await writeFiles(root, { 'x.txt': 'x\n' });
    const commit = await commitWorkspace(root);
    // The rewrite is real: a plain push goes elsewhere.
    git(root, 'push', '-q', remote, `${commit.sha}:refs/heads/control`);
    expect(git(elsewhere, 'for-each-ref', '--format=%(refname)')).toBe('refs/heads/control');

    await pushCommit({
      redact: (text) => text,
      root,
      sha: commit.sha,
      branch: 'gemini/issue-3-y',
      defaultBranch: 'main',
      remoteUrl: remote,
      serverUrl: 'https://github.com',
      token: TOKEN,
    });

    expect(git(remote, 'rev-parse', 'gemini/issue-3-y')).toBe(commit.sha);
    expect(git(elsewhere, 'for-each-ref', '--format=%(refname)')).toBe('refs/heads/control');
  });

  it('sends the token as one header, only through the push command environment', async () => {
    const { root, remote } = await repoWithRemote();
    const server = await gitHttpServer(path.dirname(remote), basicAuthorization(TOKEN));
    // actions/checkout leaves its own credential in the repository configuration.
    git(
      root,
      'config',
      `http.${server.url}/.extraheader`,
      `AUTHORIZATION: ${basicAuthorization('ghs_checkoutTokenValue000000000000000')}`,
    );
    await writeFiles(root, { 'fix.txt': 'fixed\n' });
    const commands: GitCommandRecord[] = [];
    const runner = createGit({ onCommand: (command) => commands.push(command) });
    const commit = await commitWorkspace(root, { git: runner });

    await pushCommit({
      redact: (text) => text,
      root,
      sha: commit.sha,
      branch: 'gemini/issue-4-http',
      defaultBranch: 'main',
      remoteUrl: `${server.url}/remote.git`,
      serverUrl: server.url,
      token: TOKEN,
      git: runner,
    });

    expect(git(remote, 'rev-parse', 'gemini/issue-4-http')).toBe(commit.sha);
    expect(server.authorizations.length).toBeGreaterThan(0);
    expect(new Set(server.authorizations)).toEqual(new Set([basicAuthorization(TOKEN)]));
    expect(server.duplicateAuthorizations).toBe(0);
    const encoded = Buffer.from(`x-access-token:${TOKEN}`).toString('base64');
    for (const command of commands) {
      expect(command.args.join(' ')).not.toContain(TOKEN);
      expect(command.args.join(' ')).not.toContain(encoded);
    }
    const withToken = commands.filter((command) => JSON.stringify(command.env).includes(encoded));
    expect(withToken.map((command) => command.args.find((arg) => arg === 'push'))).toEqual([
      'push',
    ]);
    expect(await filesContaining(path.join(root, '.git'), TOKEN)).toEqual([]);
    expect(await filesContaining(path.join(root, '.git'), encoded)).toEqual([]);
    expect(await filesContaining(remote, TOKEN)).toEqual([]);
    expect(git(remote, 'log', '-1', '--format=%B%an%ae', 'gemini/issue-4-http')).not.toContain(
      TOKEN,
    );
  });

  it('reports a refused credential without showing it', async () => {
    const { root, remote } = await repoWithRemote();
    const server = await gitHttpServer(
      path.dirname(remote),
      basicAuthorization('ghs_theRightOne00000000000000000000000'),
    );
    await writeFiles(root, { 'fix.txt': 'fixed\n' });
    const commit = await commitWorkspace(root);

    const push = pushCommit({
      redact: (text) => text,
      root,
      sha: commit.sha,
      branch: 'gemini/issue-5-x',
      defaultBranch: 'main',
      remoteUrl: `${server.url}/remote.git`,
      serverUrl: server.url,
      token: TOKEN,
    });

    await expect(push).rejects.toMatchObject({ kind: 'rejected' });
    const error = (await push.catch((caught: unknown) => caught)) as Error;
    expect(error.message).toContain('contents: write');
    expect(error.message).not.toContain(TOKEN);
  });

  it('pushes from a shallow clone after the default branch moved on', async () => {
    const { remote } = await repoWithRemote({ 'a.txt': 'a\n' });
    await pushToRemote(remote, 'main', { 'b.txt': 'b\n' });
    const dir = path.dirname(remote);
    git(dir, 'clone', '-q', '--depth', '1', `file://${remote}`, 'shallow');
    const root = path.join(dir, 'shallow');
    // The remote's branches now point at commits the shallow workspace never saw.
    await pushToRemote(remote, 'main', { 'c.txt': 'c\n' }, { from: 'origin/main' });
    await writeFiles(root, { 'd.txt': 'd\n' });
    const commit = await commitWorkspace(root);

    await pushCommit({
      redact: (text) => text,
      root,
      sha: commit.sha,
      branch: 'gemini/issue-6-shallow',
      defaultBranch: 'main',
      remoteUrl: remote,
      serverUrl: 'https://github.com',
      token: TOKEN,
    });

    expect(git(remote, 'rev-parse', 'gemini/issue-6-shallow')).toBe(commit.sha);
    expect(git(remote, 'fsck', '--connectivity-only')).toBe('');
  });
});
