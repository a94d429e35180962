import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createGit } from '../../src/publish/git.js';
import { readWorkspaceChanges } from '../../src/publish/workspace-changes.js';
import { git, repoWithRemote, tempDir, writeFiles } from './git-fixtures.js';

function summary(entries: { path: string; status: string; previousPath?: string; kind: string }[]) {
  return entries.map((entry) =>
    [entry.status, entry.previousPath, entry.path, entry.kind].filter(Boolean).join(' '),
  );
}

describe('readWorkspaceChanges', () => {
  it('lists edits, deletions, moves and new files, but not ignored ones', async () => {
    const { root, base } = await repoWithRemote({
      '.gitignore': 'build/\n*.log\n',
      'src/app.ts': 'export const a = 1;\n',
      'src/old-name.ts': 'export const moved = true;\n',
      'gone.txt': 'bye\n',
      'same.txt': 'unchanged\n',
    });
    await writeFiles(root, {
      'src/app.ts': 'export const a = 2;\n',
      'src/new.ts': 'export const n = 1;\n',
      'build/out.js': 'compiled',
      'debug.log': 'noise',
    });
    await rm(path.join(root, 'gone.txt'));
    await rename(path.join(root, 'src/old-name.ts'), path.join(root, 'src/new-name.ts'));

    const changes = await readWorkspaceChanges(root);

    expect(changes.base).toBe(base);
    expect(summary(changes.entries)).toEqual([
      'deleted gone.txt file',
      'modified src/app.ts file',
      'renamed src/old-name.ts src/new-name.ts file',
      'added src/new.ts file',
    ]);
    const app = changes.entries.find((entry) => entry.path === 'src/app.ts');
    expect(app).toMatchObject({ size: 20, mode: '100644', previousMode: '100644' });
    expect(app?.blob).toBe(git(root, 'hash-object', 'src/app.ts'));
  });

  it('sees mode changes, symlinks and files behind a symlinked directory', async () => {
    const { root } = await repoWithRemote({ 'run.sh': 'echo hi\n', 'lib/a.txt': 'a\n' });
    await chmod(path.join(root, 'run.sh'), 0o755);
    await symlink('run.sh', path.join(root, 'link'));
    // `lib` becomes a link to a directory holding a file of the same name: git sees lib/a.txt gone.
    await writeFiles(root, { 'other/a.txt': 'a\n' });
    await rm(path.join(root, 'lib'), { recursive: true });
    await symlink('other', path.join(root, 'lib'));

    const changes = await readWorkspaceChanges(root);

    expect(changes.entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'run.sh', status: 'modified', mode: '100755' }),
        expect.objectContaining({
          path: 'link',
          kind: 'symlink',
          mode: '120000',
          linkTarget: 'run.sh',
        }),
        expect.objectContaining({ path: 'lib', kind: 'symlink', linkTarget: 'other' }),
        expect.objectContaining({
          path: 'other/a.txt',
          status: 'renamed',
          previousPath: 'lib/a.txt',
        }),
      ]),
    );
    const link = changes.entries.find((entry) => entry.path === 'link');
    expect(link?.blob).toBe(
      execFileSync('git', ['hash-object', '--stdin'], { input: 'run.sh' }).toString().trim(),
    );
  });

  it('lists what git itself skips or rejects, so the checks can name it', async () => {
    const { root } = await repoWithRemote({ 'a.txt': 'a\n', pipe: 'was a file\n' });
    await writeFiles(root, {
      '.GIT/config': '[core]\n',
      'sub/.git/hooks/post-checkout': '#!/bin/sh\n',
      'only/.git/x': 'x',
    });
    const nested = path.join(root, 'nested');
    await mkdir(nested);
    git(nested, 'init', '-q');
    await writeFiles(nested, { 'z.txt': 'z' });
    await rm(path.join(root, 'pipe'));
    execFileSync('mkfifo', [path.join(root, 'pipe')]);

    const changes = await readWorkspaceChanges(root);

    expect(summary(changes.entries)).toEqual([
      'added .GIT/config file',
      'added nested nested_repository',
      'added only/.git git_directory',
      'modified pipe special',
      'added sub/.git git_directory',
    ]);
  });

  it('leaves the workspace index, HEAD and branches as they were', async () => {
    const { root, base } = await repoWithRemote({ 'a.txt': 'a\n', 'b.txt': 'b\n' });
    await writeFiles(root, { 'a.txt': 'staged\n' });
    git(root, 'add', 'a.txt');
    await writeFiles(root, { 'b.txt': 'unstaged\n', 'c.txt': 'new\n' });
    const index = await readFile(path.join(root, '.git', 'index'));

    const changes = await readWorkspaceChanges(root);

    expect(changes.entries.map((entry) => entry.path)).toEqual(['a.txt', 'b.txt', 'c.txt']);
    expect(await readFile(path.join(root, '.git', 'index'))).toEqual(index);
    expect(git(root, 'rev-parse', 'HEAD')).toBe(base);
    expect(git(root, 'status', '--porcelain')).toBe('M  a.txt\n M b.txt\n?? c.txt');
  });

  it('measures against the base commit, including what the agent committed itself', async () => {
    const { root, base } = await repoWithRemote({ 'a.txt': 'a\n' });
    await writeFiles(root, { 'a.txt': 'committed by the agent\n' });
    git(root, 'commit', '-qam', 'agent commit');
    await writeFiles(root, { 'b.txt': 'left uncommitted\n' });

    const changes = await readWorkspaceChanges(root, { base });

    expect(changes.base).toBe(base);
    expect(summary(changes.entries)).toEqual(['modified a.txt file', 'added b.txt file']);
  });

  it('treats everything as new in a repository without commits', async () => {
    const root = await tempDir();
    git(root, 'init', '-q');
    await writeFiles(root, { 'first.txt': 'hello\n', '.gitignore': 'tmp/\n', 'tmp/x': 'x' });

    const changes = await readWorkspaceChanges(root);

    expect(changes.base).toBeUndefined();
    expect(summary(changes.entries)).toEqual(['added .gitignore file', 'added first.txt file']);
  });

  it('runs no fsmonitor or hook of the repository while reading', async () => {
    const { root } = await repoWithRemote({ 'a.txt': 'a\n' });
    const marker = path.join(path.dirname(root), 'ran');
    const script = path.join(path.dirname(root), 'monitor.sh');
    await writeFile(script, `#!/bin/sh\ntouch ${marker}\n`, { mode: 0o755 });
    git(root, 'config', 'core.fsmonitor', script);
    await writeFiles(root, { 'a.txt': 'b\n' });
    // The monitor is real: git status runs it.
    git(root, 'status', '--porcelain');
    expect(existsSync(marker)).toBe(true);
    await rm(marker);

    const changes = await readWorkspaceChanges(root, { git: createGit() });

    expect(changes.entries).toHaveLength(1);
    expect(existsSync(marker)).toBe(false);
  });

  it('fails outside a git repository', async () => {
    await expect(readWorkspaceChanges(await tempDir())).rejects.toThrow(/not a git repository/);
  });
});
