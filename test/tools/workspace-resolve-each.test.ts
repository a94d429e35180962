// `resolveEachForReading`: many paths confined at once must answer exactly what `resolve` answers
// for each, whatever lies on the way (symlinks in and out, denied places, hard links, `.git`).
import { link, lstat, mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Workspace } from '../../src/tools/workspace.js';
import { makeTempDir, removeTempDirs } from './tool-harness.js';

let root: string;
let outside: string;

beforeEach(async () => {
  root = await makeTempDir('resolve-each-');
  outside = await makeTempDir('resolve-each-outside-');
});
afterEach(removeTempDirs);

async function file(at: string, text = 'x'): Promise<void> {
  await mkdir(path.dirname(at), { recursive: true });
  await writeFile(at, text);
}

it('answers for each path what resolve answers, with the real path’s lstat', async () => {
  const inside = (name: string) => path.join(root, name);
  await file(inside('src/a.ts'));
  await file(inside('src/b.ts'));
  await file(inside('src/deep/c.ts'));
  await file(inside('.git/config'));
  await file(inside('secrets/key.json'));
  await file(inside('creds.json'));
  await file(path.join(outside, 'leak.ts'));
  await file(path.join(outside, 'dir/inner.ts'));
  await file(path.join(outside, 'shared.ts'));
  await symlink(path.join(outside, 'leak.ts'), inside('src/leak.ts'));
  await symlink(path.join(outside, 'dir'), inside('src/out'));
  await symlink(inside('src/a.ts'), inside('src/alias.ts'));
  await symlink(inside('src/deep'), inside('deep-link'));
  await symlink(inside('secrets'), inside('src/to-secrets'));
  await symlink(path.join(outside, 'nowhere.ts'), inside('src/dangling.ts'));
  await symlink(inside('src/loop-b'), inside('src/loop-a'));
  await symlink(inside('src/loop-a'), inside('src/loop-b'));
  await link(path.join(outside, 'shared.ts'), inside('src/hard.ts'));
  const workspace = await Workspace.create(root, {
    deniedPaths: [
      { path: inside('secrets'), reason: 'test secrets' },
      { path: inside('creds.json'), reason: 'test credentials' },
    ],
  });

  const requested = [
    'src/a.ts',
    'src/b.ts',
    'src/deep/c.ts',
    'src/alias.ts',
    'deep-link/c.ts',
    'src/leak.ts',
    'src/out/inner.ts',
    'src/to-secrets/key.json',
    'secrets/key.json',
    'creds.json',
    'src/hard.ts',
    'src/dangling.ts',
    'src/missing.ts',
    'src/missing-dir/x.ts',
    'src/loop-a/x.ts',
    'src/a.ts/x',
    '.git/config',
    `src/${'n'.repeat(300)}.ts`,
    'src/nul\0.ts',
    '../outside.ts',
  ]
    .flatMap((name) => [inside(name), inside(name)])
    // Spellings that are not in normal form, and a relative path.
    .concat([`${root}/src/./a.ts`, `${root}//src/a.ts`, `${root}/src/deep/../b.ts`, 'src/a.ts']);

  const each = workspace.resolveEachForReading(requested);
  expect(each).toHaveLength(requested.length);
  for (const [index, one] of requested.entries()) {
    const expected = workspace.resolve(one, { purpose: 'read' });
    const actual = each[index];
    if (actual?.ok) {
      const { stats, ...resolved } = actual;
      expect(resolved, one).toEqual(expected);
      const real = await lstat(actual.absolutePath).catch(() => null);
      expect(stats?.ino, one).toBe(real?.ino);
    } else {
      expect(actual, one).toEqual(expected);
    }
  }
  // The cases above do what they say: some pass, and each kind of refusal is among them.
  const refusals = each.map((one) => (one.ok ? 'ok' : one.error.message));
  expect(refusals.filter((one) => one === 'ok').length).toBe(2 * 9 + 4);
  for (const reason of ['outside the allowed', 'test secrets', 'test credentials', 'hard link']) {
    expect(
      refusals.some((one) => one.includes(reason)),
      reason,
    ).toBe(true);
  }
});
