// The walk the file tools share: tree order by UTF-8 bytes, directories skipped before they are
// read, symlinks reported and never followed, and batches that keep that order.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compareNames,
  comparePaths,
  walkFileBatches,
  walkFiles,
} from '../../src/tools/file-walk.js';
import { makeTempDir, removeTempDirs } from './tool-harness.js';

let root: string;

const FILES = [
  'B.txt',
  'a.txt',
  'a-b/x.txt',
  'a/b.txt',
  'a/c/d.txt',
  'a/c/e.txt',
  'a/z.txt',
  'skip/me.txt',
  'z/😀.txt',
  'z/\uE000.txt',
  'z/é.txt',
  'node_modules/dep/index.js',
];

beforeAll(async () => {
  root = await makeTempDir('file-walk-');
  for (const file of FILES) {
    await mkdir(path.dirname(path.join(root, file)), { recursive: true });
    await writeFile(path.join(root, file), file);
  }
  for (let i = 0; i < 30; i++) {
    await mkdir(path.join(root, 'wide', `d${i}`), { recursive: true });
    await writeFile(path.join(root, 'wide', `d${i}`, 'f.txt'), '');
  }
  await symlink(path.join(root, 'a'), path.join(root, 'link-to-a'));
});
afterAll(removeTempDirs);

const byBytes = (a: string, b: string) => Buffer.compare(Buffer.from(a), Buffer.from(b));

describe('compareNames', () => {
  it('orders by UTF-8 bytes, also outside the Basic Multilingual Plane', () => {
    const names = ['a', 'B', 'é', '\uE000', '😀', 'a-b', 'a_b', '~', '\uFFFF', '中', 'ab'];
    expect([...names].sort(compareNames)).toEqual([...names].sort(byBytes));
  });
});

describe('walkFiles', () => {
  it('yields files and symlinks in tree order, skipping what skipDirectory refuses', async () => {
    const asked: string[] = [];
    const walked: string[] = [];
    for await (const file of walkFiles(root, {
      skipDirectory: (relative) => {
        asked.push(relative);
        return relative === 'skip' || relative.endsWith('node_modules');
      },
    })) {
      walked.push(`${file.relativePath}${file.isSymbolicLink ? ' (link)' : ''}`);
    }
    const expected = [
      'B.txt',
      // A directory's contents come where its name sorts: `a` before `a-b` before `a.txt`.
      'a/b.txt',
      'a/c/d.txt',
      'a/c/e.txt',
      'a/z.txt',
      'a-b/x.txt',
      'a.txt',
      'link-to-a (link)',
      ...Array.from({ length: 30 }, (_, i) => `wide/d${i}/f.txt`).sort(comparePaths),
      ...['z/😀.txt', 'z/\uE000.txt', 'z/é.txt'].sort(byBytes),
    ];
    expect(walked).toEqual(expected);
    // Asked once per directory reached, never about what lies below a skipped one.
    expect(new Set(asked).size).toBe(asked.length);
    expect(asked).toContain('skip');
    expect(asked.some((relative) => relative.startsWith('node_modules/'))).toBe(false);
  });

  it('gives the same files in the same order in batches', async () => {
    const single: string[] = [];
    for await (const file of walkFiles(root)) single.push(file.relativePath);
    const batched: string[] = [];
    for await (const batch of walkFileBatches(root)) {
      expect(batch.length).toBeGreaterThan(0);
      batched.push(...batch.map((file) => file.relativePath));
    }
    expect(batched).toEqual(single);
    expect(single).toContain('node_modules/dep/index.js');
  });

  it('stops at once when the signal is aborted, also within a directory', async () => {
    const controller = new AbortController();
    const walked: string[] = [];
    // `z` holds three files and no directory: they arrive as one batch.
    await expect(async () => {
      for await (const file of walkFiles(path.join(root, 'z'), { signal: controller.signal })) {
        walked.push(file.relativePath);
        controller.abort();
      }
    }).rejects.toThrow();
    expect(walked).toHaveLength(1);
  });
});
