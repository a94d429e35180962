// The one containment check every boundary uses (the workspace, the sandbox, the policy, the
// loaders of configuration, publishing, the A2A server), and its edge cases, tested once here.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  climbsOut,
  isInsideOrSame,
  isInsideOrSameNormal,
  isStrictlyInside,
  relativeInside,
} from '../../src/platform/path-containment.js';

const root = path.resolve('/work/repo');
const at = (...parts: string[]) => path.join(root, ...parts);

describe('path containment', () => {
  it('counts the root itself as inside-or-same but not strictly inside', () => {
    expect(isInsideOrSame(root, root)).toBe(true);
    expect(isStrictlyInside(root, root)).toBe(false);
    expect(relativeInside(root, root)).toBe('');
  });

  it('ignores a trailing separator on either side', () => {
    expect(isInsideOrSame(`${root}${path.sep}`, root)).toBe(true);
    expect(isInsideOrSame(root, `${root}${path.sep}`)).toBe(true);
    expect(relativeInside(at('src') + path.sep, `${root}${path.sep}`)).toBe('src');
    expect(isStrictlyInside(`${root}${path.sep}`, root)).toBe(false);
  });

  it('counts files and folders below the root, and gives their relative path', () => {
    expect(isInsideOrSame(at('src', 'a.ts'), root)).toBe(true);
    expect(isStrictlyInside(at('src'), root)).toBe(true);
    expect(relativeInside(at('src', 'a.ts'), root)).toBe(path.join('src', 'a.ts'));
  });

  it('counts a child literally named "..name" as inside (a prefix test on ".." would not)', () => {
    expect(isInsideOrSame(at('..config'), root)).toBe(true);
    expect(isStrictlyInside(at('..', 'repo', '..hidden', 'x'), root)).toBe(true);
    expect(relativeInside(at('..config', 'x'), root)).toBe(path.join('..config', 'x'));
    expect(relativeInside(at('...'), root)).toBe('...');
    expect(climbsOut('..config')).toBe(false);
    expect(climbsOut('..')).toBe(true);
    expect(climbsOut(`..${path.sep}x`)).toBe(true);
    expect(climbsOut('')).toBe(false);
  });

  it('refuses the parent, siblings sharing a prefix, and climbs out', () => {
    expect(isInsideOrSame(path.dirname(root), root)).toBe(false);
    expect(isInsideOrSame(`${root}-other`, root)).toBe(false);
    expect(isInsideOrSame(`${root}2${path.sep}x`, root)).toBe(false);
    expect(isInsideOrSame(at('src', '..', '..', 'etc'), root)).toBe(false);
    expect(isStrictlyInside(path.resolve('/etc/passwd'), root)).toBe(false);
    expect(relativeInside(`${root}-other`, root)).toBeUndefined();
    expect(relativeInside(path.dirname(root), root)).toBeUndefined();
  });

  it('normalises the spelling of both sides', () => {
    expect(isInsideOrSame(at('src', '.', 'a.ts'), `${root}${path.sep}.`)).toBe(true);
    expect(isInsideOrSame(at('src', '..', 'b.ts'), root)).toBe(true);
  });

  it('takes `link/..` as text: the caller resolves symlinks first', () => {
    // The kernel would go to the parent of the link's target; the text says "the root itself".
    expect(relativeInside(at('link', '..'), root)).toBe('');
    expect(isInsideOrSame(`${root}${path.sep}link${path.sep}..${path.sep}x`, root)).toBe(true);
  });

  it('holds every absolute path inside the file system root', () => {
    const top = path.parse(root).root;
    expect(isInsideOrSame(root, top)).toBe(true);
    expect(isStrictlyInside(root, top)).toBe(true);
    expect(isInsideOrSame(top, top)).toBe(true);
    expect(isStrictlyInside(top, top)).toBe(false);
    expect(isInsideOrSame(top, root)).toBe(false);
  });

  it('compares names with their case on POSIX: folding is the caller’s (path-spelling.ts)', () => {
    expect(isInsideOrSame('/Work/Repo/x', '/work/repo', path.posix)).toBe(false);
    expect(isInsideOrSame('/work/repo/X', '/work/repo', path.posix)).toBe(true);
    expect(relativeInside('/work/repo/A', '/work/repo/a', path.posix)).toBeUndefined();
  });

  it('follows Windows rules through path.win32: another drive is outside, case is folded', () => {
    const win = path.win32;
    expect(isInsideOrSame('D:\\repo\\x', 'C:\\repo', win)).toBe(false);
    expect(relativeInside('D:\\repo\\x', 'C:\\repo', win)).toBeUndefined();
    expect(isInsideOrSame('c:\\REPO\\x', 'C:\\repo', win)).toBe(true);
    expect(relativeInside('C:\\repo\\..name\\x', 'C:\\repo\\', win)).toBe('..name\\x');
    expect(isInsideOrSame('C:\\repo2', 'C:\\repo', win)).toBe(false);
    expect(isInsideOrSame('C:\\repo\\x', 'C:\\', win)).toBe(true);
    expect(isInsideOrSame('\\\\server\\share\\a\\b', '\\\\server\\share\\a', win)).toBe(true);
    expect(climbsOut('..\\x', win)).toBe(true);
    expect(climbsOut('..x', win)).toBe(false);
  });
});

describe('path containment of normal paths, by their text', () => {
  it('agrees with the general check on paths in normal form', () => {
    const candidates = [
      root,
      at('src'),
      at('..config'),
      path.dirname(root),
      `${root}-other`,
      `${root}2${path.sep}x`,
      path.resolve('/etc/passwd'),
      path.parse(root).root,
    ];
    for (const outer of [root, path.parse(root).root, at('src')]) {
      for (const inner of candidates) {
        expect(isInsideOrSameNormal(inner, outer), `${inner} in ${outer}`).toBe(
          isInsideOrSame(inner, outer),
        );
      }
    }
  });
});
