// The verified open: whatever is swapped in between the check and the open, the handle that comes
// back is the checked file or nothing.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { link, mkdir, readFile, readlink, rename, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OpenVerifiedHooks, VerifiedOpenResult } from '../../src/tools/verified-open.js';
import { openVerified } from '../../src/tools/verified-open.js';
import type { OpenVerifiedOptions } from '../../src/tools/workspace.js';
import { Workspace } from '../../src/tools/workspace.js';
import { makeTempDir, removeTempDirs } from './tool-harness.js';

let root: string;
let outside: string;
let workspace: Workspace;

beforeEach(async () => {
  root = await makeTempDir('verified-');
  outside = await makeTempDir('verified-outside-');
  workspace = await Workspace.create(root);
  await writeFile(path.join(root, 'a.txt'), 'inside');
  await writeFile(path.join(outside, 'secret.txt'), 'outside secret');
  await mkdir(path.join(root, 'd'));
  await writeFile(path.join(root, 'd', 'inner.txt'), 'inside inner');
  await mkdir(path.join(outside, 'dir'));
  await writeFile(path.join(outside, 'dir', 'inner.txt'), 'outside inner');
});
afterEach(removeTempDirs);

const hasProc = existsSync('/proc/self/fd');
/** Without a kernel name for the handle, as on systems without /proc. */
const noKernelName: OpenVerifiedHooks = { kernelPath: () => Promise.resolve(undefined) };

async function openWith(
  requested: string,
  options: OpenVerifiedOptions,
  hooks: OpenVerifiedHooks,
): Promise<VerifiedOpenResult> {
  const result = await openVerified(workspace, requested, options, hooks);
  if (result.ok) await result.handle.close();
  return result;
}

const changed = (file: string) =>
  `Path not in workspace: Attempted path "${file}" changed while it was being opened (a file or directory on the way was replaced), so it was not used.`;

describe('openVerified', () => {
  it('returns a handle on the checked file and a path naming exactly that handle', async () => {
    const opened = await workspace.openVerified('a.txt', { purpose: 'read' });
    if (!opened.ok) throw new Error(opened.message);
    try {
      expect(opened).toMatchObject({
        absolutePath: path.join(root, 'a.txt'),
        relativePath: 'a.txt',
        root,
      });
      expect(opened.stats.size).toBe(6);
      expect((await opened.handle.readFile()).toString()).toBe('inside');
      if (hasProc) {
        expect(opened.handlePath).toBe(`/proc/self/fd/${opened.handle.fd}`);
        expect(await readlink(opened.handlePath)).toBe(path.join(root, 'a.txt'));
      }
    } finally {
      await opened.handle.close();
    }
  });

  it('reports missing files, directories and refusals as data', async () => {
    expect(await workspace.openVerified('missing.txt', { purpose: 'read' })).toEqual({
      ok: false,
      reason: 'not_found',
      message: `File not found: ${path.join(root, 'missing.txt')}`,
      absolutePath: path.join(root, 'missing.txt'),
    });
    const dir = await workspace.openVerified('d', { purpose: 'read' });
    expect(dir.ok && dir.stats.isDirectory()).toBe(true);
    if (dir.ok) await dir.handle.close();
    expect(await workspace.openVerified('d', { purpose: 'write' })).toMatchObject({
      ok: false,
      reason: 'is_directory',
    });
    const escape = await workspace.openVerified(path.join(outside, 'secret.txt'), {
      purpose: 'read',
    });
    expect(escape).toMatchObject({ ok: false, reason: 'not_in_workspace' });
    expect(await workspace.openVerified('.git/config', { purpose: 'write' })).toMatchObject({
      ok: false,
      reason: 'not_in_workspace',
    });
  });

  it('writes through the handle, creating the file', async () => {
    const opened = await workspace.openVerified('new.txt', { purpose: 'write', flags: 'wx' });
    if (!opened.ok) throw new Error(opened.message);
    await opened.handle.writeFile('created');
    await opened.handle.close();
    expect(await readFile(path.join(root, 'new.txt'), 'utf8')).toBe('created');
  });

  it('refuses writing flags for a read, which would skip the write checks', async () => {
    await expect(workspace.openVerified('a.txt', { purpose: 'read', flags: 'w' })).rejects.toThrow(
      /needs purpose "write"/,
    );
  });

  describe.each([
    ['with the kernel name of the handle', {}],
    ['without a kernel name (no /proc)', noKernelName],
  ] as [string, OpenVerifiedHooks][])(
    'when the file system changes between check and open, %s',
    (_label, base) => {
      it('catches a file swapped for a symlink to a file outside', async () => {
        const result = await openWith(
          'a.txt',
          { purpose: 'read' },
          {
            ...base,
            beforeOpen: async () => {
              await rm(path.join(root, 'a.txt'));
              await symlink(path.join(outside, 'secret.txt'), path.join(root, 'a.txt'));
            },
          },
        );
        expect(result).toEqual({
          ok: false,
          reason: 'not_in_workspace',
          message: changed(path.join(root, 'a.txt')),
        });
      });

      it('catches a directory on the way swapped for a symlink to a directory outside', async () => {
        const result = await openWith(
          'd/inner.txt',
          { purpose: 'read' },
          {
            ...base,
            beforeOpen: async () => {
              await rename(path.join(root, 'd'), path.join(root, 'd-old'));
              await symlink(path.join(outside, 'dir'), path.join(root, 'd'));
            },
          },
        );
        expect(result).toEqual({
          ok: false,
          reason: 'not_in_workspace',
          message: changed(path.join(root, 'd', 'inner.txt')),
        });
      });

      it('truncates only after the check, so a swapped-in outside file keeps its content', async () => {
        const result = await openWith(
          'd/inner.txt',
          { purpose: 'write', flags: 'w' },
          {
            ...base,
            beforeOpen: async () => {
              await rename(path.join(root, 'd'), path.join(root, 'd-old'));
              await symlink(path.join(outside, 'dir'), path.join(root, 'd'));
            },
          },
        );
        expect(result.ok).toBe(false);
        expect(await readFile(path.join(outside, 'dir', 'inner.txt'), 'utf8')).toBe(
          'outside inner',
        );
      });

      it('catches a file swapped for a hard link to a file outside', async () => {
        const result = await openWith(
          'a.txt',
          { purpose: 'read' },
          {
            ...base,
            beforeOpen: async () => {
              await rm(path.join(root, 'a.txt'));
              await link(path.join(outside, 'secret.txt'), path.join(root, 'a.txt'));
            },
          },
        );
        expect(result).toMatchObject({ ok: false, reason: 'not_in_workspace' });
        if (!result.ok) expect(result.message).toContain('(a hard link)');
      });

      it('catches a file swapped for a FIFO without blocking', async () => {
        const result = await openWith(
          'a.txt',
          { purpose: 'read' },
          {
            ...base,
            beforeOpen: async () => {
              await rm(path.join(root, 'a.txt'));
              execFileSync('mkfifo', [path.join(root, 'a.txt')]);
            },
          },
        );
        expect(result).toMatchObject({ ok: false, reason: 'not_regular_file' });
      });

      it('catches a file replaced after the open', async () => {
        // The open succeeds on the checked file, then the path is pointed elsewhere before the
        // comparison: the handle no longer matches what the path names.
        let calls = 0;
        const result = await openWith(
          'a.txt',
          { purpose: 'read' },
          {
            ...base,
            kernelPath: async (fd) => {
              calls += 1;
              if (calls === 1) {
                await rm(path.join(root, 'a.txt'));
                await writeFile(path.join(root, 'a.txt'), 'replacement');
              }
              return base.kernelPath ? base.kernelPath(fd) : readlink(`/proc/self/fd/${fd}`);
            },
          },
        );
        expect(result).toMatchObject({ ok: false, reason: 'not_in_workspace' });
      });
    },
  );
});
