// makeDirectory: `mkdir -p` that ends with a reason where Node's recursive mkdir spins forever
// (a folder under procfs) or answers with a bare code (a file in the way).
import { existsSync, statSync } from 'node:fs';
import { chmod, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DirectoryError,
  makeDirectory,
  makeDirectorySync,
} from '../../src/platform/make-directory.js';
import { tempRepo } from '../support/temp-repo.js';

const both = [
  ['async', (dir: string, mode?: number) => makeDirectory(dir, mode)],
  [
    'sync',
    // eslint-disable-next-line @typescript-eslint/require-await -- a throw becomes a rejection
    async (dir: string, mode?: number) => {
      makeDirectorySync(dir, mode);
    },
  ],
] as const;

const isRoot = process.getuid?.() === 0;

describe.each(both)('makeDirectory (%s)', (_name, make) => {
  it('makes the missing folders, and does nothing when they are there', async () => {
    const root = await tempRepo();
    const dir = path.join(root, 'a', 'b', 'c');
    await make(dir, 0o700);
    expect(statSync(dir).isDirectory()).toBe(true);
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    await make(dir);
    await make(root);
  });

  it.skipIf(process.platform !== 'linux')(
    'ends with a reason under procfs, where Node\u2019s recursive mkdir never returns',
    async () => {
      const failure = await make('/proc/nope/t/x').then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failure).toBeInstanceOf(DirectoryError);
      expect((failure as DirectoryError).message).toBe(
        '/proc/nope cannot be created in /proc (ENOENT)',
      );
    },
  );

  it('names the file in the way, however deep below it the folder is', async () => {
    const root = await tempRepo({ afile: 'x' });
    for (const dir of ['afile', 'afile/sub', 'afile/sub/deeper']) {
      await expect(make(path.join(root, dir))).rejects.toThrow(
        `${path.join(root, 'afile')} is a file, not a folder`,
      );
    }
  });

  it('calls a dangling link in the way not a folder', async () => {
    const root = await tempRepo();
    await symlink(path.join(root, 'gone'), path.join(root, 'link'));
    await expect(make(path.join(root, 'link', 'x'))).rejects.toThrow(
      `${path.join(root, 'link')} is not a folder`,
    );
    expect(existsSync(path.join(root, 'gone'))).toBe(false);
  });

  it.skipIf(isRoot)('says when there is no permission to create it', async () => {
    const root = await tempRepo();
    await chmod(root, 0o500);
    try {
      await expect(make(path.join(root, 'a', 'b'))).rejects.toThrow(
        `no permission to create ${path.join(root, 'a')} (EACCES)`,
      );
    } finally {
      await chmod(root, 0o700);
    }
  });
});

it('makeDirectory keeps the system code and the path on its error', async () => {
  const root = await tempRepo();
  await writeFile(path.join(root, 'f'), '');
  const failure = await makeDirectory(path.join(root, 'f', 'x')).catch((e: unknown) => e);
  expect(failure).toMatchObject({ code: 'ENOTDIR', path: path.join(root, 'f') });
});
