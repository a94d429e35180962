import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  isInsideOrSame,
  isInsideOrSameNormal,
  isStrictlyInside,
} from '../../src/platform/path-containment.js';

const root = path.resolve('/work/repo');
const at = (...parts: string[]) => path.join(root, ...parts);

describe('path containment', () => {
  it('counts the root itself as inside-or-same but not strictly inside', () => {
    expect(isInsideOrSame(root, root)).toBe(true);
    expect(isStrictlyInside(root, root)).toBe(false);
    expect(isInsideOrSame(`${root}${path.sep}`, root)).toBe(true);
  });

  it('counts files and folders below the root', () => {
    expect(isInsideOrSame(at('src', 'a.ts'), root)).toBe(true);
    expect(isStrictlyInside(at('src'), root)).toBe(true);
  });

  it('counts a child literally named "..name" as inside', () => {
    expect(isInsideOrSame(at('..config'), root)).toBe(true);
    expect(isStrictlyInside(at('..', 'repo', '..hidden', 'x'), root)).toBe(true);
  });

  it('refuses the parent, siblings sharing a prefix, and climbs out', () => {
    expect(isInsideOrSame(path.dirname(root), root)).toBe(false);
    expect(isInsideOrSame(`${root}-other`, root)).toBe(false);
    expect(isInsideOrSame(`${root}2${path.sep}x`, root)).toBe(false);
    expect(isInsideOrSame(at('src', '..', '..', 'etc'), root)).toBe(false);
    expect(isStrictlyInside(path.resolve('/etc/passwd'), root)).toBe(false);
  });

  it('normalises the spelling of both sides', () => {
    expect(isInsideOrSame(at('src', '.', 'a.ts'), `${root}${path.sep}.`)).toBe(true);
    expect(isInsideOrSame(at('src', '..', 'b.ts'), root)).toBe(true);
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
