import { mkdir, realpath, symlink } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Workspaces, WorkspaceRefused } from '../../src/cli/a2a-server/workspaces.js';
import { tempRepo } from '../support/temp-repo.js';

describe('Workspaces', () => {
  it('takes a root or a directory inside one, after symlinks, and refuses anything else', async () => {
    const root = await realpath(await tempRepo({ 'pkg/a.txt': 'a\n' }));
    const outside = await realpath(await tempRepo());
    await symlink(outside, path.join(root, 'out'));
    await symlink(path.join(root, 'pkg'), path.join(outside, 'back-in'));
    await mkdir(path.join(root, '..sibling-looking'));
    const workspaces = await Workspaces.create([root]);
    expect(workspaces.defaultWorkspace).toBe(root);
    expect(await workspaces.resolve(root)).toBe(root);
    expect(await workspaces.resolve(path.join(root, 'pkg', '..', 'pkg'))).toBe(
      path.join(root, 'pkg'),
    );
    expect(await workspaces.resolve(path.join(root, '..sibling-looking'))).toBe(
      path.join(root, '..sibling-looking'),
    );
    // A link out of a root leads outside; a link from outside into a root leads inside.
    await expect(workspaces.resolve(path.join(root, 'out'))).rejects.toThrow(WorkspaceRefused);
    expect(await workspaces.resolve(path.join(outside, 'back-in'))).toBe(path.join(root, 'pkg'));
    await expect(workspaces.resolve(outside)).rejects.toThrow(/outside the workspaces/);
    await expect(workspaces.resolve(path.join(root, 'pkg', 'a.txt'))).rejects.toThrow(
      /not an existing directory/,
    );
    await expect(workspaces.resolve('pkg')).rejects.toThrow(/must be an absolute path/);
  });

  it('lets one task hold a workspace, and counts nested workspaces as the same one', async () => {
    const root = await realpath(await tempRepo({ 'pkg/a.txt': 'a\n' }));
    const workspaces = await Workspaces.create([root]);
    const pkg = path.join(root, 'pkg');
    expect(workspaces.claim(pkg, 'task-1')).toBe(true);
    expect(workspaces.holder(root)).toBe('task-1');
    expect(workspaces.claim(root, 'task-2')).toBe(false);
    workspaces.release(pkg, 'task-2');
    expect(workspaces.holder(pkg)).toBe('task-1');
    workspaces.release(pkg, 'task-1');
    expect(workspaces.claim(root, 'task-2')).toBe(true);
  });

  it('refuses roots that are not directories', async () => {
    await expect(Workspaces.create(['/definitely/not/here'])).rejects.toThrow(
      '/definitely/not/here is not a directory.',
    );
  });
});
