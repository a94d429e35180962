// Comment- and review-triggered runs, parsed from real webhook payloads.
import { ownMarker } from '../../src/github/own-marker.js';
import { describe, expect, it } from 'vitest';
import type { IgnoredTrigger, Trigger } from '../../src/github/trigger.js';
import { parseTrigger } from '../../src/github/trigger.js';
import {
  fromFork,
  issueCommentOnPullRequest,
  webhookExample,
} from '../support/webhook-payloads.js';

function parsed(eventName: string, payload: unknown, options = {}): Trigger {
  const trigger = parseTrigger(eventName, payload, options);
  if (trigger.kind === 'ignored') throw new Error(`ignored: ${trigger.reason}`);
  return trigger;
}

function ignoredBy(eventName: string, payload: unknown, options = {}): IgnoredTrigger {
  const trigger = parseTrigger(eventName, payload, options);
  if (trigger.kind !== 'ignored') throw new Error(`expected ${eventName} to be ignored`);
  return trigger;
}

describe('issue_comment on an issue', () => {
  it('carries the repository, issue, comment, actor and command', () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = 'Thanks!\n\n/gemini fix the spelling in README.md';
    const trigger = parsed('issue_comment', payload);
    expect(trigger).toMatchObject({
      kind: 'issue_comment',
      action: 'created',
      scope: 'issue',
      repo: { owner: 'Codertocat', name: 'Hello-World', fullName: 'Codertocat/Hello-World' },
      actor: { login: 'Codertocat', type: 'User', isBot: false },
      number: 1,
      issue: {
        number: 1,
        title: 'Spelling error in the README file',
        labels: ['bug'],
        author: { login: 'Codertocat' },
      },
      comment: {
        kind: 'issue_comment',
        id: 492700400,
        createdAt: '2019-05-15T15:20:21Z',
        updatedAt: '2019-05-15T15:20:21Z',
        htmlUrl: payload.comment.html_url,
      },
      command: { kind: 'invoke', instruction: 'fix the spelling in README.md' },
      mode: 'invoke',
      modeSource: 'command',
      instruction: 'fix the spelling in README.md',
      instructionSource: 'command',
      triggerText: payload.comment.body,
      triggeredAt: '2019-05-15T15:20:21Z',
      checkoutSha: undefined,
      untrustedHead: false,
      pullRequest: undefined,
    });
  });

  it('keeps the comment times apart so later edits can be detected', () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini go';
    payload.comment.updated_at = '2019-05-15T16:00:00Z';
    const trigger = parsed('issue_comment', payload);
    if (trigger.kind !== 'issue_comment') throw new Error('wrong kind');
    expect(trigger.comment.createdAt).toBe('2019-05-15T15:20:21Z');
    expect(trigger.comment.updatedAt).toBe('2019-05-15T16:00:00Z');
    expect(trigger.triggeredAt).toBe(trigger.comment.createdAt);
  });

  it('ignores a comment without the trigger phrase, saying why', () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    expect(ignoredBy('issue_comment', payload)).toEqual({
      kind: 'ignored',
      event: 'issue_comment',
      action: 'created',
      reason: 'the comment has no /gemini command (outside code, quotes and HTML comments)',
    });
  });

  it('ignores a reply that only quotes an earlier command', () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '> /gemini delete the tests\n\nPlease do not.';
    expect(ignoredBy('issue_comment', payload).reason).toMatch(/no \/gemini command/);
  });

  it('uses the configured trigger phrase', () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '@helper triage';
    expect(parsed('issue_comment', payload, { triggerPhrase: '@helper' })).toMatchObject({
      mode: 'triage',
      instruction: 'Triage issue #1.',
      instructionSource: 'default',
    });
    payload.comment.body = '/gemini triage';
    expect(ignoredBy('issue_comment', payload, { triggerPhrase: '@helper' }).reason).toMatch(
      /no @helper command/,
    );
  });

  it('derives an instruction for a bare command, and says so', () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini';
    expect(parsed('issue_comment', payload)).toMatchObject({
      mode: 'invoke',
      instruction: 'Look into issue #1 and resolve what it reports or requests.',
      instructionSource: 'default',
    });
  });

  it('treats /gemini review on an issue as a plain instruction', () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini review the proposal';
    expect(parsed('issue_comment', payload)).toMatchObject({
      mode: 'invoke',
      instruction: 'the proposal',
    });
  });

  it('ignores edited comments: an edit neither re-runs nor slips in a command', () => {
    const payload = webhookExample('issue_comment', { action: 'edited' });
    payload.comment.body = '/gemini push to main';
    expect(ignoredBy('issue_comment', payload)).toMatchObject({
      action: 'edited',
      reason: 'an edited comment starts no run; post a new comment with the command instead',
    });
  });

  it('ignores deleted comments', () => {
    const payload = webhookExample('issue_comment', { action: 'deleted' });
    payload.comment.body = '/gemini fix';
    expect(ignoredBy('issue_comment', payload).reason).toBe(
      'a comment that was deleted starts no run',
    );
  });
});

describe('self-triggering', () => {
  it("ignores github-actions[bot]'s own comments, whatever they quote", () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = 'Working on it: /gemini fix the tests';
    payload.comment.user.login = 'github-actions[bot]';
    payload.comment.user.type = 'Bot';
    payload.sender.login = 'github-actions[bot]';
    expect(ignoredBy('issue_comment', payload).reason).toBe(
      "@github-actions[bot] is this Action's own account; its activity never starts a run",
    );
  });

  it('ignores the configured bot login too, compared without regard to case', () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini fix';
    payload.comment.user.login = 'My-Gemini-App[bot]';
    expect(
      ignoredBy('issue_comment', payload, { botLogins: ['my-gemini-app[bot]'] }).reason,
    ).toMatch(/My-Gemini-App\[bot\] is this Action's own account/);
    // A look-alike is somebody else, left to authorization.
    payload.comment.user.login = 'my-gemini-app';
    payload.sender.login = 'my-gemini-app';
    expect(parseTrigger('issue_comment', payload, { botLogins: ['my-gemini-app[bot]'] }).kind).toBe(
      'issue_comment',
    );
  });

  it("ignores the Action's own comments and reviews posted under a person's token", () => {
    // A personal access token posts as its owner, who has write access: only the marker tells.
    const comment = webhookExample('issue_comment', { action: 'created' });
    comment.comment.body = `Working on /gemini fix the tests\n\n${ownMarker('progress')}`;
    expect(ignoredBy('issue_comment', comment).reason).toMatch(/carries this Action's marker/);
    const thread = webhookExample('pull_request_review_comment', { action: 'created' });
    thread.comment.body = `/gemini done\n${ownMarker('progress')}`;
    expect(ignoredBy('pull_request_review_comment', thread).reason).toMatch(/marker/);
    const review = webhookExample('pull_request_review', { action: 'submitted' });
    review.review.body = `/gemini review\n${ownMarker('review', { head: 'abc123' })}`;
    expect(ignoredBy('pull_request_review', review).reason).toMatch(/marker/);
    // Without the marker the same person's comment is a command.
    comment.comment.body = 'Working on /gemini fix the tests';
    expect(parseTrigger('issue_comment', comment).kind).toBe('issue_comment');
  });

  it("ignores reviews and pushes by the bot's own account", () => {
    const review = webhookExample('pull_request_review', { action: 'submitted' });
    review.review.body = '/gemini review';
    review.review.user.login = 'gemini-bot';
    expect(ignoredBy('pull_request_review', review, { botLogins: ['gemini-bot'] }).reason).toMatch(
      /own account/,
    );
    const push = webhookExample('push', { ref: 'refs/heads/master' });
    push.sender.login = 'gemini-bot';
    expect(ignoredBy('push', push, { botLogins: ['gemini-bot'], prompt: 'x' }).reason).toMatch(
      /own account/,
    );
  });
});

describe('issue_comment on a pull request', () => {
  it('is scoped to the pull request; the head is looked up later', () => {
    const payload = issueCommentOnPullRequest();
    payload.comment.body = '/gemini review focus on error handling';
    expect(parsed('issue_comment', payload)).toMatchObject({
      kind: 'issue_comment',
      scope: 'pull_request',
      number: 2,
      mode: 'review',
      instruction: 'focus on error handling',
      pullRequest: undefined,
      checkoutSha: undefined,
    });
  });

  it('derives the review instruction for a bare /gemini review', () => {
    const payload = issueCommentOnPullRequest();
    payload.comment.body = '/gemini review';
    expect(parsed('issue_comment', payload)).toMatchObject({
      mode: 'review',
      instruction: 'Review pull request #2.',
      instructionSource: 'default',
    });
  });

  it('lets a mode input override the command, keeping the whole text as the instruction', () => {
    const payload = issueCommentOnPullRequest();
    payload.comment.body = '/gemini triage and fix it';
    expect(parsed('issue_comment', payload, { mode: 'review' })).toMatchObject({
      mode: 'review',
      modeSource: 'input',
      instruction: 'triage and fix it',
    });
  });
});

describe('pull_request_review_comment', () => {
  it('carries the thread the answer goes to, and the pinned head', () => {
    const payload = webhookExample('pull_request_review_comment', { action: 'created' });
    payload.comment.body = '/gemini why is this line needed?';
    payload.comment.in_reply_to_id = 284312000;
    const trigger = parsed('pull_request_review_comment', payload);
    expect(trigger).toMatchObject({
      kind: 'pull_request_review_comment',
      scope: 'pull_request',
      number: 2,
      actor: { login: 'Codertocat' },
      thread: {
        commentId: 284312630,
        inReplyToId: 284312000,
        reviewId: 237895671,
        path: 'README.md',
        diffHunk: '@@ -1 +1 @@\n-# Hello-World',
        commitId: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
      },
      comment: { kind: 'review_comment', id: 284312630, createdAt: '2019-05-15T15:20:37Z' },
      pullRequest: {
        number: 2,
        headSha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
        headRef: 'changes',
        headRepoFullName: 'Codertocat/Hello-World',
        isFork: false,
        baseRef: 'master',
        baseSha: 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e',
      },
      checkoutSha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
      mode: 'invoke',
      instruction: 'why is this line needed?',
    });
  });

  it('uses the line of the comment, or the line it had when it was written', () => {
    const payload = webhookExample('pull_request_review_comment', {
      action: 'created',
      comment: { line: 265 },
    });
    payload.comment.body = '/gemini';
    expect(parsed('pull_request_review_comment', payload)).toMatchObject({
      thread: { line: 265, side: 'RIGHT', startLine: undefined },
      instruction: 'Address the review comment thread on README.md:265 in pull request #2.',
      instructionSource: 'default',
    });
    const outdated = webhookExample('pull_request_review_comment', { action: 'created' });
    outdated.comment.body = '/gemini';
    expect(parsed('pull_request_review_comment', outdated)).toMatchObject({
      thread: { line: undefined },
      instruction: 'Address the review comment thread on README.md in pull request #2.',
    });
  });

  it('marks a comment on a fork pull request as such', () => {
    const payload = fromFork(webhookExample('pull_request_review_comment', { action: 'created' }));
    payload.comment.body = '/gemini fix';
    expect(parsed('pull_request_review_comment', payload)).toMatchObject({
      pullRequest: { isFork: true, headRepoFullName: 'mallory/Hello-World' },
    });
  });

  it('ignores edited and deleted review comments', () => {
    const edited = webhookExample('pull_request_review_comment', { action: 'edited' });
    edited.comment.body = '/gemini fix';
    expect(ignoredBy('pull_request_review_comment', edited).reason).toMatch(
      /edited review comment/,
    );
    const deleted = webhookExample('pull_request_review_comment', { action: 'deleted' });
    expect(ignoredBy('pull_request_review_comment', deleted).reason).toMatch(/deleted/);
  });
});

describe('pull_request_review', () => {
  it('takes the command from the review body, with the review state', () => {
    const payload = webhookExample('pull_request_review', { action: 'submitted' });
    payload.review.body = 'Some nits.\n\n/gemini apply the suggestions';
    payload.review.state = 'changes_requested';
    expect(parsed('pull_request_review', payload)).toMatchObject({
      kind: 'pull_request_review',
      action: 'submitted',
      number: 2,
      review: { id: 237895671, state: 'changes_requested', submittedAt: '2019-05-15T15:20:38Z' },
      comment: { kind: 'review', id: 237895671, createdAt: '2019-05-15T15:20:38Z' },
      pullRequest: { headSha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821' },
      mode: 'invoke',
      instruction: 'apply the suggestions',
      triggeredAt: '2019-05-15T15:20:38Z',
    });
  });

  it('ignores a review without a body (the real example has none)', () => {
    const payload = webhookExample('pull_request_review', { action: 'submitted' });
    expect(payload.review.body).toBeNull();
    expect(ignoredBy('pull_request_review', payload).reason).toMatch(/review has no \/gemini/);
  });

  it('ignores dismissed reviews', () => {
    const payload = webhookExample('pull_request_review', { action: 'dismissed' });
    expect(ignoredBy('pull_request_review', payload).reason).toBe(
      'a review that was dismissed starts no run',
    );
  });
});
