import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { upsertPullRequest } from '../../src/publish/pull-request.js';
import { PULL_REQUEST_MARKER, renderPullRequestBody } from '../../src/publish/pull-request-body.js';
import { githubApi } from '../support/github-api.js';
import { testOctokit } from './octokit.js';
import type { CreatePrSetting } from '../../src/publish/publish-types.js';

const PULLS = '/repos/octo/shop/pulls';
const QUERY = { head: 'octo:gemini/issue-5-fix', state: 'open', per_page: '10' };
const body = `Fixed.\n\n${PULL_REQUEST_MARKER}`;

function upsert(createPr: CreatePrSetting) {
  return upsertPullRequest({
    octokit: testOctokit(),
    owner: 'octo',
    repo: 'shop',
    branch: 'gemini/issue-5-fix',
    base: 'main',
    title: 'Fix the bug',
    body,
    createPr,
  });
}

describe('upsertPullRequest', () => {
  afterEach(() => {
    nock.cleanAll();
  });

  it.each([
    ['draft', true],
    ['ready', false],
  ] as const)('opens a %s pull request when none is open', async (setting, draft) => {
    const created: unknown[] = [];
    githubApi()
      .get(PULLS)
      .query(QUERY)
      .reply(200, [])
      .post(PULLS)
      .reply(201, (_uri, request) => {
        created.push(request);
        return { number: 12, html_url: 'https://github.com/octo/shop/pull/12', draft };
      });

    const result = await upsert(setting);

    expect(result).toEqual({
      number: 12,
      url: 'https://github.com/octo/shop/pull/12',
      created: true,
      draft,
    });
    expect(created).toEqual([
      { head: 'gemini/issue-5-fix', base: 'main', title: 'Fix the bug', body, draft },
    ]);
  });

  it('makes no API call with create_pr: never', async () => {
    // Any request would fail: the scope has no interceptors.
    githubApi();
    await expect(upsert('never')).resolves.toBeUndefined();
  });

  it('updates the pull request an earlier run opened instead of opening another', async () => {
    const updated: unknown[] = [];
    const api = githubApi()
      .get(PULLS)
      .query(QUERY)
      .reply(200, [
        {
          number: 12,
          html_url: 'https://github.com/octo/shop/pull/12',
          draft: true,
          body: `old\n${PULL_REQUEST_MARKER}`,
        },
      ])
      .patch(`${PULLS}/12`)
      .reply(200, (_uri, request) => {
        updated.push(request);
        return {};
      });

    const result = await upsert('draft');

    expect(result).toEqual({
      number: 12,
      url: 'https://github.com/octo/shop/pull/12',
      created: false,
      draft: true,
    });
    expect(updated).toEqual([{ title: 'Fix the bug', body }]);
    expect(api.isDone()).toBe(true);
  });

  it('leaves a pull request a person wrote as it is', async () => {
    githubApi()
      .get(PULLS)
      .query(QUERY)
      .reply(200, [
        {
          number: 3,
          html_url: 'https://github.com/octo/shop/pull/3',
          draft: false,
          body: 'My own words',
        },
      ]);
    await expect(upsert('ready')).resolves.toMatchObject({ number: 3, created: false });
  });

  it('opens a ready pull request where drafts are not available', async () => {
    const drafts: boolean[] = [];
    githubApi()
      .get(PULLS)
      .query(QUERY)
      .reply(200, [])
      .post(PULLS)
      .reply(422, (_uri, request) => {
        drafts.push((request as { draft: boolean }).draft);
        return {
          message: 'Validation Failed',
          errors: [{ message: 'Draft pull requests are not supported in this repository.' }],
        };
      })
      .post(PULLS)
      .reply(201, (_uri, request) => {
        drafts.push((request as { draft: boolean }).draft);
        return { number: 4, html_url: 'https://github.com/octo/shop/pull/4', draft: false };
      });
    await expect(upsert('draft')).resolves.toMatchObject({
      number: 4,
      created: true,
      draft: false,
    });
    expect(drafts).toEqual([true, false]);
  });

  it('says how to allow Actions to open pull requests', async () => {
    githubApi().get(PULLS).query(QUERY).reply(200, []).post(PULLS).reply(403, {
      message: 'GitHub Actions is not permitted to create or approve pull requests.',
    });
    await expect(upsert('ready')).rejects.toThrow(
      /Allow GitHub Actions to create and approve pull requests/,
    );
  });
});

describe('renderPullRequestBody', () => {
  const redact = (text: string) => text.replaceAll('hunter2-secret', '***');

  it('carries the summary, the closing link, what was left out and the marker', () => {
    const text = renderPullRequestBody({
      target: { kind: 'issue', number: 5, title: 'Bug' },
      summary: 'Fixed the check. Ping @octo/team and leak hunter2-secret <script>',
      refusals: [
        { path: '.github/workflows/ci.yml', kind: 'workflow', reason: 'changes a workflow' },
      ],
      requestedBy: 'octocat',
      runUrl: 'https://github.com/octo/shop/actions/runs/1',
      redact,
    });
    expect(text).toContain('Closes #5');
    expect(text).toContain('Left out of this pull request (1)');
    expect(text).toContain('- `.github/workflows/ci.yml` — changes a workflow');
    expect(text).toContain('Requested by `octocat`');
    expect(text).toContain('[Workflow run](https://github.com/octo/shop/actions/runs/1)');
    expect(text.endsWith(PULL_REQUEST_MARKER)).toBe(true);
    expect(text).not.toContain('hunter2-secret');
    expect(text).not.toContain('@octo/team');
    expect(text).not.toContain('<script>');
  });

  it('fits GitHub’s limit, keeping the link and the marker', () => {
    const text = renderPullRequestBody({
      target: { kind: 'maintenance', name: 'Nightly' },
      summary: 'word '.repeat(30_000),
      refusals: [],
      redact,
    });
    expect(text.length).toBeLessThanOrEqual(65_536);
    expect(text).toContain('Maintenance run: Nightly');
    expect(text).toContain('Cut to fit');
    expect(text.endsWith(PULL_REQUEST_MARKER)).toBe(true);
  });
});
