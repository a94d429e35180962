// Copies of base-branch folders, on answers the fake GitHub does not produce: executable modes,
// symlinks, submodules, binary and non-UTF-8 files, trees deeper than the listing, and limits.
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nock from 'nock';
import { afterEach, describe, expect, it, onTestFinished } from 'vitest';
import { copyBaseFolders, MAX_COPY_FILES } from '../../src/github/base-copies.js';
import { graphqlBlob, quietOctokit } from '../support/github-api.js';

afterEach(() => {
  nock.cleanAll();
});

const at = { owner: 'o', repo: 'r', sha: 'a'.repeat(40) };
const file = (name: string, text: string, mode = 0o100644, extra = {}) => ({
  name,
  type: 'blob',
  mode,
  object: graphqlBlob(text, extra),
});
const tree = (name: string, entries: unknown[]) => ({
  name,
  type: 'tree',
  mode: 0o40000,
  object: { __typename: 'Tree', entries },
});

/** Answers the listing with `nodes` for the folders asked (p0, p1, …) and their parents. */
function answer(nodes: unknown[]): { sent: () => string } {
  let query = '';
  nock('https://api.github.com')
    .post('/graphql', (body: { query: string }) => {
      query = body.query;
      return true;
    })
    .reply(200, () => {
      const repository: Record<string, unknown> = {};
      nodes.forEach((node, index) => {
        repository[`p${index}`] = node;
      });
      // The parents' entries (names and modes only): none is a symlink here.
      for (let index = nodes.length; index < nodes.length + 4; index += 1) {
        repository[`p${index}`] = { __typename: 'Tree', entries: [] };
      }
      return { data: { repository } };
    });
  return { sent: () => query };
}

async function into(): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'base-copies-'));
  onTestFinished(() => rm(dir, { recursive: true, force: true }));
  return dir;
}

describe('copyBaseFolders', () => {
  it('copies a folder whole, at its repository path, executables executable, in one request', async () => {
    const request = answer([
      {
        __typename: 'Tree',
        entries: [
          file('gemini-extension.json', '{"name":"tools"}'),
          file('start.sh', '#!/bin/sh\necho base\n', 0o100755),
          tree('lib', [file('util.js', 'module.exports = 1;\n'), tree('empty', [])]),
        ],
      },
    ]);
    const root = await into();

    const copies = await copyBaseFolders(quietOctokit(), at, ['.gemini/extensions/tools'], {
      into: root,
    });

    const folder = path.join(root, '.gemini', 'extensions', 'tools');
    expect(copies).toEqual([{ folder: '.gemini/extensions/tools', directory: folder }]);
    // One request, which carries the files' text and modes.
    expect(nock.isDone()).toBe(true);
    expect(request.sent()).toMatch(/entries \{ name type mode object \{ __typename .*text/);
    expect(await readFile(path.join(folder, 'start.sh'), 'utf8')).toBe('#!/bin/sh\necho base\n');
    expect((await stat(path.join(folder, 'start.sh'))).mode & 0o777).toBe(0o755);
    expect((await stat(path.join(folder, 'gemini-extension.json'))).mode & 0o777).toBe(0o644);
    expect(await readFile(path.join(folder, 'lib', 'util.js'), 'utf8')).toBe(
      'module.exports = 1;\n',
    );
    // Every folder on the way is open to the sandbox's user.
    for (const dir of [
      '.gemini',
      '.gemini/extensions',
      '.gemini/extensions/tools',
      '.gemini/extensions/tools/lib',
    ]) {
      expect((await stat(path.join(root, dir))).mode & 0o777).toBe(0o755);
    }
  });

  it.each([
    [
      'a symlink',
      file('link.sh', '/work/repo/evil.sh', 0o120000),
      'link.sh: a symlink, not a file',
    ],
    [
      'a submodule',
      { name: 'vendor', type: 'commit', mode: 0o160000, object: { __typename: 'Commit' } },
      'vendor: a commit, not a file',
    ],
    [
      'a binary file',
      file('bin', '', 0o100755, { isBinary: true, text: null }),
      'bin: a binary file',
    ],
    [
      'a truncated file',
      file('cut.js', 'x', 0o100644, { isTruncated: true }),
      'cut.js: GitHub returned it truncated',
    ],
    [
      'text that is not UTF-8',
      file('latin.txt', 'caf\uFFFD', 0o100644, { byteSize: 4 }),
      'latin.txt: not UTF-8 text',
    ],
    [
      'a folder deeper than the listing',
      { name: 'deep', type: 'tree', mode: 0o40000 },
      'deep: nested deeper than the configuration is read',
    ],
  ])('copies nothing of a folder holding %s, and says why', async (_what, entry, reason) => {
    answer([{ __typename: 'Tree', entries: [file('start.sh', 'echo base\n'), entry] }]);
    const root = await into();

    const copies = await copyBaseFolders(quietOctokit(), at, ['ext'], { into: root });

    expect(copies).toEqual([{ folder: 'ext', reason: `ext/${reason}` }]);
    await expect(stat(path.join(root, 'ext'))).rejects.toThrow();
  });

  it('says when the folder is missing or a file, and copies the others', async () => {
    answer([null, graphqlBlob('a file'), { __typename: 'Tree', entries: [file('x', 'x')] }]);
    const root = await into();

    const copies = await copyBaseFolders(quietOctokit(), at, ['gone', 'file', 'ok'], {
      into: root,
    });

    expect(copies).toEqual([
      { folder: 'gone', reason: 'it is not a folder on the base branch' },
      { folder: 'file', reason: 'it is a file on the base branch, not a folder' },
      { folder: 'ok', directory: path.join(root, 'ok') },
    ]);
  });

  it('copies no folder beyond the file limit', async () => {
    const many = Array.from({ length: MAX_COPY_FILES + 1 }, (_, index) => file(`f${index}`, 'x'));
    answer([{ __typename: 'Tree', entries: many }]);
    const root = await into();

    const copies = await copyBaseFolders(quietOctokit(), at, ['ext'], { into: root });

    expect(copies).toEqual([
      { folder: 'ext', reason: `more than ${MAX_COPY_FILES} files are to be copied` },
    ]);
  });

  it('refuses a folder path that leaves the repository, before any request', async () => {
    await expect(
      copyBaseFolders(quietOctokit(), at, ['../etc'], { into: await into() }),
    ).rejects.toThrow(/inside the repository/);
    expect(await copyBaseFolders(quietOctokit(), at, [], { into: await into() })).toEqual([]);
  });
});
