import { expect, it } from 'vitest';
import path from 'node:path';
import { foldName, isGitName, isNormalAbsolute } from '../../src/tools/path-spelling.js';

/** The full fold: NFKC, invisible code points dropped, case folded through upper case. */
const fullFold = (name: string) =>
  name
    .normalize('NFKC')
    .replace(/\p{Default_Ignorable_Code_Point}/gu, '')
    .normalize('NFKC')
    .toUpperCase()
    .toLowerCase()
    .normalize('NFKC');

it('folds ASCII names (the short way) exactly as the full Unicode fold does', () => {
  const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code));
  for (const name of [...ascii, ascii.join(''), '/Work/Repo/SRC/Main.TS', '.GIT']) {
    expect(foldName(name)).toBe(fullFold(name));
  }
});

it('still folds names beyond ASCII: fullwidth letters, invisible code points, dotless i', () => {
  expect(foldName('.ＧＩＴ')).toBe('.git');
  expect(foldName('.g\u200Bit')).toBe('.git');
  expect(foldName('.gıt')).toBe('.git');
  expect(isGitName('.G\u200CIT')).toBe(true);
});

it('knows the absolute paths path.resolve keeps as they are', () => {
  const cases = ['/a/b', '/', '/.a/b..', '/a/.b/c', '/a/...', '/a//b', '/a/./b', '/a/../b'];
  for (const one of [...cases, '/a/b/', '/a/b/.', '/a/b/..', '//a', 'a/b', './a']) {
    const kept = path.resolve('/elsewhere', one) === one;
    expect(isNormalAbsolute(one), one).toBe(process.platform !== 'win32' && kept);
  }
});
