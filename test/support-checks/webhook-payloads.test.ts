import { describe, expect, it } from 'vitest';
import {
  fromFork,
  issueCommentOnPullRequest,
  webhookExample,
} from '../support/webhook-payloads.js';

describe('webhookExample', () => {
  it('returns a deep copy, so one test cannot change the next one', () => {
    const first = webhookExample('issue_comment', { action: 'created' });
    first.comment.body = 'changed';
    first.repository.owner.login = 'changed';
    const second = webhookExample('issue_comment', { action: 'created' });
    expect(second.comment.body).toBe("You are totally right! I'll get this fixed right away.");
    expect(second.repository.owner.login).toBe('Codertocat');
  });

  it('picks the first example matching the action and nested fields', () => {
    expect(webhookExample('issues', { action: 'labeled' }).action).toBe('labeled');
    const withLine = webhookExample('pull_request_review_comment', { comment: { line: 265 } });
    expect(withLine.comment.line).toBe(265);
    expect(webhookExample('push', { deleted: true }).deleted).toBe(true);
  });

  it('says which actions exist when nothing matches', () => {
    expect(() => webhookExample('pull_request_review', { action: 'edited' })).toThrow(
      'no pull_request_review example matches {"action":"edited"} (actions: submitted, dismissed, submitted, submitted)',
    );
  });

  it('adapts the events the package has no example of', () => {
    const target = webhookExample('pull_request_target', { action: 'opened' });
    expect(target.pull_request.number).toBe(2);
    const schedule = webhookExample('schedule');
    expect(schedule).toMatchObject({
      schedule: '30 5 * * 1',
      repository: { full_name: 'Codertocat/Hello-World' },
      sender: { login: 'Codertocat' },
    });
  });

  it('builds a comment on a pull request the way GitHub delivers it', () => {
    const payload = issueCommentOnPullRequest();
    expect(payload.issue.number).toBe(2);
    expect(payload.issue.pull_request).toMatchObject({
      html_url: 'https://github.com/Codertocat/Hello-World/pull/2',
      merged_at: null,
    });
  });

  it('moves a pull request head to a fork', () => {
    const payload = fromFork(webhookExample('pull_request', { action: 'opened' }), 'eve');
    expect(payload.pull_request.head).toMatchObject({
      label: 'eve:changes',
      user: { login: 'eve' },
      repo: { full_name: 'eve/Hello-World', fork: true, owner: { login: 'eve' } },
    });
    expect(payload.repository.full_name).toBe('Codertocat/Hello-World');
  });
});
