// The Action's run ended early, in-process: the stop a signal or a time limit raises
// (`ActionDeps.stop`), a newer run taking over a review (`ActionDeps.findNewerRun`), the work so
// far kept by the publishing path with its refusals, and the job's time limit checked at start
// without holding the run up.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { createRunStop } from '../../src/action/run-stop.js';
import type { NewerRunQuery } from '../../src/action/newer-run-seam.js';
import { runActionInProcess } from '../support/action-harness.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import type { FakeGitHub } from '../support/fake-github-server.js';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { commentSeedFrom } from '../support/payload-seeds.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };
const NEWER_RUN = 'https://github.com/Codertocat/Hello-World/actions/runs/5151';

/** An automatic review of a same-repository pull request (the example `opened` event). */
async function reviewRun() {
  const payload = webhookExample('pull_request', { action: 'opened' });
  const pr = payload.pull_request;
  const github = await useFakeGitHub({
    repo: REPO,
    pulls: [
      {
        number: pr.number,
        title: pr.title,
        body: pr.body ?? '',
        user: 'Codertocat',
        head: { ref: pr.head.ref, sha: pr.head.sha },
        base: { ref: pr.base.ref, sha: pr.base.sha },
        files: [{ filename: 'README.md', patch: '@@ -1 +1 @@\n-a\n+b' }],
      },
    ],
  });
  return { payload, github };
}

/** `/gemini …` on issue #1, answered in one live comment. */
async function commentRun(body: string) {
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = body;
  const github = await useFakeGitHub({
    repo: REPO,
    issues: [{ number: 1, title: payload.issue.title, comments: [commentSeedFrom(payload)] }],
  });
  return { payload, github };
}

function runComment(github: FakeGitHub) {
  return github.comments(1).find((comment) => !comment.seeded);
}

describe('a run stopped by a newer run', () => {
  it('ends a review as stopped by the newer run, linking it, and posts no review', async () => {
    const { payload, github } = await reviewRun();
    const gemini = await useFakeGemini([textReply('Looks fine.', { delayMs: 30_000 })]);
    const stop = createRunStop();
    const asked: NewerRunQuery[] = [];
    void gemini.waitForRequests(1).then(() => {
      stop.end({ kind: 'cancelled', at: Date.now(), signal: 'SIGINT' });
    });

    const run = await runActionInProcess({
      eventName: 'pull_request',
      payload,
      github,
      gemini,
      deps: {
        stop,
        findNewerRun: (query) => {
          asked.push(query);
          return Promise.resolve(NEWER_RUN);
        },
      },
    });

    expect(run.result.conclusion).toBe('cancelled');
    expect(asked).toHaveLength(1);
    expect(asked[0]?.trigger.mode).toBe('review');
    expect(run.outputs.error).toContain(`The run was stopped by a newer run`);
    expect(run.outputs.error).toContain(NEWER_RUN);
    expect(run.summary).toContain(`[newer run](${NEWER_RUN})`);
    // Only the newer review posts: this one leaves no review and no comment.
    expect(github.reviews).toEqual([]);
    expect(github.comments(payload.pull_request.number).filter((c) => !c.seeded)).toEqual([]);
  });

  it('says cancelled when the finder does not answer within its deadline', async () => {
    const { payload, github } = await reviewRun();
    const gemini = await useFakeGemini([textReply('Looks fine.', { delayMs: 30_000 })]);
    const stop = createRunStop();
    void gemini.waitForRequests(1).then(() => {
      stop.end({ kind: 'cancelled', at: Date.now(), signal: 'SIGINT' });
    });
    const started = Date.now();

    const run = await runActionInProcess({
      eventName: 'pull_request',
      payload,
      github,
      gemini,
      deps: { stop, findNewerRun: () => new Promise<string | undefined>(() => undefined) },
    });

    expect(run.result.conclusion).toBe('cancelled');
    expect(run.outputs.error).toContain('The run was cancelled');
    expect(Date.now() - started).toBeLessThan(7500);
  });

  it('is not looked for on a run that is not a review', async () => {
    const { payload, github } = await commentRun('/gemini describe the README');
    const gemini = await useFakeGemini([textReply('A heading.', { delayMs: 30_000 })]);
    const stop = createRunStop();
    void gemini.waitForRequests(1).then(() => {
      stop.end({ kind: 'cancelled', at: Date.now(), signal: 'SIGINT' });
    });
    let asked = 0;

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      deps: {
        stop,
        findNewerRun: () => {
          asked++;
          return Promise.resolve(NEWER_RUN);
        },
      },
    });

    expect(asked).toBe(0);
    expect(run.result.conclusion).toBe('cancelled');
    expect(runComment(github)?.body).toContain('was cancelled after');
  });
});

describe('the work of a cancelled run', () => {
  it('is pushed as work in progress without what publishing refuses (a workflow file)', async () => {
    const { payload, github } = await commentRun('/gemini add NOTES.md and a workflow');
    const workspace = await tempRepo({ 'README.md': '# Hello-World\n' }, { git: true });
    const gemini = await useFakeGemini([
      callsReply([
        {
          id: 'w1',
          name: 'write_file',
          args: { file_path: `${workspace}/NOTES.md`, content: 'notes\n' },
        },
        {
          id: 'w2',
          name: 'write_file',
          args: {
            file_path: `${workspace}/.github/workflows/leak.yml`,
            content: 'on: push\njobs: {}\n',
          },
        },
      ]),
      textReply('Done.', { delayMs: 30_000 }),
    ]);
    const stop = createRunStop();
    void gemini.waitForRequests(2).then(() => {
      stop.end({ kind: 'cancelled', at: Date.now(), signal: 'SIGINT' });
    });

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      workspace,
      inputs: { sandbox: 'none' },
      deps: { stop },
    });

    expect(run.result.conclusion).toBe('cancelled');
    const branch = run.outputs.branch_name ?? '';
    expect(branch).not.toBe('');
    const git = (...args: string[]) =>
      execFileSync('git', args, { cwd: run.remote, encoding: 'utf8' }).trim();
    expect(git('log', '-1', '--format=%s', branch)).toMatch(/^WIP: /);
    expect(git('ls-tree', '-r', '--name-only', branch).split('\n').sort()).toEqual([
      'NOTES.md',
      'README.md',
    ]);
    const body = runComment(github)?.body ?? '';
    expect(body).toContain('was cancelled after');
    expect(body).toContain('.github/workflows/leak.yml');
    expect(body).not.toContain('⏳');
  });
});

describe("the job's time limit", () => {
  it('is warned about at start when timeout_minutes leaves no time to wrap up', async () => {
    const { payload, github } = await commentRun('/gemini describe the README');
    const gemini = await useFakeGemini([textReply('A heading.')]);

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      inputs: { timeout_minutes: '30' },
      deps: {
        readJobTimeLimit: () =>
          Promise.resolve({
            minutes: 20,
            source: '.github/workflows/gemini.yml, job agent',
            isDefault: false,
          }),
      },
    });

    expect(run.result.conclusion).toBe('success');
    expect(run.logs.join('\n')).toContain('Set timeout_minutes to 19 or less');
  });

  it('never holds the run up or fails it', async () => {
    const { payload, github } = await commentRun('/gemini describe the README');
    const gemini = await useFakeGemini([textReply('A heading.')]);

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      deps: { readJobTimeLimit: () => new Promise(() => undefined) },
    });

    expect(run.result.conclusion).toBe('success');
    expect(runComment(github)?.body).toContain('A heading.');
  });
});
