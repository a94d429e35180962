import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/platform/errors.js';
import { Workspace } from '../../src/tools/workspace.js';
import { hasRules } from '../../src/tools/ignore-rules.js';
import { makeTempDir, removeTempDirs } from './tool-harness.js';

let root: string;
let outside: string;
let workspace: Workspace;

beforeEach(async () => {
  root = await makeTempDir('workspace-');
  outside = await makeTempDir('outside-');
  workspace = await Workspace.create(root);
});
afterEach(removeTempDirs);

const outsideMessage = (attempted: string, roots = root) =>
  `Path not in workspace: Attempted path "${attempted}" resolves outside the allowed workspace directories: ${roots}`;

describe('Workspace.resolve', () => {
  it('resolves relative paths against the root, including files that do not exist yet', () => {
    expect(workspace.resolve('src/new/file.ts', { purpose: 'write' })).toEqual({
      ok: true,
      absolutePath: path.join(root, 'src', 'new', 'file.ts'),
      relativePath: path.join('src', 'new', 'file.ts'),
      root,
    });
    expect(workspace.resolve('', { purpose: 'read' })).toMatchObject({
      ok: true,
      relativePath: '',
    });
  });

  it('allows absolute paths inside the root and refuses those outside', () => {
    expect(workspace.resolve(path.join(root, 'a.txt'), { purpose: 'read' }).ok).toBe(true);
    const secret = path.join(outside, 'secret');
    expect(workspace.resolve(secret, { purpose: 'read' })).toEqual({
      ok: false,
      error: { message: outsideMessage(secret), type: 'path_not_in_workspace' },
    });
  });

  it('refuses `..` escapes, also ones hidden in the middle of a path', () => {
    for (const attempt of ['..', '../x', 'src/../../x', `${root}/a/../../x`]) {
      const result = workspace.resolve(attempt, { purpose: 'read' });
      expect(result).toEqual({
        ok: false,
        error: {
          message: outsideMessage(path.resolve(root, attempt)),
          type: 'path_not_in_workspace',
        },
      });
    }
    expect(workspace.resolve('src/../a.txt', { purpose: 'read' })).toMatchObject({
      ok: true,
      relativePath: 'a.txt',
    });
  });

  it('does not treat a sibling directory sharing the prefix as inside', async () => {
    const sibling = `${root}-sibling`;
    await mkdir(sibling);
    try {
      expect(workspace.resolve(path.join(sibling, 'x'), { purpose: 'read' }).ok).toBe(false);
    } finally {
      await rm(sibling, { recursive: true });
    }
  });

  it('refuses symlinks that lead out, to existing and to not-yet-existing targets', async () => {
    await writeFile(path.join(outside, 'secret'), 'x');
    await symlink(path.join(outside, 'secret'), path.join(root, 'existing-link'));
    await symlink(path.join(outside, 'not-yet'), path.join(root, 'dangling-link'));
    await symlink(outside, path.join(root, 'dir-link'));
    await symlink('../../../..' + outside, path.join(root, 'relative-link'));
    for (const attempt of [
      'existing-link',
      'dangling-link',
      'dir-link/new-file',
      'dir-link/deeper/new-file',
      'relative-link/x',
    ]) {
      const result = workspace.resolve(attempt, { purpose: 'write' });
      expect(result.ok, attempt).toBe(false);
    }
  });

  it('follows symlinks that stay inside and returns the real path', async () => {
    await mkdir(path.join(root, 'real'));
    await symlink(path.join(root, 'real'), path.join(root, 'alias'));
    await symlink('real/missing.txt', path.join(root, 'dangling-inside'));
    expect(workspace.resolve('alias/file.ts', { purpose: 'write' })).toMatchObject({
      ok: true,
      absolutePath: path.join(root, 'real', 'file.ts'),
      relativePath: path.join('real', 'file.ts'),
    });
    expect(workspace.resolve('dangling-inside', { purpose: 'write' })).toMatchObject({
      ok: true,
      relativePath: path.join('real', 'missing.txt'),
    });
  });

  it('applies `..` after a symlink to where the symlink leads, as the kernel does', async () => {
    await mkdir(path.join(outside, 'inner'));
    await symlink(path.join(outside, 'inner'), path.join(root, 'link'));
    // Lexically `link/../x` is `<root>/x`; on disk it is `<outside>/x`.
    await symlink('link/../x', path.join(root, 'tricky'));
    expect(workspace.resolve('tricky', { purpose: 'write' }).ok).toBe(false);
  });

  it('refuses symlink loops and NUL bytes', async () => {
    await symlink(path.join(root, 'loop-b'), path.join(root, 'loop-a'));
    await symlink(path.join(root, 'loop-a'), path.join(root, 'loop-b'));
    expect(workspace.resolve('loop-a/x', { purpose: 'read' }).ok).toBe(false);
    expect(workspace.resolve('a\0b', { purpose: 'read' }).ok).toBe(false);
  });

  it('accepts the root through a symlinked path to it', async () => {
    const alias = path.join(outside, 'root-alias');
    await symlink(root, alias);
    const viaAlias = await Workspace.create(alias);
    expect(viaAlias.root).toBe(root);
    expect(workspace.resolve(path.join(alias, 'a.txt'), { purpose: 'read' })).toMatchObject({
      ok: true,
      absolutePath: path.join(root, 'a.txt'),
    });
  });

  it('refuses writes inside any .git directory, in any case and at any depth', async () => {
    await mkdir(path.join(root, '.git', 'hooks'), { recursive: true });
    await symlink(path.join(root, '.git'), path.join(root, 'git-alias'));
    for (const attempt of [
      '.git/hooks/pre-commit',
      '.GIT/hooks/pre-commit',
      '.git',
      'vendor/lib/.git/config',
      'git-alias/config',
    ]) {
      const result = workspace.resolve(attempt, { purpose: 'write' });
      expect(result.ok, attempt).toBe(false);
      if (!result.ok) expect(result.error.message).toContain('inside a .git directory');
    }
    expect(workspace.resolve('.git/HEAD', { purpose: 'read' }).ok).toBe(true);
    expect(workspace.resolve('.github/workflows/ci.yml', { purpose: 'write' }).ok).toBe(true);
  });

  it('allows additional roots and names all roots in the refusal', async () => {
    const extra = await makeTempDir('extra-');
    const multi = await Workspace.create(root, { additionalRoots: [extra] });
    expect(multi.resolve(path.join(extra, 'lib.ts'), { purpose: 'read' })).toEqual({
      ok: true,
      absolutePath: path.join(extra, 'lib.ts'),
      relativePath: 'lib.ts',
      root: extra,
    });
    const secret = path.join(outside, 'secret');
    expect(multi.resolve(secret, { purpose: 'read' })).toEqual({
      ok: false,
      error: {
        message: outsideMessage(secret, `${root}, ${extra}`),
        type: 'path_not_in_workspace',
      },
    });
  });

  it('fails with a configuration error when a root does not exist or is a file', async () => {
    await expect(Workspace.create(path.join(root, 'missing'))).rejects.toThrow(ConfigurationError);
    await writeFile(path.join(root, 'file'), '');
    await expect(Workspace.create(path.join(root, 'file'))).rejects.toThrow(/not a directory/);
  });
});

describe('Workspace.fileFilter', () => {
  async function files(entries: Record<string, string>): Promise<void> {
    for (const [name, content] of Object.entries(entries)) {
      const file = path.join(root, name);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, content);
    }
  }
  const both = { respectGitIgnore: true, respectGeminiIgnore: true };

  it('applies the root .gitignore, including directory-only rules and negations', async () => {
    await files({ '.gitignore': 'dist/\n*.log\n!keep.log\n' });
    const filter = workspace.fileFilter(both);
    expect(filter.isIgnored('dist', { isDirectory: true })).toBe(true);
    expect(filter.isIgnored('dist/')).toBe(true);
    expect(filter.isIgnored('dist')).toBe(false);
    expect(filter.isIgnored('dist/bundle.js')).toBe(true);
    expect(filter.isIgnored('src/debug.log')).toBe(true);
    expect(filter.isIgnored('keep.log')).toBe(false);
    expect(filter.isIgnored('src/index.ts')).toBe(false);
  });

  it('applies nested .gitignore files relative to their directory, deeper ones winning', async () => {
    await files({
      '.gitignore': '*.gen.ts\n',
      'pkg/.gitignore': 'local.json\n!keep.gen.ts\n',
    });
    const filter = workspace.fileFilter(both);
    expect(filter.isIgnored('pkg/local.json')).toBe(true);
    expect(filter.isIgnored('local.json')).toBe(false);
    expect(filter.isIgnored('pkg/a.gen.ts')).toBe(true);
    expect(filter.isIgnored('pkg/keep.gen.ts')).toBe(false);
  });

  it('never lets a rule bring back a file inside an ignored directory', async () => {
    await files({ '.gitignore': 'build/\n', 'build/.gitignore': '!important.txt\n' });
    expect(workspace.fileFilter(both).isIgnored('build/important.txt')).toBe(true);
  });

  it('reads .git/info/exclude and .geminiignore, each behind its own switch', async () => {
    await files({ '.git/info/exclude': 'scratch/\n', '.geminiignore': 'secrets.md\n' });
    const gitOnly = workspace.fileFilter({ respectGitIgnore: true, respectGeminiIgnore: false });
    const geminiOnly = workspace.fileFilter({ respectGitIgnore: false, respectGeminiIgnore: true });
    expect(gitOnly.isIgnored('scratch/x')).toBe(true);
    expect(gitOnly.isIgnored('secrets.md')).toBe(false);
    expect(geminiOnly.isIgnored('scratch/x')).toBe(false);
    expect(geminiOnly.isIgnored('secrets.md')).toBe(true);
  });

  it('always ignores .git, whatever the switches and the case', () => {
    const none = workspace.fileFilter({ respectGitIgnore: false, respectGeminiIgnore: false });
    expect(none.isIgnored('.git', { isDirectory: true })).toBe(true);
    expect(none.isIgnored('.git/config')).toBe(true);
    expect(none.isIgnored('.GIT/config')).toBe(true);
    expect(none.isIgnored('vendor/.git/config')).toBe(true);
    expect(none.isIgnored('.github/workflows/ci.yml')).toBe(false);
  });

  it('answers the same for every spelling of a path, whichever is asked first', async () => {
    await files({ '.gitignore': 'dist/\n*.log\n!keep.log\n', 'pkg/.gitignore': 'local.json\n' });
    const spellings = [
      ['src/debug.log', './src/debug.log', 'src//debug.log', 'src/./debug.log'],
      ['pkg/local.json', 'pkg/./local.json', './pkg//local.json'],
      ['dist/a/b.js', 'dist//a/b.js', './dist/a/./b.js'],
      ['keep.log', './keep.log'],
      ['src/index.ts', 'src//index.ts'],
    ];
    for (const group of spellings) {
      const plainFirst = workspace.fileFilter(both);
      const unusualFirst = workspace.fileFilter(both);
      const expected = plainFirst.isIgnored(group[0] ?? '');
      for (const spelling of [...group].reverse()) {
        expect(unusualFirst.isIgnored(spelling), spelling).toBe(expected);
      }
      for (const spelling of group) expect(plainFirst.isIgnored(spelling), spelling).toBe(expected);
    }
    expect(workspace.fileFilter(both).isIgnored('src/debug.log')).toBe(true);
    expect(workspace.fileFilter(both).isIgnored('src/index.ts')).toBe(false);
  });

  it('treats an ignore file of comments and blank lines as no rules, and `\\#` as a rule', async () => {
    expect(hasRules('# git ls-files --others --exclude-from=.git/info/exclude\n\n   \r\n')).toBe(
      false,
    );
    expect(hasRules('# a comment\n\\#notes.md\n')).toBe(true);
    expect(hasRules(' #notes.md')).toBe(true);
    await files({ '.git/info/exclude': '# only comments\n\n', '.gitignore': '\\#notes.md\n' });
    const filter = workspace.fileFilter(both);
    expect(filter.isIgnored('#notes.md')).toBe(true);
    expect(filter.isIgnored('notes.md')).toBe(false);
  });

  it('gives a new filter the ignore rules as they are now', async () => {
    const before = workspace.fileFilter(both);
    expect(before.isIgnored('out.txt')).toBe(false);
    await files({ '.gitignore': 'out.txt\n' });
    expect(workspace.fileFilter(both).isIgnored('out.txt')).toBe(true);
  });
});
