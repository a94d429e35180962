import { existsSync } from 'node:fs';
import { chmod, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRedactor } from '../../src/platform/redaction.js';
import {
  BOT_IDENTITY,
  coAuthorTrailer,
  commitMessage,
  createCommit,
  treePatch,
} from '../../src/publish/commit.js';
import { createGit } from '../../src/publish/git.js';
import { readWorkspaceChanges } from '../../src/publish/workspace-changes.js';
import { git, repoWithRemote, tempDir, writeFiles } from './git-fixtures.js';

const noRedaction = (text: string) => text;

describe('commit messages', () => {
  it('credits the requesting person, never a bot', () => {
    expect(coAuthorTrailer({ login: 'octocat', id: 583231 })).toBe(
      'Co-authored-by: octocat <583231+octocat@users.noreply.github.com>',
    );
    expect(coAuthorTrailer({ login: 'octocat' })).toBe(
      'Co-authored-by: octocat <octocat@users.noreply.github.com>',
    );
    expect(coAuthorTrailer({ login: 'dependabot[bot]', id: 49699333 })).toBeUndefined();
    expect(coAuthorTrailer({ login: 'some-app', isBot: true })).toBeUndefined();
  });

  it('is subject, blank line, body and trailer, redacted', () => {
    const secret = 'sk-live-secret-value-123456';
    const { redact } = createRedactor({ secrets: [secret] });
    const message = commitMessage({
      subject: `Fix   the\nlogin bug ${secret}`,
      body: `Changed the check.\r\nLeaked ${secret}?`,
      coAuthor: { login: 'octocat', id: 1 },
      redact,
    });
    expect(message).toBe(
      'Fix the login bug ***\n\nChanged the check.\nLeaked ***?\n\nCo-authored-by: octocat <1+octocat@users.noreply.github.com>\n',
    );
    expect(
      commitMessage({ subject: 'x'.repeat(100), redact: noRedaction }).split('\n')[0],
    ).toHaveLength(72);
  });
});

describe('createCommit', () => {
  it('commits tracked, untracked, deleted, renamed, executable and symlinked files as the bot', async () => {
    const { root, base } = await repoWithRemote({
      'edit.txt': 'old\n',
      'delete.txt': 'bye\n',
      'move/from.txt': 'moving content\n',
      'tool.sh': 'echo\n',
    });
    await writeFiles(root, { 'edit.txt': 'new\n', 'added/new.txt': 'fresh\n' });
    await rm(path.join(root, 'delete.txt'));
    await rename(path.join(root, 'move/from.txt'), path.join(root, 'moved.txt'));
    await chmod(path.join(root, 'tool.sh'), 0o755);
    await symlink('edit.txt', path.join(root, 'link'));
    const indexBefore = await readFile(path.join(root, '.git', 'index'));
    const changes = await readWorkspaceChanges(root);

    const commit = await createCommit({
      changes,
      accepted: changes.entries,
      message: commitMessage({
        subject: 'Do it',
        coAuthor: { login: 'octocat', id: 1 },
        redact: noRedaction,
      }),
      date: new Date('2024-01-02T03:04:05Z'),
    });

    expect(commit.parent).toBe(base);
    expect(
      git(root, 'diff-tree', '-r', '-M', '--name-status', base, commit.sha).split('\n').sort(),
    ).toEqual(
      [
        'A\tadded/new.txt',
        'A\tlink',
        'D\tdelete.txt',
        'M\tedit.txt',
        'M\ttool.sh',
        'R100\tmove/from.txt\tmoved.txt',
      ].sort(),
    );
    expect(
      git(root, 'ls-tree', commit.sha, 'tool.sh', 'link')
        .split('\n')
        .map((line) => line.split(' ')[0]),
    ).toEqual(['120000', '100755']);
    expect(git(root, 'log', '-1', '--format=%an <%ae>|%cn <%ce>|%aI', commit.sha)).toBe(
      `${BOT_IDENTITY.name} <${BOT_IDENTITY.email}>|${BOT_IDENTITY.name} <${BOT_IDENTITY.email}>|2024-01-02T03:04:05+00:00`,
    );
    expect(git(root, 'log', '-1', '--format=%B', commit.sha)).toBe(
      'Do it\n\nCo-authored-by: octocat <1+octocat@users.noreply.github.com>',
    );
    // The workspace did not move: same HEAD, same index, the change still uncommitted there.
    expect(git(root, 'rev-parse', 'HEAD')).toBe(base);
    expect(await readFile(path.join(root, '.git', 'index'))).toEqual(indexBefore);
    expect(git(root, 'status', '--porcelain')).toContain(' M edit.txt');
  });

  it('leaves out what was not accepted', async () => {
    const { root, base } = await repoWithRemote({ 'a.txt': 'a\n' });
    await writeFiles(root, { 'keep.txt': 'keep\n', 'refused.txt': 'no\n' });
    const changes = await readWorkspaceChanges(root);
    const accepted = changes.entries.filter((entry) => entry.path === 'keep.txt');

    const commit = await createCommit({ changes, accepted, message: 'x\n' });

    expect(git(root, 'diff-tree', '-r', '--name-only', base, commit.sha)).toBe('keep.txt');
    const patch = await treePatch(createGit(), root, base, commit.tree);
    expect(patch).toContain('+++ b/keep.txt');
    expect(patch).not.toContain('refused.txt');
  });

  it('refuses to commit a file that changed after it was checked', async () => {
    const { root } = await repoWithRemote({ 'a.txt': 'a\n' });
    await writeFiles(root, { 'a.txt': 'checked\n' });
    const changes = await readWorkspaceChanges(root);
    await writeFile(path.join(root, 'a.txt'), 'swapped after the check\n');

    await expect(
      createCommit({ changes, accepted: changes.entries, message: 'x\n' }),
    ).rejects.toThrow('a.txt changed after it was checked');
  });

  it('makes a first commit in a repository without commits', async () => {
    const root = await tempDir();
    git(root, 'init', '-q');
    await writeFiles(root, { 'first.txt': 'hello\n' });
    const changes = await readWorkspaceChanges(root);

    const commit = await createCommit({ changes, accepted: changes.entries, message: 'first\n' });

    expect(commit.parent).toBeUndefined();
    expect(git(root, 'ls-tree', '--name-only', commit.sha)).toBe('first.txt');
  });

  it('signs nothing and runs no program named in the repository configuration', async () => {
    const { root } = await repoWithRemote({ 'a.txt': 'a\n' });
    const marker = path.join(path.dirname(root), 'ran');
    const program = path.join(path.dirname(root), 'program.sh');
    await writeFile(program, `#!/bin/sh\ntouch ${marker}\nexit 1\n`, { mode: 0o755 });
    git(root, 'config', 'commit.gpgSign', 'true');
    git(root, 'config', 'gpg.program', program);
    git(root, 'config', 'core.hooksPath', path.dirname(program));
    await writeFile(
      path.join(root, '.git', 'hooks', 'post-commit'),
      `#!/bin/sh\ntouch ${marker}\n`,
      { mode: 0o755 },
    );
    await writeFiles(root, { 'a.txt': 'b\n' });
    const changes = await readWorkspaceChanges(root);

    const commit = await createCommit({ changes, accepted: changes.entries, message: 'x\n' });

    expect(git(root, 'cat-file', '-p', commit.sha)).not.toContain('gpgsig');
    expect(existsSync(marker)).toBe(false);
  });
});
