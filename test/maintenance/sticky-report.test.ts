import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import type {
  MaintenanceRunReport,
  StickyReportOptions,
} from '../../src/maintenance/sticky-report.js';
import {
  createOctokitReportSink,
  publishStickyReport,
  readHistory,
  renderReportBody,
  reportKey,
  reportMarker,
} from '../../src/maintenance/sticky-report.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { createRedactor } from '../../src/platform/redaction.js';
import { GITHUB_COMMENT_LIMIT } from '../../src/report/fit-comment.js';
import { githubApi, quietOctokit } from '../support/github-api.js';

afterEach(() => {
  nock.cleanAll();
});

const BOT = 'github-actions[bot]';
const LIST_QUERY = {
  state: 'open',
  creator: BOT,
  sort: 'created',
  direction: 'asc',
  per_page: '100',
};
const SECRET = 'canary-Secret-42/xyz';
const { redact } = createRedactor({ secrets: [SECRET] });

function options(overrides: Partial<StickyReportOptions> = {}): StickyReportOptions {
  return {
    sink: createOctokitReportSink(quietOctokit()),
    repo: { owner: 'octo', repo: 'widgets' },
    key: 'Nightly maintenance',
    creator: BOT,
    label: 'gemini-report',
    redact,
    ...overrides,
  };
}

function run(n: number, extra: Partial<MaintenanceRunReport> = {}): MaintenanceRunReport {
  return {
    startedAt: `2024-05-${String(n).padStart(2, '0')}T03:00:00.000Z`,
    conclusion: 'success',
    durationMs: 192_000,
    runUrl: `https://github.com/octo/widgets/actions/runs/${1000 + n}`,
    summary: `Run ${n}: bumped two dependencies.`,
    ...extra,
  };
}

function issueJson(number: number, body: string, login = BOT) {
  return {
    number,
    body,
    user: { login },
    html_url: `https://github.com/octo/widgets/issues/${number}`,
  };
}

/** Captures the JSON body of a request while letting nock match it. */
function capture(into: { body?: Record<string, unknown> }) {
  return (body: Record<string, unknown>) => {
    into.body = body;
    return true;
  };
}

describe('the sticky maintenance report', () => {
  it("a re-run of the job replaces its earlier attempt's row: one row per workflow run", async () => {
    let body = '';
    const attempts: MaintenanceRunReport[] = [
      run(1),
      run(2),
      run(2, {
        conclusion: 'failure',
        runUrl: 'https://github.com/octo/widgets/actions/runs/1002/attempts/2',
      }),
    ];
    for (const report of attempts) {
      githubApi()
        .get('/repos/octo/widgets/issues')
        .query(LIST_QUERY)
        .reply(200, body === '' ? [] : [issueJson(50, body)])
        .intercept(
          '/repos/octo/widgets/issues' + (body === '' ? '' : '/50'),
          body === '' ? 'POST' : 'PATCH',
        )
        .reply(body === '' ? 201 : 200, (_uri, sent) => {
          body = (sent as { body: string }).body;
          return issueJson(50, body);
        });
      await publishStickyReport(report, options());
    }

    expect(readHistory(body).map((entry) => entry.run)).toEqual([
      'https://github.com/octo/widgets/actions/runs/1002/attempts/2',
      'https://github.com/octo/widgets/actions/runs/1001',
    ]);
  });

  it('creates the issue once, then updates its body, keeping the history of runs', async () => {
    const created: { body?: Record<string, unknown> } = {};
    const first = githubApi()
      .get('/repos/octo/widgets/issues')
      .query(LIST_QUERY)
      .reply(200, [])
      .post('/repos/octo/widgets/issues', capture(created))
      .reply(201, (_uri, body) => issueJson(50, (body as { body: string }).body));
    const one = await publishStickyReport(
      run(1, { pullRequest: { number: 7, url: 'https://github.com/octo/widgets/pull/7' } }),
      options(),
    );
    expect(first.isDone()).toBe(true);
    expect(one).toMatchObject({ created: true, issue: { number: 50 } });
    expect(created.body).toMatchObject({
      title: 'Gemini maintenance report: Nightly maintenance',
      labels: ['gemini-report'],
    });
    const firstBody = String(created.body?.body);
    expect(firstBody.startsWith(reportMarker('Nightly maintenance'))).toBe(true);
    expect(firstBody).toContain('<!-- gemini-agent:maintenance-report id=Nightly_maintenance -->');
    expect(firstBody).toContain('Run 1: bumped two dependencies.');
    expect(firstBody).toContain('**Pull request:** #7');

    // The second run finds the issue among the bot's open issues and edits it: no new issue.
    const updated: { body?: Record<string, unknown> } = {};
    const second = githubApi()
      .get('/repos/octo/widgets/issues')
      .query(LIST_QUERY)
      .reply(200, [
        issueJson(49, 'Another report\n<!-- gemini-agent:maintenance-report id=Weekly -->'),
        issueJson(50, firstBody),
      ])
      .patch('/repos/octo/widgets/issues/50', capture(updated))
      .reply(200, (_uri, body) => issueJson(50, (body as { body: string }).body));
    const two = await publishStickyReport(
      run(2, { conclusion: 'failure', error: `model quota exhausted (${SECRET})` }),
      options(),
    );
    expect(second.isDone()).toBe(true);
    expect(two).toMatchObject({ created: false, issue: { number: 50 } });
    expect(Object.keys(updated.body ?? {})).toEqual(['body']);
    const secondBody = String(updated.body?.body);
    expect(secondBody).toContain('### Latest run: ❌ failed · 2024-05-02 03:00 UTC · 3m 12s');
    expect(secondBody).not.toContain('Run 1: bumped');
    expect(secondBody).not.toContain(SECRET);
    expect(readHistory(secondBody)).toEqual([
      {
        at: '2024-05-02T03:00:00.000Z',
        conclusion: 'failure',
        run: 'https://github.com/octo/widgets/actions/runs/1002',
        note: 'model quota exhausted (***)',
      },
      {
        at: '2024-05-01T03:00:00.000Z',
        conclusion: 'success',
        run: 'https://github.com/octo/widgets/actions/runs/1001',
        pr: 7,
      },
    ]);
    expect(secondBody).toContain(
      '| 2024-05-02 03:00 UTC | ❌ failure | — | [run](https://github.com/octo/widgets/actions/runs/1002) | model quota exhausted (\\*\\*\\*) |',
    );
    expect(secondBody).toContain(
      '| 2024-05-01 03:00 UTC | ✅ success | #7 | [run](https://github.com/octo/widgets/actions/runs/1001) |  |',
    );
  });

  it('never takes over an issue someone else opened with a copied marker', async () => {
    const marker = reportMarker('Nightly maintenance');
    const scope = githubApi()
      .get('/repos/octo/widgets/issues')
      .query(LIST_QUERY)
      .reply(200, [issueJson(5, `${marker}\nplanted`, 'mallory')])
      .post('/repos/octo/widgets/issues')
      .reply(201, issueJson(51, 'new'));
    const result = await publishStickyReport(run(1), options());
    expect(result).toMatchObject({ created: true, issue: { number: 51 } });
    expect(scope.isDone()).toBe(true);
  });

  it('keeps the last N runs and starts again when the history was damaged', async () => {
    let body = '';
    for (let n = 1; n <= 4; n += 1) {
      githubApi()
        .get('/repos/octo/widgets/issues')
        .query(LIST_QUERY)
        .reply(200, body === '' ? [] : [issueJson(50, body)])
        .intercept(
          '/repos/octo/widgets/issues' + (body === '' ? '' : '/50'),
          body === '' ? 'POST' : 'PATCH',
        )
        .reply(body === '' ? 201 : 200, (_uri, sent) => {
          body = (sent as { body: string }).body;
          return issueJson(50, body);
        });
      await publishStickyReport(run(n), options({ historySize: 3 }));
    }
    expect(readHistory(body).map((entry) => entry.at.slice(0, 10))).toEqual([
      '2024-05-04',
      '2024-05-03',
      '2024-05-02',
    ]);

    const damaged = body.replace(/maintenance-history \[/, 'maintenance-history [oops');
    const logger = memoryLogger();
    let repaired = '';
    githubApi()
      .get('/repos/octo/widgets/issues')
      .query(LIST_QUERY)
      .reply(200, [issueJson(50, damaged)])
      .patch('/repos/octo/widgets/issues/50')
      .reply(200, (_uri, sent) => {
        repaired = (sent as { body: string }).body;
        return issueJson(50, repaired);
      });
    await publishStickyReport(run(5), options({ logger }));
    expect(readHistory(repaired)).toHaveLength(1);
    expect(logger.lines.map((line) => line.message)).toContain(
      'The run history in https://github.com/octo/widgets/issues/50 could not be read; it starts again with this run.',
    );
  });

  it('fits GitHub’s limit, and the model’s summary can neither ping nor plant markers', async () => {
    let sent = '';
    githubApi()
      .get('/repos/octo/widgets/issues')
      .query(LIST_QUERY)
      .reply(200, [])
      .post('/repos/octo/widgets/issues')
      .reply(201, (_uri, body) => {
        sent = (body as { body: string }).body;
        return issueJson(52, sent);
      });
    const summary = `@octocat done <!-- gemini-agent:maintenance-report id=Other -->\n${'line of text\n'.repeat(10_000)}`;
    await publishStickyReport(run(1, { summary }), options({ key: 'Other' }));
    expect(sent.length).toBeLessThanOrEqual(GITHUB_COMMENT_LIMIT);
    expect(sent).toContain('@\u200Boctocat done &lt;!-- gemini-agent');
    expect(sent.split('<!-- gemini-agent:maintenance-report id=Other -->')).toHaveLength(2);
    expect(sent).toContain('cut to fit');
    expect(readHistory(sent)).toHaveLength(1);
  });
});

describe('the report body', () => {
  it('shows what was published and what was refused', () => {
    const report = run(3, {
      pullRequest: { number: 12, url: 'https://github.com/octo/widgets/pull/12' },
      branch: 'gemini/maintenance-weekly',
      commitSha: 'a'.repeat(40),
      refusals: ['.github/workflows/ci.yml: workflow edits are not allowed', `leak ${SECRET}`],
      tokens: { input: 120_000, output: 3_400 },
    });
    const body = renderReportBody('weekly', report, [], { redact });
    expect(body).toContain(
      `**Pull request:** #12 · **Branch:** \`gemini/maintenance-weekly\` · **Commit:** ${'a'.repeat(40)} · **Tokens:** 120,000 in, 3,400 out`,
    );
    expect(body).toContain(
      '#### Changes that were not published\n\n- .github/workflows/ci.yml: workflow edits are not allowed\n- leak \\*\\*\\*',
    );
    expect(body).not.toContain(SECRET);
    const quiet = renderReportBody('weekly', run(4, { summary: '' }), [], { redact });
    expect(quiet).toContain('No changes published.');
    expect(quiet).not.toContain('#### Summary');
  });
});

describe('the report key', () => {
  it('is report_key when set, else the workflow name', () => {
    expect(reportKey({ reportKey: ' deps ', workflow: 'Nightly' })).toBe('deps');
    expect(reportKey({ reportKey: '', workflow: 'Nightly' })).toBe('Nightly');
  });

  it('must be one short line', () => {
    expect(() => reportKey({})).toThrow(ConfigurationError);
    expect(() => reportKey({ reportKey: 'a\nb' })).toThrow(
      /^report_key: expected report_key on one line/,
    );
    expect(() => reportKey({ reportKey: 'x'.repeat(101) })).toThrow(ConfigurationError);
  });

  it('gives each key its own marker', () => {
    expect(reportMarker('nightly')).not.toBe(reportMarker('nightly deps'));
    expect(reportMarker('a --> b')).toBe('<!-- gemini-agent:maintenance-report id=a_____b -->');
  });
});
