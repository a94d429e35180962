import { describe, expect, it } from 'vitest';
import type { Trigger } from '../../src/github/trigger-types.js';
import { parseTrigger } from '../../src/github/trigger.js';
import { planBranch, publishTargetFor } from '../../src/publish/publish-target.js';
import {
  fromFork,
  issueCommentOnPullRequest,
  webhookExample,
} from '../support/webhook-payloads.js';

function trigger(eventName: string, payload: unknown, options = {}): Trigger {
  const parsed = parseTrigger(eventName, payload, options);
  if (parsed.kind === 'ignored') throw new Error(parsed.reason);
  return parsed;
}

const plan = { branchPrefix: 'gemini/', pushToPrBranch: true };

describe('publish targets', () => {
  it('sends an issue’s change to a new bot branch with a pull request', () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini fix the typo';
    payload.issue.title = 'Spelling error in the README file';
    const target = publishTargetFor(trigger('issue_comment', payload), { maintenanceName: 'x' });

    expect(target).toEqual({
      kind: 'issue',
      number: payload.issue.number,
      title: payload.issue.title,
    });
    expect(target && planBranch(target, plan)).toEqual({
      mode: 'bot_branch',
      branch: `gemini/issue-${payload.issue.number}-spelling-error-in-the-readme-file`,
      earlierBranchPrefix: `gemini/issue-${payload.issue.number}-`,
      exact: false,
      pullRequestBase: undefined,
    });
  });

  it('sends a same-repository pull request’s change to its own branch, or to a branch into it', () => {
    const payload = webhookExample('pull_request_review_comment', { action: 'created' });
    payload.comment.body = '/gemini rename this';
    const target = publishTargetFor(trigger('pull_request_review_comment', payload), {
      maintenanceName: 'x',
    });
    const pr = payload.pull_request;

    expect(target).toEqual({
      kind: 'pull_request',
      number: pr.number,
      title: pr.title,
      headRef: pr.head.ref,
      headSha: pr.head.sha,
      baseRef: pr.base.ref,
      isFork: false,
    });
    if (target === undefined) throw new Error('no target');
    expect(planBranch(target, plan)).toEqual({
      mode: 'pr_branch',
      branch: pr.head.ref,
      pullNumber: pr.number,
    });
    expect(planBranch(target, { ...plan, pushToPrBranch: false })).toMatchObject({
      mode: 'bot_branch',
      branch: expect.stringMatching(new RegExp(`^gemini/pr-${pr.number}-`)) as unknown,
      pullRequestBase: pr.head.ref,
    });
  });

  it('gives a fork’s pull request a patch only', () => {
    const payload = fromFork(webhookExample('pull_request_review_comment', { action: 'created' }));
    payload.comment.body = '/gemini rename this';
    const target = publishTargetFor(trigger('pull_request_review_comment', payload), {
      maintenanceName: 'x',
    });
    expect(target).toMatchObject({ kind: 'pull_request', isFork: true });
    expect(target && planBranch(target, plan)).toMatchObject({ mode: 'patch' });
  });

  it('names scheduled runs after the maintenance job', () => {
    const target = publishTargetFor(
      trigger('schedule', webhookExample('schedule'), { prompt: 'tidy up' }),
      { maintenanceName: 'Weekly tidy-up' },
    );
    expect(target).toEqual({ kind: 'maintenance', name: 'Weekly tidy-up' });
    expect(target && planBranch(target, plan)).toMatchObject({
      mode: 'bot_branch',
      branch: 'gemini/maintenance-weekly-tidy-up',
      earlierBranchPrefix: 'gemini/maintenance-weekly-tidy-up',
      exact: true,
    });
  });

  it('has no target for a pull request comment whose pull request is not resolved yet', () => {
    const payload = issueCommentOnPullRequest();
    payload.comment.body = '/gemini fix it';
    expect(
      publishTargetFor(trigger('issue_comment', payload), { maintenanceName: 'x' }),
    ).toBeUndefined();
  });
});
