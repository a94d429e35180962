import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { fetchPullRequestFiles } from '../../src/review/pull-request-files.js';
import { GITHUB_API, githubApi, quietOctokit } from '../support/github-api.js';

const BASE = '0123456789abcdef0123456789abcdef01234567';
const HEAD = 'e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3';
const FILES = '/repos/octo/shop/pulls/7/files';

afterEach(() => {
  nock.cleanAll();
});

const entry = (filename: string) => ({
  sha: 'x',
  filename,
  status: 'modified',
  additions: 1,
  deletions: 1,
  changes: 2,
  patch: '@@ -1 +1 @@\n-a\n+b',
});

describe('fetchPullRequestFiles', () => {
  it('reads every page of the pull request’s files', async () => {
    const first = Array.from({ length: 100 }, (_, i) => entry(`f${i}.ts`));
    githubApi()
      .get(FILES)
      .query({ per_page: '100' })
      .reply(200, first, { link: `<${GITHUB_API}${FILES}?per_page=100&page=2>; rel="next"` })
      .get(FILES)
      .query({ per_page: '100', page: '2' })
      .reply(200, [{ ...entry('new.ts'), status: 'renamed', previous_filename: 'old.ts' }]);

    const files = await fetchPullRequestFiles(quietOctokit(), {
      owner: 'octo',
      repo: 'shop',
      pullNumber: 7,
      headSha: HEAD,
      baseSha: BASE,
      currentHeadSha: HEAD,
    });

    expect(files).toHaveLength(101);
    expect(files[100]).toEqual({
      filename: 'new.ts',
      status: 'renamed',
      previous_filename: 'old.ts',
      patch: '@@ -1 +1 @@\n-a\n+b',
    });
  });

  it('compares base and the reviewed head when the branch moved on', async () => {
    githubApi()
      .get(`/repos/octo/shop/compare/${BASE}...${HEAD}`)
      .query({ per_page: '1' })
      .reply(200, { status: 'ahead', files: [entry('pinned.ts')] });

    const files = await fetchPullRequestFiles(quietOctokit(), {
      owner: 'octo',
      repo: 'shop',
      pullNumber: 7,
      headSha: HEAD,
      baseSha: BASE,
      currentHeadSha: 'ffffffffffffffffffffffffffffffffffffffff',
    });

    expect(files.map((file) => file.filename)).toEqual(['pinned.ts']);
  });
});
