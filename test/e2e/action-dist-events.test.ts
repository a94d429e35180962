// The committed Action bundle on events beyond a plain issue comment: a scheduled run (no
// conversation to comment on), a reply in a review thread, a fork's pull request checked out in
// the workspace, a model that refuses the request, and a budget that runs out.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { callsReply, httpError, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { issueCommentOnPullRequest, webhookExample } from '../support/webhook-payloads.js';
import { E2E_API_KEY, runActionDist } from './support/run-action-dist.js';
import { commentSeedFrom } from '../support/payload-seeds.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };

describe('dist/index.js on other events', () => {
  it('runs a scheduled task with no comment: the job summary and outputs carry the result', async () => {
    const github = await useFakeGitHub({ repo: REPO });
    const gemini = await useFakeGemini([textReply('Nothing to update this week.')]);

    const result = await runActionDist({
      eventName: 'schedule',
      payload: webhookExample('schedule'),
      inputs: { gemini_api_key: E2E_API_KEY, prompt: 'Check the README for stale links.' },
      github,
      gemini,
    });

    expect(result.code).toBe(0);
    expect(result.outputs).toMatchObject({
      conclusion: 'success',
      summary: 'Nothing to update this week.',
      comment_url: '',
      error: '',
    });
    expect(result.summary).toContain('Nothing to update this week.');
    expect(result.summary).toContain(result.runUrl);
    // Nobody asked in a conversation: no comment, nobody's permission read; the run's report
    // goes to the workflow's one report issue.
    expect(github.requests.filter((request) => request.method !== 'GET')).toEqual([
      expect.objectContaining({ method: 'POST', path: '/repos/Codertocat/Hello-World/issues' }),
    ]);
    expect(github.createdIssues[0]?.title).toContain('Gemini');
    expect(github.createdIssues[0]?.body).toContain('Nothing to update this week.');
    expect(github.unexpected).toEqual([]);
    const prompt = JSON.stringify(gemini.generateRequests()[0]?.body);
    expect(prompt).toContain('Check the README for stale links.');
  });

  it('answers a review comment in its own thread', async () => {
    const payload = webhookExample('pull_request_review_comment', { action: 'created' });
    payload.comment.body = '/gemini why was this heading changed?';
    const pr = payload.pull_request;
    // The job checked out the pull request's head, the commit the event names.
    const workspace = await tempRepo({ 'README.md': '# Hello World\n' }, { git: true });
    pr.head.sha = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: workspace,
      encoding: 'utf8',
    }).trim();
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
          files: [{ filename: 'README.md', patch: '@@ -1 +1 @@\n-# Hello-World\n+# Hello World' }],
          reviewComments: [
            {
              id: payload.comment.id,
              user: 'Codertocat',
              body: payload.comment.body,
              path: 'README.md',
              line: 1,
              createdAt: payload.comment.created_at,
            },
          ],
        },
      ],
    });
    const gemini = await useFakeGemini([textReply('The space reads better in the title.')]);

    const result = await runActionDist({
      eventName: 'pull_request_review_comment',
      payload,
      inputs: { gemini_api_key: E2E_API_KEY },
      github,
      gemini,
      workspace,
    });

    expect(result.code).toBe(0);
    expect(github.violations).toEqual([]);
    const replies = github.reviewComments(pr.number).filter((comment) => !comment.seeded);
    expect(replies).toHaveLength(1);
    expect(replies[0]?.inReplyTo).toBe(payload.comment.id);
    expect(replies[0]?.body).toContain('The space reads better in the title.');
    expect(github.comments(pr.number).filter((comment) => !comment.seeded)).toEqual([]);
    expect(github.reactions).toContainEqual(expect.objectContaining({ content: 'eyes' }));
    expect(result.outputs.comment_url).toMatch(/#discussion_r\d+$/);
  });

  it("runs no command when the workspace holds a fork's pull request code", async () => {
    const workspace = await tempRepo(
      { 'README.md': '# demo\n', 'package.json': '{"scripts":{"test":"echo pwned"}}\n' },
      { git: true },
    );
    const forkHead = execFileSync('git', ['rev-parse', 'HEAD'], {
      cwd: workspace,
      encoding: 'utf8',
    }).trim();
    const payload = issueCommentOnPullRequest();
    payload.comment.body = '/gemini run the tests';
    const github = await useFakeGitHub({
      repo: REPO,
      pulls: [
        {
          number: payload.issue.number,
          title: payload.issue.title,
          user: 'Codertocat',
          head: { ref: 'patch-1', sha: forkHead, repo: { owner: 'mallory', name: 'Hello-World' } },
          base: { ref: 'master', sha: 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e' },
          files: [{ filename: 'package.json', status: 'added', patch: '@@ -0,0 +1 @@\n+{}' }],
          comments: [commentSeedFrom(payload)],
        },
      ],
    });
    const gemini = await useFakeGemini([
      callsReply([{ id: 'c1', name: 'run_shell_command', args: { command: 'npm test' } }]),
      textReply('I could not run the tests.'),
    ]);

    const result = await runActionDist({
      payload,
      inputs: { gemini_api_key: E2E_API_KEY, allowed_commands: 'npm test' },
      github,
      gemini,
      workspace,
    });

    expect(result.code).toBe(0);
    expect(result.stdout).toContain("The workspace may hold the fork's pull request code");
    const answer = JSON.stringify(gemini.generateRequests()[1]?.body);
    expect(answer).toContain("holds a fork's pull request code");
    const final = github.comments(payload.issue.number).find((comment) => !comment.seeded);
    expect(final?.body).toContain('denied by policy');
  });

  it('fails visibly when the model refuses the request', async () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini describe the README';
    const github = await useFakeGitHub({
      repo: REPO,
      issues: [
        {
          number: 1,
          title: payload.issue.title,
          comments: [commentSeedFrom(payload)],
        },
      ],
    });
    const gemini = await useFakeGemini([
      httpError(400, 'API key not valid. Please pass a valid API key.'),
    ]);

    const result = await runActionDist({
      payload,
      inputs: { gemini_api_key: E2E_API_KEY },
      github,
      gemini,
    });

    expect(result.code).toBe(1);
    expect(result.outputs.conclusion).toBe('failure');
    expect(result.outputs.error).toContain('API key not valid');
    const comment = github.comments(1).find((entry) => !entry.seeded);
    expect(comment?.body).toContain("failed @Codertocat's task");
    expect(comment?.body).toContain('API key not valid');
    expect(comment?.body).toContain(result.runUrl);
    expect(result.summary).toContain('API key not valid');
    expect(await readFile(result.outputs.transcript_file ?? '', 'utf8')).toContain('"failed"');
  });

  it('says which budget stopped the run', async () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini describe the README';
    const github = await useFakeGitHub({
      repo: REPO,
      issues: [
        {
          number: 1,
          title: payload.issue.title,
          comments: [commentSeedFrom(payload)],
        },
      ],
    });
    const gemini = await useFakeGemini([
      callsReply([{ id: 'c1', name: 'read_file', args: { absolute_path: 'README.md' } }]),
      textReply('never reached'),
    ]);

    const result = await runActionDist({
      payload,
      inputs: { gemini_api_key: E2E_API_KEY, max_turns: '1' },
      github,
      gemini,
    });

    expect(result.code).toBe(1);
    expect(result.outputs.conclusion).toBe('failure');
    expect(result.outputs.tool_calls).toBe('1');
    const comment = github.comments(1).find((entry) => !entry.seeded);
    expect(comment?.body).toContain('Budget reached: the turn limit');
    expect(gemini.generateRequests()).toHaveLength(1);
  });

  it('publishes a change: a bot branch pushed over HTTP with the token, and a pull request', async () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini fix the spelling';
    const github = await useFakeGitHub({
      repo: REPO,
      issues: [
        {
          number: 1,
          title: payload.issue.title,
          comments: [commentSeedFrom(payload)],
        },
      ],
    });
    const workspace = await tempRepo({ 'README.md': '# Hello-World\n\nComit\n' }, { git: true });
    const gemini = await useFakeGemini([
      callsReply([
        {
          id: 'w1',
          name: 'write_file',
          args: { file_path: `${workspace}/README.md`, content: '# Hello-World\n\nCommit\n' },
        },
      ]),
      textReply('Fixed the spelling.'),
    ]);

    const result = await runActionDist({
      payload,
      inputs: { gemini_api_key: E2E_API_KEY },
      github,
      gemini,
      workspace,
    });

    expect(result.code).toBe(0);
    expect(result.outputs.branch_name).toBe('gemini/issue-1-spelling-error-in-the-readme-file');
    const pushed = execFileSync('git', ['show', `${result.outputs.branch_name ?? ''}:README.md`], {
      cwd: result.remote,
      encoding: 'utf8',
    });
    expect(pushed).toBe('# Hello-World\n\nCommit\n');
    expect(result.outputs.pr_url).toMatch(/\/pull\/\d+$/);
    expect(github.createdPulls).toHaveLength(1);
    // The token reached git only as the push's header: never in the workspace's git config.
    const config = await readFile(`${workspace}/.git/config`, 'utf8');
    expect(config).not.toContain(github.token);
    expect(config).not.toMatch(/extraheader/i);
  });
});
