import { execFileSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workspaceDiff } from '../../src/publish/workspace-diff.js';
import { tempRepo } from '../support/temp-repo.js';

describe('workspaceDiff', () => {
  it('shows edits, deletions and new files but not ignored ones, leaving the index alone', async () => {
    const repo = await tempRepo(
      { 'a.txt': 'one\n', 'gone.txt': 'bye\n', '.gitignore': 'build/\n' },
      { git: true },
    );
    await writeFile(path.join(repo, 'a.txt'), 'one\ntwo\n');
    await rm(path.join(repo, 'gone.txt'));
    await writeFile(path.join(repo, 'new.txt'), 'fresh\n');
    await writeFile(path.join(repo, 'ignored.log'), 'x');
    execFileSync('mkdir', ['-p', path.join(repo, 'build')]);
    await writeFile(path.join(repo, 'build', 'out.js'), 'compiled');

    const diff = await workspaceDiff(repo);

    expect(diff?.patch).toContain('+two');
    expect(diff?.patch).toContain('deleted file mode');
    expect(diff?.patch).toContain('+++ b/new.txt');
    expect(diff?.patch).not.toContain('build/out.js');
    expect(diff?.stat).toMatch(/new\.txt/);
    const staged = execFileSync('git', ['diff', '--cached', '--name-only'], {
      cwd: repo,
    }).toString();
    expect(staged).toBe('');
  });

  it('is undefined without changes or outside a git repository', async () => {
    expect(await workspaceDiff(await tempRepo({ 'a.txt': 'x' }, { git: true }))).toBeUndefined();
    expect(await workspaceDiff(await tempRepo({ 'a.txt': 'x' }))).toBeUndefined();
  });
});
