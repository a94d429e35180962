// Review events on a fork's pull request: GitHub runs them with a read-only token and without
// secrets. The Action says what it cannot do there, and what works instead, rather than failing
// on the missing key or on the first 403.
import { describe, expect, it } from 'vitest';
import { runActionInProcess } from '../support/action-harness.js';
import { textReply, useFakeGemini } from '../support/fake-gemini.js';
import type { FakePullSeed } from '../support/fake-github-server.js';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { webhookExample } from '../support/webhook-payloads.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };

/** A `/gemini` review comment on a pull request whose head is mallory's fork. */
function forkReviewComment() {
  const payload = webhookExample('pull_request_review_comment', { action: 'created' });
  payload.comment.body = '/gemini explain this change';
  payload.pull_request.head.repo = {
    ...payload.pull_request.head.repo,
    full_name: 'mallory/Hello-World',
    owner: { ...payload.pull_request.head.repo.owner, login: 'mallory' },
  };
  return payload;
}

function pullSeed(payload: ReturnType<typeof forkReviewComment>): FakePullSeed {
  const pr = payload.pull_request;
  return {
    number: pr.number,
    title: pr.title,
    body: pr.body ?? '',
    user: 'mallory',
    head: { ref: pr.head.ref, sha: pr.head.sha, repo: { owner: 'mallory', name: 'Hello-World' } },
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
  };
}

const REASON =
  "GitHub runs pull_request_review_comment workflows for a pull request from a fork with a read-only token and without secrets, so this run can neither reach the model nor comment, review or push. Comment /gemini with the request on the pull request's conversation instead: that issue_comment run has this repository's token and secrets, and never runs the fork's code";

describe("a review event on a fork's pull request", () => {
  it('without the secret model key: fails saying what cannot work and what does', async () => {
    const payload = forkReviewComment();
    const github = await useFakeGitHub({ repo: REPO, pulls: [pullSeed(payload)] });
    const gemini = await useFakeGemini([]);

    const run = await runActionInProcess({
      eventName: 'pull_request_review_comment',
      payload,
      github,
      gemini,
      inputs: { gemini_api_key: '' },
    });

    expect(run.result.conclusion).toBe('failure');
    expect(run.failed).toEqual([REASON]);
    expect(run.summary.replaceAll('\\_', '_')).toContain(REASON);
    expect(github.requests).toEqual([]);
  });

  it('with a read-only token: stops at the refused reaction with the same explanation', async () => {
    const payload = forkReviewComment();
    const github = await useFakeGitHub({ repo: REPO, pulls: [pullSeed(payload)] });
    github.failNext('POST', /\/reactions$/, 403, {
      message: 'Resource not accessible by integration',
    });
    const gemini = await useFakeGemini([textReply('never asked')]);

    const run = await runActionInProcess({
      eventName: 'pull_request_review_comment',
      payload,
      github,
      gemini,
    });

    expect(run.result.conclusion).toBe('failure');
    expect(run.failed).toEqual([REASON]);
    expect(gemini.generateRequests()).toEqual([]);
    expect(github.requests.filter((request) => request.method !== 'GET')).toEqual([
      expect.objectContaining({ method: 'POST', status: 403, injected: true }),
    ]);
  });

  it('with a token that may write (a private repository that allows it): runs as usual', async () => {
    const payload = forkReviewComment();
    const github = await useFakeGitHub({ repo: REPO, pulls: [pullSeed(payload)] });
    const gemini = await useFakeGemini([textReply('The heading lost its hyphen.')]);

    const run = await runActionInProcess({
      eventName: 'pull_request_review_comment',
      payload,
      github,
      gemini,
    });

    expect(run.result.conclusion, run.failed.join('\n')).toBe('success');
    const replies = github.reviewComments(payload.pull_request.number);
    expect(replies.some((reply) => reply.body.includes('The heading lost its hyphen.'))).toBe(true);
  });
});
