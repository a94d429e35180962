// Copies of a workflow's extension folder out of the workspace: whole, links that stay inside kept
// as links, readable by everyone, git's own folder left out; nothing at all when a link leads out.
import {
  chmod,
  lstat,
  mkdir,
  mkdtemp,
  readFile,
  readlink,
  rm,
  stat,
  symlink,
  writeFile,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import { copyExtensionFolder } from '../../../src/custom-commands/extensions/extension-copy.js';

async function temp(prefix: string): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), prefix));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A built extension as a workflow step leaves it: a server, its dependencies and their links. */
async function extensionFolder(): Promise<string> {
  const source = path.join(await temp('extension-copy-src-'), 'security');
  await mkdir(path.join(source, 'node_modules', 'dep', 'bin'), { recursive: true });
  await mkdir(path.join(source, 'node_modules', '.bin'), { recursive: true });
  await mkdir(path.join(source, '.git', 'hooks'), { recursive: true });
  await writeFile(path.join(source, 'gemini-extension.json'), '{"name":"security"}');
  await writeFile(path.join(source, 'server.js'), 'require("dep");');
  await writeFile(path.join(source, 'node_modules', 'dep', 'bin', 'cli.js'), '#!/usr/bin/env node');
  await chmod(path.join(source, 'node_modules', 'dep', 'bin', 'cli.js'), 0o700);
  await symlink('../../commands/dep/bin/cli.js', path.join(source, 'node_modules', '.bin', 'dep'));
  await writeFile(path.join(source, '.git', 'hooks', 'post-checkout'), 'not the extension');
  return source;
}

describe('copyExtensionFolder', () => {
  it('copies the folder at its path below the root, open to the sandbox user, without .git', async () => {
    const source = await extensionFolder();
    const root = await temp('extension-copy-root-');

    const copied = await copyExtensionFolder(source, root, '.ext/security');

    const target = path.join(root, '.ext', 'security');
    expect(copied).toEqual({ ok: true, directory: target });
    expect(await readFile(path.join(target, 'server.js'), 'utf8')).toBe('require("dep");');
    expect(await readlink(path.join(target, 'node_modules', '.bin', 'dep'))).toBe(
      '../../commands/dep/bin/cli.js',
    );
    expect(
      (await stat(path.join(target, 'node_modules', 'dep', 'bin', 'cli.js'))).mode & 0o777,
    ).toBe(0o755);
    expect((await stat(path.join(target, 'server.js'))).mode & 0o777).toBe(0o644);
    expect((await stat(path.join(root, '.ext'))).mode & 0o777).toBe(0o755);
    await expect(lstat(path.join(target, '.git'))).rejects.toThrow();
  });

  it.each([
    ['an absolute link', (source: string) => symlink('/etc/passwd', path.join(source, 'passwd'))],
    [
      'a link that climbs out',
      (source: string) => symlink('../../outside.js', path.join(source, 'node_modules', 'up.js')),
    ],
  ])('copies nothing of a folder with %s', async (_what, plant) => {
    const source = await extensionFolder();
    await plant(source);
    const root = await temp('extension-copy-root-');

    const copied = await copyExtensionFolder(source, root, 'ext');

    expect(copied).toEqual({
      ok: false,
      reason: expect.stringMatching(/is a link that leads out of the folder$/) as unknown,
    });
    await expect(lstat(path.join(root, 'ext'))).rejects.toThrow();
  });

  it('says why when the folder cannot be read', async () => {
    const root = await temp('extension-copy-root-');
    const copied = await copyExtensionFolder(path.join(root, 'missing'), root, 'ext');
    expect(copied).toEqual({
      ok: false,
      reason: expect.stringMatching(/^it could not be copied: ENOENT/) as unknown,
    });
  });
});
