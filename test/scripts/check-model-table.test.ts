// The weekly model check as the workflow runs it (scripts/check-model-table.ts): the Gemini API's
// models endpoint faked with nock on recorded answers (test/fixtures/models-list/), GitHub's
// issues API faked at the HTTP boundary and held to GitHub's REST description
// (test/support/github-api.ts), issue objects from GitHub's own webhook examples.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { checkModelTable } from '../../scripts/check-model-table.js';
import type { ListedModel } from '../../src/model/list-models.js';
import { githubApi } from '../support/github-api.js';
import { webhookExample } from '../support/webhook-payloads.js';

afterEach(() => {
  nock.cleanAll();
});

const GEMINI = 'https://generativelanguage.googleapis.com';
const KEY = 'AIzaSyTEST-not-a-real-key-0123456789ab';
const TOKEN = 'ghs_testTokenForTheModelsWorkflow0123';
const TODAY = new Date('2026-12-13T06:17:00Z');
const TITLE = 'Model table out of date';
const LIST_QUERY = {
  state: 'open',
  labels: 'model-table',
  sort: 'created',
  direction: 'asc',
  per_page: '100',
};

interface Page {
  models?: ListedModel[];
  nextPageToken?: string;
}

function pages(name: string): Page[] {
  const file = new URL(`../fixtures/models-list/${name}.json`, import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { pages: Page[] }).pages;
}

/** The models endpoint answering with a recorded listing, page by page, to the key in its header. */
function geminiServes(name: string): nock.Scope {
  const scope = nock(GEMINI, { reqheaders: { 'x-goog-api-key': KEY } });
  let token: string | undefined;
  for (const page of pages(name)) {
    scope
      .get('/v1beta/models')
      .query(token === undefined ? { pageSize: '1000' } : { pageSize: '1000', pageToken: token })
      .reply(200, page);
    token = page.nextPageToken;
  }
  return scope;
}

/** An issue as GitHub's REST API returns it, from its webhook example. */
function issue(number: number, title: string, body: string, extra: Record<string, unknown> = {}) {
  return {
    ...webhookExample('issues', { action: 'opened' }).issue,
    number,
    title,
    body,
    html_url: `https://github.com/octo/widgets/issues/${String(number)}`,
    labels: [{ id: 1, node_id: 'LA_1', name: 'model-table', color: 'ededed', default: false }],
    ...extra,
  };
}

function env(extra: Record<string, string> = {}): Record<string, string> {
  return {
    GEMINI_API_KEY: KEY,
    GITHUB_TOKEN: TOKEN,
    GITHUB_REPOSITORY: 'octo/widgets',
    GITHUB_SERVER_URL: 'https://github.com',
    GITHUB_API_URL: 'https://api.github.com',
    GITHUB_RUN_ID: '4242',
    ...extra,
  };
}

async function check(environment: Record<string, string>) {
  let log = '';
  const code = await checkModelTable({
    env: environment,
    now: TODAY,
    githubLimits: { retry: { retries: 0 }, throttle: { enabled: false } },
    write: (text) => {
      log += text;
    },
  });
  return { code, log };
}

describe('the weekly model check', () => {
  it('without GEMINI_API_KEY says so in a notice and passes, asking nothing of anyone', async () => {
    const github = githubApi().get('/repos/octo/widgets/issues').query(LIST_QUERY).reply(200, []);
    const { code, log } = await check(env({ GEMINI_API_KEY: '' }));
    expect(code).toBe(0);
    expect(log).toBe(
      "::notice::GEMINI_API_KEY is not set, so the model table was not compared with the Gemini API's model list. Add the repository secret GEMINI_API_KEY to run the check.\n",
    );
    expect(github.isDone()).toBe(false);
  });

  it('fails on a 403 from the models endpoint with one line, and leaves the issue alone', async () => {
    nock(GEMINI)
      .get('/v1beta/models')
      .query({ pageSize: '1000' })
      .reply(403, {
        error: {
          code: 403,
          message:
            'Generative Language API has not been used in project 123456789 before or it is disabled.',
          status: 'PERMISSION_DENIED',
        },
      });
    const github = githubApi()
      .get('/repos/octo/widgets/issues')
      .query(LIST_QUERY)
      .reply(200, [])
      .post('/repos/octo/widgets/issues')
      .reply(201, issue(7, TITLE, ''));
    const { code, log } = await check(env());
    expect(code).toBe(1);
    expect(log).toBe(
      '::error::The Gemini API refused to list its models at https://generativelanguage.googleapis.com/v1beta/models: HTTP 403 (PERMISSION_DENIED: Generative Language API has not been used in project 123456789 before or it is disabled.). Check the GEMINI_API_KEY secret: a Gemini API key (Google AI Studio) of a project where the Generative Language API is enabled. The model table was not checked and no issue was changed.\n',
    );
    expect(github.pendingMocks()).toHaveLength(2);
  });

  it('never prints the key, even where the API’s answer holds it', async () => {
    nock(GEMINI)
      .get('/v1beta/models')
      .query({ pageSize: '1000' })
      .reply(400, {
        error: { code: 400, message: `API key not valid: ${KEY}`, status: 'INVALID_ARGUMENT' },
      });
    const { code, log } = await check(env());
    expect(code).toBe(1);
    expect(log).not.toContain(KEY);
    expect(log).toContain('HTTP 400 (INVALID_ARGUMENT: API key not valid: ***)');
  });

  it('fails when the models endpoint cannot be reached, and when it lists nothing', async () => {
    nock(GEMINI).get('/v1beta/models').query(true).replyWithError('getaddrinfo ENOTFOUND');
    const unreachable = await check(env());
    expect(unreachable.code).toBe(1);
    expect(unreachable.log).toMatch(
      /^::error::The Gemini API's model list could not be reached at https:\/\/generativelanguage\.googleapis\.com\/v1beta\/models: getaddrinfo ENOTFOUND\. The model table was not checked and no issue was changed\.\n$/,
    );

    nock(GEMINI).get('/v1beta/models').query(true).reply(200, {});
    const empty = await check(env());
    expect(empty.code).toBe(1);
    expect(empty.log).toMatch(/^::error::The Gemini API listed no models for this key/);
  });

  it('on a listing that matches (two pages) opens no issue', async () => {
    const gemini = geminiServes('matching');
    githubApi().get('/repos/octo/widgets/issues').query(LIST_QUERY).reply(200, []);
    const { code, log } = await check(env());
    expect(gemini.isDone()).toBe(true);
    expect(code).toBe(0);
    expect(log).toBe(
      [
        "The model table (checked 2026-12-06) matches the Gemini API's list of 25 models.",
        'No issue "Model table out of date" is open, and none is needed.',
        '',
      ].join('\n'),
    );
  });

  it('on a listing that matches closes the open issue, with a comment saying why', async () => {
    geminiServes('matching');
    let comment = '';
    let update: Record<string, unknown> = {};
    const github = githubApi()
      .get('/repos/octo/widgets/issues')
      .query(LIST_QUERY)
      .reply(200, [issue(12, TITLE, 'The weekly model check compared …')])
      .post('/repos/octo/widgets/issues/12/comments', (body: { body: string }) => {
        comment = body.body;
        return true;
      })
      .reply(201, { id: 1, body: 'x' })
      .patch('/repos/octo/widgets/issues/12', (body: Record<string, unknown>) => {
        update = body;
        return true;
      })
      .reply(200, issue(12, TITLE, 'x', { state: 'closed' }));
    const { code, log } = await check(env());
    expect(code).toBe(0);
    expect(github.isDone()).toBe(true);
    expect(comment).toBe(
      "The model table (checked 2026-12-06) matches the Gemini API's model list again on 2026-12-13 ([workflow run](https://github.com/octo/widgets/actions/runs/4242)). Closing.",
    );
    expect(update).toEqual({ state: 'closed', state_reason: 'completed' });
    expect(log).toContain(
      'Closed the issue "Model table out of date": the table matches again: https://github.com/octo/widgets/issues/12',
    );
  });

  it('on a retired default opens the issue, labelled, with the line to act on', async () => {
    geminiServes('retired-default');
    let created: { title?: string; body?: string; labels?: string[] } = {};
    const github = githubApi()
      .get('/repos/octo/widgets/issues')
      .query(LIST_QUERY)
      .reply(200, [])
      .post('/repos/octo/widgets/issues', (body: typeof created) => {
        created = body;
        return true;
      })
      .reply(201, issue(31, TITLE, 'x'));
    const summary = mkdtempSync(path.join(tmpdir(), 'models-summary-'));
    const summaryFile = path.join(summary, 'summary.md');
    try {
      const { code, log } = await check(env({ GITHUB_STEP_SUMMARY: summaryFile }));
      expect(code).toBe(0);
      expect(github.isDone()).toBe(true);
      expect(created.title).toBe(TITLE);
      expect(created.labels).toEqual(['model-table']);
      const body = created.body ?? '';
      expect(body).toContain(
        '### The default and aliases name models the API no longer lists\n\n- The default names `gemini-4-hydrogen`, which the API no longer lists',
      );
      expect(body).toContain('- The alias `flash` names `gemini-4-hydrogen`');
      expect(body).toContain(
        'compared [`src/model/model-table.json`](https://github.com/octo/widgets/blob/HEAD/src/model/model-table.json) (checked 2026-12-06)',
      );
      expect(body).toContain(
        'on 2026-12-13 ([workflow run](https://github.com/octo/widgets/actions/runs/4242))',
      );
      expect(body).toContain(
        "Look each fact up on Google's own pages ([models](https://ai.google.dev/gemini-api/docs/models), [deprecations](https://ai.google.dev/gemini-api/docs/deprecations), [changelog](https://ai.google.dev/gemini-api/docs/changelog), the model's guide)",
      );
      expect(log).toContain('::warning::The model table differs from the Gemini API');
      expect(log).toContain(
        'Opened the issue "Model table out of date": https://github.com/octo/widgets/issues/31',
      );
      expect(readFileSync(summaryFile, 'utf8')).toContain('`gemini-4-hydrogen`');
    } finally {
      rmSync(summary, { recursive: true, force: true });
    }
  });

  it('on a newer model rewrites the open issue, not a pull request or another issue', async () => {
    geminiServes('newer-model');
    let updated = '';
    const github = githubApi()
      .get('/repos/octo/widgets/issues')
      .query(LIST_QUERY)
      .reply(200, [
        issue(3, 'Model table: add Gemini 4', 'A request.'),
        issue(5, TITLE, 'A pull request.', {
          pull_request: { url: 'https://api.github.com/repos/octo/widgets/pulls/5' },
        }),
        issue(9, TITLE, 'The earlier report.'),
      ])
      .patch('/repos/octo/widgets/issues/9', (body: { body: string }) => {
        updated = body.body;
        return true;
      })
      .reply(200, issue(9, TITLE, 'x'));
    const { code, log } = await check(env());
    expect(code).toBe(0);
    expect(github.isDone()).toBe(true);
    expect(updated).toContain(
      '### Stable models of known families the table lacks\n\n- `gemini-4-krypton` is listed by the API, looks stable and is of the known family gemini-4',
    );
    expect(updated).not.toContain('gemini-4-krypton-001');
    expect(log).toContain(
      'Updated the issue "Model table out of date": https://github.com/octo/widgets/issues/9',
    );
  });

  it('fails with the permission to add when GitHub refuses to open the issue', async () => {
    geminiServes('retired-default');
    githubApi()
      .get('/repos/octo/widgets/issues')
      .query(LIST_QUERY)
      .reply(200, [])
      .post('/repos/octo/widgets/issues')
      .reply(403, {
        message: 'Resource not accessible by integration',
        documentation_url: 'https://docs.github.com/rest/issues/issues#create-an-issue',
        status: '403',
      });
    const { code, log } = await check(env());
    expect(code).toBe(1);
    expect(log).toMatch(
      /::error::Could not keep the "Model table out of date" issue in octo\/widgets: Resource not accessible by integration.*The workflow needs `issues: write` under `permissions:`\.\n$/,
    );
    expect(log).not.toContain(TOKEN);
  });

  it('warns when GitHub opens the issue without its label, which the next check looks for', async () => {
    geminiServes('retired-default');
    githubApi()
      .get('/repos/octo/widgets/issues')
      .query(LIST_QUERY)
      .reply(200, [])
      .post('/repos/octo/widgets/issues')
      .reply(201, issue(31, TITLE, 'x', { labels: [] }));
    const { code, log } = await check(env());
    expect(code).toBe(0);
    expect(log).toContain(
      '::warning::GitHub opened https://github.com/octo/widgets/issues/31 without the label model-table, so the next check will not find it and opens another.',
    );
  });

  it('without GITHUB_TOKEN only prints the differences', async () => {
    geminiServes('retired-default');
    const { code, log } = await check(env({ GITHUB_TOKEN: '' }));
    expect(code).toBe(0);
    expect(log).toContain('- The default names `gemini-4-hydrogen`, which the API no longer lists');
    expect(log).toContain(
      '::notice::GITHUB_TOKEN or GITHUB_REPOSITORY is not set, so the "Model table out of date" issue was not opened, updated or closed.',
    );
  });
});

describe('scripts/check-model-table.mjs', () => {
  // The workflow's command, on this checkout: the check bundled with ncc and run. Its model list
  // is asked of a port where nothing listens, so the run goes through every import to the listing.
  it(
    'bundles the check and runs it, failing in one line when the models endpoint is unreachable',
    { timeout: 180_000 },
    async () => {
      const server = createServer();
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const { port } = server.address() as AddressInfo;
      await new Promise((resolve) => server.close(resolve));
      const result = spawnSync(process.execPath, ['scripts/check-model-table.mjs'], {
        cwd: path.resolve(import.meta.dirname, '../..'),
        encoding: 'utf8',
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          GEMINI_API_KEY: KEY,
          GOOGLE_GEMINI_BASE_URL: `http://127.0.0.1:${String(port)}`,
          GITHUB_TOKEN: TOKEN,
          GITHUB_REPOSITORY: 'octo/widgets',
        },
      });
      expect(result.stderr).toBe('');
      expect(result.stdout).toMatch(
        new RegExp(
          `^::error::The Gemini API's model list could not be reached at http://127\\.0\\.0\\.1:${String(port)}/v1beta/models: .+\\. The model table was not checked and no issue was changed\\.\\n$`,
        ),
      );
      expect(result.status).toBe(1);
    },
  );
});
