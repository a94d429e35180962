// Re-runs and duplicate deliveries through the whole in-process Action, twice against one fake
// GitHub (which keeps its state between runs) and one git remote: a re-run is the same event
// with the same GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT 1 then 2; a duplicate delivery is the same
// event in two runs with different run ids, one after the other or at the same time. After both,
// GitHub holds one branch, one pull request, one review and one comment for the work.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { FakeGitHub, FakePullSeed } from '../support/fake-github-server.js';
import { useFakeGitHub } from '../support/fake-github-server.js';
import type { FakeStep } from '../support/fake-gemini.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import type { HarnessRun } from '../support/action-harness.js';
import { runActionInProcess } from '../support/action-harness.js';
import { bareRemoteOf, tempRepo } from '../support/temp-repo.js';
import { issueCommentOnPullRequest, webhookExample } from '../support/webhook-payloads.js';
import { commentSeedFrom, seedFromPayload } from '../support/payload-seeds.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };
const README = '# Hello-World\n\nComit with two t.\n';

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

/** The run's environment: its id and attempt, as the runner sets them. */
function attempt(runId: string, number: number): Record<string, string> {
  return { GITHUB_RUN_ID: runId, GITHUB_RUN_ATTEMPT: String(number) };
}

/** The comments the runs posted (not the seeded ones). */
function posted(github: FakeGitHub, number: number) {
  return github.comments(number).filter((comment) => !comment.seeded);
}

function botBranches(remote: string): string[] {
  return git(remote, 'for-each-ref', '--format=%(refname:short)', 'refs/heads/gemini/')
    .split('\n')
    .filter((line) => line !== '');
}

const fixReadme = (workspace: string): FakeStep =>
  callsReply([
    {
      id: 'w1',
      name: 'write_file',
      args: {
        file_path: `${workspace}/README.md`,
        content: '# Hello-World\n\nCommit with one t.\n',
      },
    },
  ]);

/** A `/gemini` task on issue #1, each run in a fresh checkout of the same remote. */
async function invokeSetup() {
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = '/gemini fix the spelling in the README';
  const github = await useFakeGitHub(seedFromPayload(payload));
  const origin = await tempRepo({ 'README.md': README }, { git: true });
  const remote = await bareRemoteOf(origin);
  const run = async (env: Record<string, string>): Promise<HarnessRun & { model: number }> => {
    const workspace = await tempRepo({ 'README.md': README }, { git: true });
    const gemini = await useFakeGemini([fixReadme(workspace), textReply('Fixed the spelling.')]);
    const result = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      workspace,
      remote,
      env,
    });
    return { ...result, model: gemini.generateRequests().length };
  };
  return { payload, github, remote, run };
}

describe('a re-run of an invoke job', () => {
  it('continues the same branch, pull request and comment, marked as attempt 2', async () => {
    const { github, remote, run, payload } = await invokeSetup();

    const first = await run(attempt('4242', 1));
    const second = await run(attempt('4242', 2));

    expect(first.result.conclusion).toBe('success');
    expect(second.result.conclusion).toBe('success');
    expect(github.violations).toEqual([]);
    expect(botBranches(remote)).toEqual([first.outputs.branch_name]);
    expect(github.createdPulls).toHaveLength(1);
    expect(second.outputs.pr_number).toBe(first.outputs.pr_number);
    expect(github.issue(Number(first.outputs.pr_number))?.pull?.draft).toBe(true);
    const comments = posted(github, payload.issue.number);
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toContain('Attempt 2');
    expect(second.outputs.comment_url).toBe(first.outputs.comment_url);
  });
});

describe('a duplicate delivery of a /gemini comment', () => {
  it('one after the other: the second run is skipped and names the first', async () => {
    const { github, remote, run, payload } = await invokeSetup();

    const first = await run(attempt('4242', 1));
    const second = await run(attempt('4343', 1));

    expect(first.result.conclusion).toBe('success');
    expect(second.result.conclusion).toBe('skipped');
    expect(second.model).toBe(0);
    expect(second.summary).toContain('/actions/runs/4242');
    expect(botBranches(remote)).toHaveLength(1);
    expect(github.createdPulls).toHaveLength(1);
    expect(posted(github, payload.issue.number)).toHaveLength(1);
  });

  it('at the same time: one run does the task, the other ends as skipped', async () => {
    const { github, remote, run, payload } = await invokeSetup();

    const runs = await Promise.all([run(attempt('4242', 1)), run(attempt('4343', 1))]);

    expect(runs.map((one) => one.result.conclusion).sort()).toEqual(['skipped', 'success']);
    // The second is stopped as soon as its claim is lost: at most its first request was sent.
    const skipped = runs.find((one) => one.result.conclusion === 'skipped');
    expect(skipped?.model).toBeLessThanOrEqual(1);
    expect(botBranches(remote)).toHaveLength(1);
    expect(github.createdPulls).toHaveLength(1);
    expect(posted(github, payload.issue.number)).toHaveLength(1);
  });
});

const PATCH = [
  '@@ -1,4 +1,6 @@',
  ' export function parse(input: string) {',
  '-  return JSON.parse(input);',
  '+  const value = JSON.parse(input);',
  '+  // TODO: validate',
  '+  return value as any;',
  ' }',
  ' ',
].join('\n');

function pullSeed(extra: Partial<FakePullSeed> = {}): FakePullSeed {
  const pr = webhookExample('pull_request', { action: 'opened' }).pull_request;
  return {
    number: pr.number,
    title: pr.title,
    body: pr.body ?? '',
    user: 'Codertocat',
    head: { ref: pr.head.ref, sha: pr.head.sha },
    base: { ref: pr.base.ref, sha: pr.base.sha },
    files: [{ filename: 'src/parse.ts', patch: PATCH }],
    ...extra,
  };
}

/** The review a model hands in; `delayMs` holds its first answer back. */
const reviewScript = (delayMs = 0): FakeStep[] => [
  callsReply(
    [
      {
        id: 'r1',
        name: 'submit_review',
        args: {
          summary: 'One typing problem.',
          findings: [
            { path: 'src/parse.ts', line: 4, severity: 'high', body: '`as any` drops the type.' },
          ],
        },
      },
    ],
    { delayMs },
  ),
  textReply('Review handed in.'),
];

describe('a /gemini review request run twice', () => {
  async function setup() {
    const payload = issueCommentOnPullRequest();
    payload.comment.body = '/gemini review';
    const github = await useFakeGitHub({
      repo: REPO,
      pulls: [pullSeed({ comments: [commentSeedFrom(payload)] })],
    });
    const run = async (env: Record<string, string>) => {
      const gemini = await useFakeGemini(reviewScript());
      const result = await runActionInProcess({
        eventName: 'issue_comment',
        payload,
        github,
        gemini,
        env,
        inputs: { sandbox: 'none' },
      });
      return { ...result, model: gemini.generateRequests().length };
    };
    return { payload, github, run };
  }

  it('a re-run posts no second review and says why', async () => {
    const { payload, github, run } = await setup();

    const first = await run(attempt('4242', 1));
    const second = await run(attempt('4242', 2));

    expect(first.result.conclusion).toBe('success');
    expect(second.result.conclusion).not.toBe('failure');
    expect(github.violations).toEqual([]);
    expect(github.reviews).toHaveLength(1);
    expect(second.model).toBe(0);
    const comments = posted(github, payload.issue.number);
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toContain(github.reviews[0]?.id.toString());
  });

  it('a duplicate delivery posts no second review', async () => {
    const { payload, github, run } = await setup();

    const runs = await Promise.all([run(attempt('4242', 1)), run(attempt('4343', 1))]);

    expect(runs.map((one) => one.result.conclusion).sort()).toEqual(['skipped', 'success']);
    expect(github.reviews).toHaveLength(1);
    expect(posted(github, payload.issue.number)).toHaveLength(1);
  });
});

describe('an automatic review delivered twice for the same head', () => {
  it('at the same time: the one that finishes second posts no review and says so', async () => {
    const payload = webhookExample('pull_request', { action: 'synchronize' });
    const github = await useFakeGitHub({ repo: REPO, pulls: [pullSeed()] });
    const run = async (env: Record<string, string>, delayMs: number) =>
      runActionInProcess({
        eventName: 'pull_request',
        payload,
        github,
        gemini: await useFakeGemini(reviewScript(delayMs)),
        env,
      });

    // Both start together; the second delivery's model answers a second later.
    const [first, second] = await Promise.all([
      run(attempt('4242', 1), 0),
      run(attempt('4343', 1), 1000),
    ]);

    expect([first.result.conclusion, second.result.conclusion]).toEqual(['success', 'success']);
    expect(github.violations).toEqual([]);
    expect(github.reviews).toHaveLength(1);
    expect(first.outputs.review_url).toContain(`pullrequestreview-${github.reviews[0]?.id}`);
    expect(second.summary).toContain('not posted again');
    expect(second.outputs.review_url).toBe(first.outputs.review_url);
  });

  it('a re-run of a failed review updates its failure comment instead of adding one', async () => {
    const payload = webhookExample('pull_request', { action: 'synchronize' });
    const github = await useFakeGitHub({ repo: REPO, pulls: [pullSeed()] });
    const run = async (env: Record<string, string>) =>
      runActionInProcess({
        eventName: 'pull_request',
        payload,
        github,
        gemini: await useFakeGemini([
          callsReply([{ id: 'c1', name: 'read_file', args: { absolute_path: 'README.md' } }]),
        ]),
        env,
        inputs: { max_turns: '1' },
      });

    await run(attempt('4242', 1));
    const second = await run(attempt('4242', 2));

    expect(second.result.conclusion).toBe('failure');
    expect(github.reviews).toEqual([]);
    const comments = posted(github, payload.pull_request.number);
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toContain('Attempt 2');
  });
});

describe('a re-run of a triage job', () => {
  it('applies the labels once and keeps one triage note', async () => {
    const payload = webhookExample('issues', { action: 'opened' });
    const number = payload.issue.number;
    const github = await useFakeGitHub({
      repo: REPO,
      labels: [{ name: 'bug' }, { name: 'documentation' }],
      issues: [{ number, title: payload.issue.title, body: payload.issue.body ?? '' }],
    });
    const run = async (env: Record<string, string>, note: string) =>
      runActionInProcess({
        eventName: 'issues',
        payload,
        github,
        gemini: await useFakeGemini([
          callsReply([
            { id: 'l1', name: 'set_labels', args: { labels: ['documentation'], comment: note } },
          ]),
          textReply('documentation'),
        ]),
        env,
        inputs: { triage_comment: 'true' },
      });

    await run(attempt('4242', 1), 'A typo in the README.');
    const second = await run(attempt('4242', 2), 'A typo in the README, again.');

    expect(second.result.conclusion).toBe('success');
    expect(github.violations).toEqual([]);
    expect(github.labels(number)).toEqual(['documentation']);
    const notes = posted(github, number);
    expect(notes).toHaveLength(1);
    expect(notes[0]?.body).toContain('again');
  });
});

describe('a re-run of a scheduled maintenance job', () => {
  it('continues its branch and pull request, and keeps one row per run in the report', async () => {
    const github = await useFakeGitHub({ repo: REPO });
    const origin = await tempRepo({ 'CHANGELOG.md': '# Changelog\n' }, { git: true });
    const remote = await bareRemoteOf(origin);
    const run = async (env: Record<string, string>, line: string) => {
      const workspace = await tempRepo({ 'CHANGELOG.md': '# Changelog\n' }, { git: true });
      return runActionInProcess({
        eventName: 'schedule',
        payload: webhookExample('schedule'),
        github,
        gemini: await useFakeGemini([
          callsReply([
            {
              id: 'w1',
              name: 'write_file',
              args: { file_path: `${workspace}/CHANGELOG.md`, content: `# Changelog\n\n${line}\n` },
            },
          ]),
          textReply('Tidied the changelog.'),
        ]),
        workspace,
        remote,
        env,
        inputs: { prompt: 'Keep the changelog tidy.', report_key: 'weekly' },
      });
    };

    const first = await run(attempt('4242', 1), '## Unreleased');
    const second = await run(attempt('4242', 2), '## Unreleased\n\n- tidy');

    expect(first.result.conclusion).toBe('success');
    expect(second.result.conclusion).toBe('success');
    expect(botBranches(remote)).toEqual([first.outputs.branch_name]);
    expect(github.createdPulls).toHaveLength(1);
    expect(github.createdIssues).toHaveLength(1);
    const report = github.createdIssues[0]?.body ?? '';
    expect(report.match(/\| \[run\]/g)).toHaveLength(1);
    expect(report).toContain('/actions/runs/4242/attempts/2');
  });
});
