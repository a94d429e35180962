import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  DiffIndex,
  formatRanges,
  hunkAt,
  parsePatch,
  rangesOf,
  toDiffFile,
} from '../../src/review/diff-hunks.js';
import type { DiffFile } from '../../src/review/diff-hunks.js';
import { lineOf, samplePullRequest } from './support/git-pull-request.js';

function file(index: DiffIndex, path: string): DiffFile {
  const found = index.find(path);
  if (!found) throw new Error(`${path} is not in the diff`);
  return found;
}

/** Lines commentable on a side, one by one. */
function commentable(diffFile: DiffFile, side: 'LEFT' | 'RIGHT'): number[] {
  return rangesOf(diffFile, side).flatMap((range) =>
    Array.from({ length: range.end - range.start + 1 }, (_, i) => range.start + i),
  );
}

describe('the commentable lines of a real pull request diff', () => {
  it('on the RIGHT: exactly the new-file lines the hunks show, added lines included', async () => {
    const pr = await samplePullRequest();
    const index = DiffIndex.fromGitHub(pr.files);
    const cart = file(index, 'src/cart.ts');
    const after = await pr.after('src/cart.ts');

    const right = commentable(cart, 'RIGHT');
    // The added import, the changed constant and the new function are commentable...
    expect(right).toContain(lineOf(after, 'import { roundCents }'));
    expect(right).toContain(lineOf(after, 'TAX_RATE = 0.21'));
    expect(right).toContain(lineOf(after, 'const gross ='));
    // ...so is the context around them, but not the unchanged middle of the file.
    expect(right).toContain(lineOf(after, 'export function helperB0'));
    expect(right).not.toContain(lineOf(after, 'helperA1'));
    expect(right).not.toContain(lineOf(after, 'helperB1'));
    expect(formatRanges(rangesOf(cart, 'RIGHT'))).toBe('1–7, 19–24, 38–45');
  });

  it('on the LEFT: the removed lines and the context, in old-file numbers', async () => {
    const pr = await samplePullRequest();
    const cart = file(DiffIndex.fromGitHub(pr.files), 'src/cart.ts');
    const before = await pr.before('src/cart.ts');

    const left = commentable(cart, 'LEFT');
    expect(left).toContain(lineOf(before, 'TAX_RATE = 0.2;'));
    expect(left).toContain(lineOf(before, 'export function legacyTotal'));
    expect(left).toContain(lineOf(before, 'for (const item of items) total += item;'));
    expect(left).not.toContain(lineOf(before, 'helperB2'));
    expect(cart.hunks.flatMap((hunk) => hunk.removed)).toEqual([
      lineOf(before, 'TAX_RATE = 0.2;'),
      ...Array.from({ length: 6 }, (_, i) => lineOf(before, 'export function legacyTotal') + i),
    ]);
  });

  it('agrees with git about which lines were added and removed', async () => {
    const pr = await samplePullRequest();
    // Zero context: each hunk header is exactly the changed lines.
    const zero = execFileSync(
      'git',
      ['diff', '-U0', '--no-color', pr.baseSha, pr.headSha, '--', 'src/cart.ts'],
      { cwd: pr.dir, encoding: 'utf8' },
    );
    const added: number[] = [];
    const removed: number[] = [];
    for (const [, oldStart, oldCount, newStart, newCount] of zero.matchAll(
      /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/gm,
    )) {
      const span = (start?: string, count?: string) =>
        Array.from({ length: Number(count ?? '1') }, (_, i) => Number(start) + i);
      removed.push(...span(oldStart, oldCount));
      added.push(...span(newStart, newCount));
    }
    const cart = file(DiffIndex.fromGitHub(pr.files), 'src/cart.ts');
    expect(cart.hunks.flatMap((hunk) => hunk.added)).toEqual(added);
    expect(cart.hunks.flatMap((hunk) => hunk.removed)).toEqual(removed);
  });

  it('keeps a range inside its hunk', async () => {
    const pr = await samplePullRequest();
    const cart = file(DiffIndex.fromGitHub(pr.files), 'src/cart.ts');
    expect(hunkAt(cart, 'RIGHT', 20)).toEqual({ start: 19, end: 24 });
    expect(hunkAt(cart, 'RIGHT', 10)).toBeUndefined();
    expect(hunkAt(cart, 'LEFT', 23)).toEqual({ start: 18, end: 29 });
  });

  it('a new file is all RIGHT, a deleted one all LEFT', async () => {
    const pr = await samplePullRequest();
    const index = DiffIndex.fromGitHub(pr.files);
    const added = file(index, 'src/checkout.ts');
    expect(formatRanges(rangesOf(added, 'RIGHT'))).toBe('1–6');
    expect(rangesOf(added, 'LEFT')).toEqual([]);
    const deleted = file(index, 'docs/obsolete.md');
    expect(formatRanges(rangesOf(deleted, 'LEFT'))).toBe('1–3');
    expect(rangesOf(deleted, 'RIGHT')).toEqual([]);
  });

  it('finds a renamed file by its new and its old name, with old-file numbers on the LEFT', async () => {
    const pr = await samplePullRequest();
    const index = DiffIndex.fromGitHub(pr.files);
    const renamed = file(index, 'src/old-strings.ts');
    expect(renamed.path).toBe('src/utils/strings.ts');
    expect(renamed.previousPath).toBe('src/old-strings.ts');
    const before = await pr.before('src/old-strings.ts');
    const after = await pr.after('src/utils/strings.ts');
    expect(renamed.hunks[0]?.removed).toEqual([lineOf(before, 'Math.round')]);
    expect(renamed.hunks[0]?.added).toEqual([lineOf(after, 'Math.floor')]);
    expect(index.find('b/src/utils/strings.ts')).toBe(renamed);
  });

  it('a binary file (no patch) has no commentable lines', async () => {
    const pr = await samplePullRequest();
    const logo = file(DiffIndex.fromGitHub(pr.files), 'assets/logo.png');
    expect(logo.hasPatch).toBe(false);
    expect(rangesOf(logo, 'RIGHT')).toEqual([]);
    expect(rangesOf(logo, 'LEFT')).toEqual([]);
  });

  it('does not know files outside the diff', async () => {
    const pr = await samplePullRequest();
    expect(DiffIndex.fromGitHub(pr.files).find('src/untouched.ts')).toBeUndefined();
  });
});

describe('parsePatch', () => {
  it('ignores "no newline at end of file" markers and counts omitted as one', () => {
    const hunks = parsePatch(
      '@@ -3 +3 @@ x\n-old\n\\ No newline at end of file\n+new\n\\ No newline at end of file',
    );
    expect(hunks).toEqual([
      {
        header: '@@ -3 +3 @@ x',
        left: { start: 3, end: 3 },
        right: { start: 3, end: 3 },
        added: [3],
        removed: [3],
      },
    ]);
  });

  it('treats an empty line inside a hunk as context, as some tools strip its space', () => {
    const [hunk] = parsePatch('@@ -1,3 +1,3 @@\n a\n\n-b\n+c');
    expect(hunk?.right).toEqual({ start: 1, end: 3 });
    expect(hunk?.added).toEqual([3]);
  });

  it('claims only the lines a cut-off patch shows, and reads a hunk after a bad line', () => {
    const hunks = parsePatch('@@ -1,10 +1,10 @@\n a\n b\n@@ -40,2 +40,3 @@\n c\n+d\n e');
    expect(hunks.map((hunk) => hunk.right)).toEqual([
      { start: 1, end: 2 },
      { start: 40, end: 42 },
    ]);
  });

  it('skips git file headers before the first hunk', () => {
    const hunks = parsePatch(
      'diff --git a/x b/x\nindex 1..2 100644\n--- a/x\n+++ b/x\n@@ -1 +1,2 @@\n x\n+y',
    );
    expect(hunks).toHaveLength(1);
    expect(hunks[0]?.added).toEqual([2]);
  });

  it('reads a deleted line that looks like a file header as a deleted line', () => {
    const [hunk] = parsePatch('@@ -1,2 +1 @@\n--- a/x\n keep');
    expect(hunk?.removed).toEqual([1]);
    expect(hunk?.right).toEqual({ start: 1, end: 1 });
  });

  it('an empty patch has no hunks', () => {
    expect(toDiffFile({ filename: 'a', patch: '' }).hasPatch).toBe(false);
    expect(parsePatch('not a diff')).toEqual([]);
  });
});
