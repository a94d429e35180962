// The pathspec that narrows git's listing for glob: never narrower than the pattern, checked
// against git itself on a repository of awkward names.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import picomatch from 'picomatch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { narrowingPathspecs } from '../../src/tools/glob-pathspec.js';
import { makeTempDir, removeTempDirs } from './tool-harness.js';

describe('narrowingPathspecs', () => {
  const glob = { caseSensitive: false, literal: false };

  it('passes plain patterns through, folding case unless asked not to', () => {
    expect(narrowingPathspecs('**/m07/f04*.ts', glob)).toEqual([':(glob,icase)**/m07/f04*.ts']);
    expect(narrowingPathspecs('src/*.ts', { ...glob, caseSensitive: true })).toEqual([
      ':(glob)src/*.ts',
    ]);
  });

  it('widens `?` and simple brace groups to `*`, and adds `dir` for `dir/**`', () => {
    expect(narrowingPathspecs('src/?.{ts,tsx}', glob)).toEqual([':(glob,icase)src/*.*']);
    expect(narrowingPathspecs('docs/**', glob)).toEqual([
      ':(glob,icase)docs/**',
      ':(glob,icase)docs',
    ]);
  });

  it('gives up where the dialects could disagree', () => {
    for (const pattern of [
      'src/[ab].ts',
      '!*.ts',
      '+(a|b).ts',
      'src/{a,b/c}.ts',
      'a\\*b',
      'café/*.md',
      '/abs/*.ts',
      '../*.ts',
      'src//x.ts',
      'src/',
    ]) {
      expect(narrowingPathspecs(pattern, glob), pattern).toBeNull();
    }
  });

  it('widens `k` for a literal path compared case-insensitively (the Kelvin sign folds to it)', () => {
    expect(narrowingPathspecs('Makefile', { caseSensitive: false, literal: true })).toEqual([
      ':(glob,icase)Ma*efile',
    ]);
    expect(narrowingPathspecs('Makefile', { caseSensitive: true, literal: true })).toEqual([
      ':(glob)Makefile',
    ]);
  });
});

describe('narrowingPathspecs against git', () => {
  const files = [
    'README.md',
    'readme.MD',
    '.env',
    '.github/workflows/ci.yml',
    'docs',
    'docs.md',
    'docs/guide.md',
    'docs/deep/er/notes.md',
    'src/a.ts',
    'src/b.tsx',
    'src/ab.ts',
    'src/.hidden.ts',
    'src/x.min.js',
    'src/with space.ts',
    'src/comma,name.ts',
    'src/Kelvin.ts',
    'src/\u212Aelvin.ts',
    'src/é.ts',
    'packages/p1/src/m07/f040.ts',
    'packages/p1/src/m07/f140.ts',
    'packages/p1/src/m17/f040.ts',
    'm07/f04.ts',
    'a/b/c/d/e.txt',
    'axb',
    'a/x/b',
    // A file, which `build/**` matches in picomatch.
    'build',
  ];
  const patterns = [
    '**/*.ts',
    '*.md',
    '**/*.md',
    'docs/**',
    'build/**',
    'docs/**/*.md',
    '**/m07/f04*.ts',
    'src/?.ts',
    'src/*.{ts,tsx}',
    'src/*{,.min}.js',
    '**/.*',
    '.github/**/*.yml',
    'a**b',
    'a/**/e.txt',
    '**',
    '*',
    'src/with space.ts',
    'src/comma,name.ts',
    'src/kelvin.ts',
    'README.md',
    'src/?.TS',
  ];
  let repo: string;

  beforeAll(async () => {
    repo = await makeTempDir('pathspec-');
    for (const file of files) {
      await mkdir(path.dirname(path.join(repo, file)), { recursive: true });
      if (file !== 'docs') await writeFile(path.join(repo, file), 'x');
    }
    execFileSync('git', ['init', '-q'], { cwd: repo });
  });
  afterAll(removeTempDirs);

  const listed = (specs: string[]) =>
    execFileSync(
      'git',
      ['-c', 'core.quotePath=false', 'ls-files', '-z', '--others', '--', ...specs],
      {
        cwd: repo,
        encoding: 'utf8',
      },
    )
      .split('\0')
      .filter((line) => line !== '');

  it('lets through every file the pattern matches, in either case mode', () => {
    const all = listed(['.']);
    expect(all.length).toBe(files.length - 1);
    for (const caseSensitive of [false, true]) {
      for (const pattern of patterns) {
        const specs = narrowingPathspecs(pattern, { caseSensitive, literal: false });
        expect(specs, pattern).not.toBeNull();
        const isMatch = picomatch(pattern, { dot: true, nocase: !caseSensitive });
        const matches = all.filter((file) => isMatch(file));
        // Every pattern matches something when case is folded: the check is not vacuous.
        if (!caseSensitive) expect(matches, pattern).not.toEqual([]);
        const narrowed = new Set(listed(specs ?? []));
        expect(
          matches.filter((file) => !narrowed.has(file)),
          `${pattern} ${caseSensitive}`,
        ).toEqual([]);
      }
    }
  });

  it('lets through a literal path, however its case is folded', () => {
    const all = listed(['.']);
    for (const pattern of ['src/kelvin.ts', 'readme.md', 'src/with space.ts']) {
      const specs = narrowingPathspecs(pattern, { caseSensitive: false, literal: true });
      const matches = all.filter((file) => file.toLowerCase() === pattern.toLowerCase());
      expect(matches.length, pattern).toBeGreaterThan(0);
      const narrowed = new Set(listed(specs ?? []));
      expect(
        matches.filter((file) => !narrowed.has(file)),
        pattern,
      ).toEqual([]);
    }
  });
});
