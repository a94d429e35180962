import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/platform/errors.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { createRedactor } from '../../src/platform/redaction.js';
import type { LabelDecision } from '../../src/triage/set-labels.js';
import type { ApplyLabelsOptions } from '../../src/triage/apply-labels.js';
import { applyLabels, createOctokitLabelSink } from '../../src/triage/apply-labels.js';
import { githubApi, quietOctokit } from '../support/github-api.js';

afterEach(() => {
  nock.cleanAll();
});

const repo = { owner: 'octo', repo: 'widgets' };
const REPOSITORY_LABELS = ['bug', 'documentation', 'Needs Info', 'enhancement'];
const { redact } = createRedactor({ secrets: ['canary-Secret-42/xyz'] });

function options(overrides: Partial<ApplyLabelsOptions> = {}): ApplyLabelsOptions {
  return {
    sink: createOctokitLabelSink(quietOctokit(), { redact: (text) => text }),
    repo,
    repositoryLabels: REPOSITORY_LABELS,
    targets: [{ number: 4, currentLabels: ['bug'] }],
    redact,
    ...overrides,
  };
}

function decision(labels: string[], extra: Partial<LabelDecision> = {}): LabelDecision {
  return { issueNumber: undefined, labels, comment: undefined, dropped: [], ...extra };
}

function comment(id: number, issue: number) {
  return { id, html_url: `https://github.com/octo/widgets/issues/${issue}#issuecomment-${id}` };
}

describe('applying triage labels', () => {
  it('adds only labels the repository has and the issue does not, spelled as GitHub spells them', async () => {
    const scope = githubApi()
      .post('/repos/octo/widgets/issues/4/labels', { labels: ['documentation', 'Needs Info'] })
      .reply(200, []);
    const applied = await applyLabels(
      [decision(['BUG', 'Documentation', 'ghost', 'needs info', 'documentation'])],
      options(),
    );
    expect(applied).toEqual([
      {
        issueNumber: 4,
        added: ['documentation', 'Needs Info'],
        skipped: [
          { label: 'bug', reason: 'already on the issue' },
          { label: 'ghost', reason: 'not a repository label' },
        ],
        comment: undefined,
      },
    ]);
    expect(scope.isDone()).toBe(true);
  });

  it('reports the names the tool dropped as not labels of the repository', async () => {
    const scope = githubApi()
      .post('/repos/octo/widgets/issues/4/labels', { labels: ['documentation'] })
      .reply(200, []);
    const applied = await applyLabels(
      [decision(['documentation'], { dropped: ['docs', 'wontfix'] })],
      options(),
    );
    expect(scope.isDone()).toBe(true);
    expect(applied[0]?.added).toEqual(['documentation']);
    expect(applied[0]?.skipped).toEqual([
      { label: 'docs', reason: 'not a repository label' },
      { label: 'wontfix', reason: 'not a repository label' },
    ]);
  });

  it('makes no request when nothing is new and there is no note', async () => {
    // No interceptor: any request would fail the call and show up as an error.
    githubApi();
    const applied = await applyLabels([decision(['bug'])], options());
    expect(applied).toEqual([
      {
        issueNumber: 4,
        added: [],
        skipped: [{ label: 'bug', reason: 'already on the issue' }],
        comment: undefined,
      },
    ]);
  });

  it('adds at most the configured number of labels per issue', async () => {
    const scope = githubApi()
      .post('/repos/octo/widgets/issues/4/labels', { labels: ['documentation'] })
      .reply(200, []);
    const applied = await applyLabels(
      [decision(['documentation', 'enhancement'])],
      options({ maxLabelsPerIssue: 1 }),
    );
    expect(applied[0]?.skipped).toEqual([{ label: 'enhancement', reason: 'over the limit' }]);
    expect(scope.isDone()).toBe(true);
  });

  it('posts the note as plain, redacted text that pings nobody', async () => {
    let posted = '';
    const scope = githubApi()
      .post('/repos/octo/widgets/issues/4/comments', (body: { body: string }) => {
        posted = body.body;
        return true;
      })
      .reply(201, comment(77, 4));
    const applied = await applyLabels(
      [
        decision([], {
          comment: 'Hi @octocat, @octo/owners: please attach logs (not canary-Secret-42/xyz).',
        }),
      ],
      options(),
    );
    expect(scope.isDone()).toBe(true);
    expect(posted).toBe(
      'Hi @\u200Boctocat, @\u200Bocto/owners: please attach logs (not \\*\\*\\*).\n\n<!-- gemini-agent:triage -->',
    );
    expect(applied[0]?.comment).toEqual({
      url: 'https://github.com/octo/widgets/issues/4#issuecomment-77',
    });
  });

  it("a re-run edits its first attempt's note, found by the event's key among the Action's own comments", async () => {
    const key = 'issues.4.opened.0123456789abcdef';
    const marker = `<!-- gemini-agent:triage trigger=${key} -->`;
    let edited = '';
    const scope = githubApi()
      .get('/repos/octo/widgets/issues/4/comments')
      .query(true)
      .reply(200, [
        // Someone pasted the marker: not the Action's note.
        { ...comment(70, 4), user: { login: 'mallory' }, body: `mine\n${marker}` },
        { ...comment(71, 4), user: { login: 'github-actions[bot]' }, body: `first\n${marker}` },
      ])
      .patch('/repos/octo/widgets/issues/comments/71', (body: { body: string }) => {
        edited = body.body;
        return true;
      })
      .reply(200, comment(71, 4));
    const sink = createOctokitLabelSink(quietOctokit(), {
      redact: (text) => text,
      botLogin: 'github-actions[bot]',
    });

    const applied = await applyLabels([decision([], { comment: 'A typo, again.' })], {
      ...options({ sink }),
      triggerKey: key,
    });

    expect(scope.isDone()).toBe(true);
    expect(edited).toBe(`A typo, again.\n\n${marker}`);
    expect(applied[0]?.comment?.url).toContain('issuecomment-71');
  });

  it('leaves the note out when comments are turned off', async () => {
    githubApi();
    const applied = await applyLabels(
      [decision([], { comment: 'Please add logs.' })],
      options({ allowComment: false }),
    );
    expect(applied[0]?.comment).toBeUndefined();
  });

  it('labels only the issues of the run', async () => {
    const logger = memoryLogger();
    const scope = githubApi()
      .post('/repos/octo/widgets/issues/5/labels', { labels: ['bug'] })
      .reply(200, []);
    const applied = await applyLabels(
      [decision(['bug'], { issueNumber: 99 }), decision(['bug'], { issueNumber: 5 })],
      options({
        targets: [
          { number: 5, currentLabels: [] },
          { number: 6, currentLabels: [] },
        ],
        logger,
      }),
    );
    expect(applied.map((result) => result.issueNumber)).toEqual([5]);
    expect(logger.lines).toContainEqual({
      level: 'warning',
      message: 'Ignored labels for issue #99: it is not an issue of this run.',
    });
    expect(scope.isDone()).toBe(true);
  });

  it('reports a failure per issue and stops after a missing permission', async () => {
    const scope = githubApi()
      .post('/repos/octo/widgets/issues/5/labels')
      .reply(500, { message: 'Server Error' })
      .post('/repos/octo/widgets/issues/6/labels')
      .reply(403, { message: 'Resource not accessible by integration' });
    const targets = [5, 6, 7].map((number) => ({ number, currentLabels: [] }));
    const applied = await applyLabels(
      [5, 6, 7].map((issueNumber) => decision(['bug'], { issueNumber })),
      options({ targets }),
    );
    expect(scope.isDone()).toBe(true);
    expect(applied[0]?.error).toContain('Server Error');
    expect(applied[1]?.error).toContain('The token needs `issues: write`');
    expect(applied[2]?.error).toMatch(/^not attempted after an earlier failure: /);
    expect(applied.map((result) => result.added)).toEqual([[], [], []]);
  });

  it('turns a refusal for lack of permission into a configuration error naming the permission', async () => {
    githubApi()
      .post('/repos/octo/widgets/issues/4/comments')
      .reply(403, { message: 'Resource not accessible by integration' });
    const sink = createOctokitLabelSink(quietOctokit(), { redact: (text) => text });
    const error = await sink
      .createIssueComment({ ...repo, issueNumber: 4 }, 'x')
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(/^github_token: could not comment on octo\/widgets#4/);
  });
});
