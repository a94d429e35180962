// A comment on a pull request arrives without the pull request: it is looked up and pinned.
import nock from 'nock';
import { afterEach, describe, expect, expectTypeOf, it } from 'vitest';
import type { GitHubClient } from '../../src/github/octokit.js';
import type { PullRequestClient, Trigger } from '../../src/github/trigger.js';
import { parseTrigger, resolvePullRequest } from '../../src/github/trigger.js';
import { githubApi, quietOctokit } from '../support/github-api.js';
import {
  fromFork,
  issueCommentOnPullRequest,
  webhookExample,
} from '../support/webhook-payloads.js';

const HEAD = 'ec26c3e57ca3a959ca5aad62de7213c562f8c821';

afterEach(() => {
  nock.cleanAll();
});

function prComment(): Trigger {
  const payload = issueCommentOnPullRequest();
  payload.comment.body = '/gemini fix the failing test';
  const trigger = parseTrigger('issue_comment', payload);
  if (trigger.kind === 'ignored') throw new Error(trigger.reason);
  return trigger;
}

describe('resolvePullRequest', () => {
  it("accepts the project's Octokit client", () => {
    expectTypeOf<GitHubClient>().toExtend<PullRequestClient>();
  });

  it('fills in the pull request of a PR comment and pins its head for checkout', async () => {
    const pr = webhookExample('pull_request', { action: 'opened' }).pull_request;
    const scope = githubApi().get('/repos/Codertocat/Hello-World/pulls/2').reply(200, pr);
    const trigger = await resolvePullRequest(prComment(), quietOctokit());
    expect(trigger).toMatchObject({
      kind: 'issue_comment',
      scope: 'pull_request',
      checkoutSha: HEAD,
      pullRequest: {
        number: 2,
        headSha: HEAD,
        headRef: 'changes',
        isFork: false,
        baseRef: 'master',
      },
      instruction: 'fix the failing test',
    });
    scope.done();
  });

  it('marks a fork head', async () => {
    const pr = fromFork(webhookExample('pull_request', { action: 'opened' })).pull_request;
    const scope = githubApi().get('/repos/Codertocat/Hello-World/pulls/2').reply(200, pr);
    const trigger = await resolvePullRequest(prComment(), quietOctokit());
    expect(trigger).toMatchObject({
      pullRequest: { isFork: true, headRepoFullName: 'mallory/Hello-World' },
    });
    scope.done();
  });

  it('fails with a clear error on an answer that is not a pull request', async () => {
    const scope = githubApi()
      .get('/repos/Codertocat/Hello-World/pulls/2')
      .reply(200, { number: 2 });
    await expect(resolvePullRequest(prComment(), quietOctokit())).rejects.toThrow(
      /^GitHub's answer for pull request #2 is not a pull request: title: /,
    );
    scope.done();
  });

  it('leaves triggers that already know their pull request (or have none) alone', async () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini fix';
    const onIssue = parseTrigger('issue_comment', payload);
    const onPullRequest = parseTrigger(
      'pull_request',
      webhookExample('pull_request', { action: 'opened' }),
    );
    for (const trigger of [onIssue, onPullRequest]) {
      if (trigger.kind === 'ignored') throw new Error(trigger.reason);
      // No interceptor is set up: any request would fail the test.
      expect(await resolvePullRequest(trigger, quietOctokit())).toBe(trigger);
    }
  });
});
