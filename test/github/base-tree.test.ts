// The base-branch tree reader on answers the fake does not produce: symlinks, submodules,
// binary, truncated and large files, and folders deeper than the query reached.
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { listBaseTrees, readBaseFiles } from '../../src/github/base-tree.js';
import { graphqlBlob, quietOctokit } from '../support/github-api.js';

afterEach(() => {
  nock.cleanAll();
});

const at = { owner: 'o', repo: 'r', sha: 'a'.repeat(40) };

describe('listBaseTrees', () => {
  it('lists regular files and says why everything else was left out', async () => {
    let sent: { query: string; variables: Record<string, string> } | undefined;
    nock('https://api.github.com')
      .post('/graphql', (body: typeof sent) => {
        sent = body;
        return true;
      })
      .reply(200, {
        data: {
          repository: {
            p0: {
              __typename: 'Tree',
              entries: [
                { name: 'ok.toml', type: 'blob', mode: 33188, object: graphqlBlob('prompt = "x"') },
                {
                  name: 'link.toml',
                  type: 'blob',
                  mode: 40960,
                  object: graphqlBlob('/etc/passwd'),
                },
                {
                  name: 'image.toml',
                  type: 'blob',
                  mode: 33188,
                  object: graphqlBlob('', { isBinary: true, text: null }),
                },
                {
                  name: 'big.toml',
                  type: 'blob',
                  mode: 33188,
                  object: graphqlBlob('x', { byteSize: 2 * 1024 * 1024 }),
                },
                {
                  name: 'cut.toml',
                  type: 'blob',
                  mode: 33188,
                  object: graphqlBlob('x', { isTruncated: true }),
                },
                { name: 'vendor', type: 'commit', mode: 57344, object: { __typename: 'Commit' } },
                { name: 'deep', type: 'tree', mode: 16384 },
              ],
            },
            p1: null,
          },
        },
      });

    const listing = await listBaseTrees(quietOctokit(), at, [
      { path: '.gemini/commands', depth: 1, withText: true },
      { path: '.gemini/extensions', depth: 1, withText: false },
    ]);

    expect(sent?.variables).toEqual({
      owner: 'o',
      name: 'r',
      e0: `${at.sha}:.gemini/commands`,
      e1: `${at.sha}:.gemini/extensions`,
      // Their parent folder, once: the modes of the entries the paths name.
      e2: `${at.sha}:.gemini`,
    });
    expect(sent?.query).toContain(
      'p0: object(expression: $e0) { __typename ... on Blob { byteSize isBinary isTruncated text }',
    );
    expect(sent?.query).toContain(
      'p1: object(expression: $e1) { __typename ... on Blob { byteSize isBinary isTruncated }',
    );
    expect(listing).toEqual({
      files: [
        { path: '.gemini/commands/ok.toml', byteSize: 12, text: 'prompt = "x"' },
        { path: '.gemini/commands/image.toml', byteSize: 0, unusable: 'a binary file' },
        {
          path: '.gemini/commands/big.toml',
          byteSize: 2097152,
          unusable: 'larger than 1048576 bytes',
        },
        {
          path: '.gemini/commands/cut.toml',
          byteSize: 1,
          unusable: 'GitHub returned it truncated',
        },
      ],
      missing: ['.gemini/extensions'],
      skipped: [
        { path: '.gemini/commands/link.toml', reason: 'a symlink, not a file' },
        { path: '.gemini/commands/vendor', reason: 'a commit, not a file' },
        { path: '.gemini/commands/deep', reason: 'nested deeper than the configuration is read' },
      ],
    });
  });

  it('reads the text of several files in one request', async () => {
    const scope = nock('https://api.github.com')
      .post('/graphql')
      .reply(200, { data: { repository: { p0: graphqlBlob('a'), p1: { __typename: 'Tree' } } } });
    const files = await readBaseFiles(quietOctokit(), at, ['x/a.md', 'x/dir']);
    expect(files).toEqual([
      { path: 'x/a.md', byteSize: 1, text: 'a' },
      { path: 'x/dir', byteSize: 0, unusable: 'not a file' },
    ]);
    expect(scope.isDone()).toBe(true);
  });
});
