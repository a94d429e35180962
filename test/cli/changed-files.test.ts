// The list a cancelled run leaves on stderr (and a cancelled serve task in its final status): the
// files changed while the session ran, from git in a repository (a change made before the
// session is not the session's), from the file tools' record outside one.
import { execFileSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeSessionChanges, readSessionChanges } from '../../src/cli/changed-files.js';
import { tempRepo } from '../support/temp-repo.js';

const pause = (ms: number) =>
  new Promise((resolve) => {
    setTimeout(resolve, ms);
  });

describe('the files a session left changed', () => {
  it('lists what changed in the repository during the session, and not what changed before', async () => {
    const repo = await tempRepo(
      { 'before.txt': 'one\n', 'gone.txt': 'bye\n', 'kept.txt': 'same\n', 'src/app.js': 'a\n' },
      { git: true },
    );
    await writeFile(path.join(repo, 'before.txt'), 'changed by a person\n');
    await pause(200);
    const since = Date.now();
    await writeFile(path.join(repo, 'NOTES.md'), 'Notes.\n');
    await writeFile(path.join(repo, 'src/app.js'), 'b\n');
    await rm(path.join(repo, 'gone.txt'));

    const changes = await readSessionChanges({ workspace: repo, since, written: [], env: {} });

    expect(changes.source).toBe('git');
    expect(changes.files).toEqual(
      expect.arrayContaining([
        { path: 'NOTES.md', change: 'added' },
        { path: 'src/app.js', change: 'modified' },
        { path: 'gone.txt', change: 'deleted' },
      ]),
    );
    expect(changes.files.map((file) => file.path)).not.toContain('before.txt');
    expect(changes.files).toHaveLength(3);
    // The index is the workspace's own: reading the changes stages nothing.
    expect(execFileSync('git', ['diff', '--cached', '--name-only'], { cwd: repo }).toString()).toBe(
      '',
    );
    const lines = describeSessionChanges(changes);
    expect(lines[0]).toBe(`Changed files left in ${changes.workspace}, not committed:`);
    expect(lines).toContain('  added     NOTES.md');
  });

  it('says so when nothing changed', async () => {
    const repo = await tempRepo({ 'README.md': '# demo\n' }, { git: true });
    const changes = await readSessionChanges({
      workspace: repo,
      since: Date.now(),
      written: [],
      env: {},
    });
    expect(describeSessionChanges(changes)).toEqual([
      `No file in ${changes.workspace} was changed during the session.`,
    ]);
  });

  it("outside git, lists the file tools' writes that are still in the workspace", async () => {
    const dir = await tempRepo({ 'a.txt': 'a\n', 'removed.txt': 'r\n' });
    const outside = path.join(dir, '..', 'memory.md');
    await rm(path.join(dir, 'removed.txt'));
    const changes = await readSessionChanges({
      workspace: dir,
      since: Date.now(),
      written: [path.join(dir, 'a.txt'), path.join(dir, 'removed.txt'), outside],
      env: {},
    });
    expect(changes).toMatchObject({
      source: 'file-tools',
      files: [{ path: 'a.txt', change: 'written' }],
    });
    expect(describeSessionChanges(changes)[0]).toMatch(
      /^Files the file tools wrote, left in .* \(not a git repository, so what shell commands changed there is not known\):$/,
    );
  });
});
