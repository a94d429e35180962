import { Octokit } from '@octokit/rest';
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import type { PostedComment } from '../../src/github/sink.js';
import { createOctokitSink } from '../../src/github/sink.js';
import { ConfigurationError } from '../../src/platform/errors.js';

const API = 'https://api.github.com';
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
const octokit = () => new Octokit({ auth: 'test-token', userAgent: 'sink-test', log: quiet });

function comment(id: number, kind: 'issue_comment' | 'review_comment') {
  const anchor = kind === 'issue_comment' ? `issuecomment-${id}` : `discussion_r${id}`;
  return { id, html_url: `https://github.com/octo/repo/pull/4#${anchor}`, body: '' };
}

afterEach(() => {
  nock.cleanAll();
});

describe('the Octokit sink', () => {
  it('adds reactions to a trigger comment, a review comment and an issue', async () => {
    const scope = nock(API)
      .post('/repos/octo/repo/issues/comments/5/reactions', { content: 'eyes' })
      .reply(201, { id: 1, content: 'eyes' })
      .post('/repos/octo/repo/pulls/comments/7/reactions', { content: 'eyes' })
      .reply(201, { id: 2, content: 'eyes' })
      .post('/repos/octo/repo/issues/3/reactions', { content: 'rocket' })
      .reply(201, { id: 3, content: 'rocket' });
    const sink = createOctokitSink(octokit(), { redact: (text) => text });
    await sink.addReaction(
      { owner: 'octo', repo: 'repo', kind: 'issue_comment', commentId: 5 },
      'eyes',
    );
    await sink.addReaction(
      { owner: 'octo', repo: 'repo', kind: 'review_comment', commentId: 7 },
      'eyes',
    );
    await sink.addReaction(
      { owner: 'octo', repo: 'repo', kind: 'issue', issueNumber: 3 },
      'rocket',
    );
    expect(scope.isDone()).toBe(true);
  });

  it('comments on an issue or pull request and edits that comment', async () => {
    const scope = nock(API)
      .post('/repos/octo/repo/issues/4/comments', { body: 'working' })
      .reply(201, comment(900, 'issue_comment'))
      .patch('/repos/octo/repo/issues/comments/900', { body: 'done' })
      .reply(200, comment(900, 'issue_comment'));
    const sink = createOctokitSink(octokit(), { redact: (text) => text });
    const posted = await sink.createComment(
      { owner: 'octo', repo: 'repo', issueNumber: 4 },
      'working',
    );
    expect(posted).toEqual({
      owner: 'octo',
      repo: 'repo',
      kind: 'issue_comment',
      id: 900,
      url: 'https://github.com/octo/repo/pull/4#issuecomment-900',
    });
    await sink.updateComment(posted, 'done');
    expect(scope.isDone()).toBe(true);
  });

  it('replies in a review thread and edits the reply as a review comment', async () => {
    const scope = nock(API)
      .post('/repos/octo/repo/pulls/4/comments/7/replies', { body: 'on it' })
      .reply(201, comment(950, 'review_comment'))
      .patch('/repos/octo/repo/pulls/comments/950', { body: 'done' })
      .reply(200, comment(950, 'review_comment'));
    const sink = createOctokitSink(octokit(), { redact: (text) => text });
    const posted: PostedComment = await sink.createComment(
      { owner: 'octo', repo: 'repo', pullNumber: 4, inReplyTo: 7 },
      'on it',
    );
    expect(posted).toMatchObject({ kind: 'review_comment', id: 950 });
    const edited = await sink.updateComment(posted, 'done');
    expect(edited.url).toBe('https://github.com/octo/repo/pull/4#discussion_r950');
    expect(scope.isDone()).toBe(true);
  });

  it('redacts every body it sends', async () => {
    const scope = nock(API)
      .post('/repos/octo/repo/issues/4/comments', { body: 'key *** leaked' })
      .reply(201, comment(1, 'issue_comment'))
      .patch('/repos/octo/repo/issues/comments/1', { body: '***' })
      .reply(200, comment(1, 'issue_comment'));
    const sink = createOctokitSink(octokit(), {
      redact: (text) => text.replaceAll('AIzaSECRET', '***'),
    });
    const posted = await sink.createComment(
      { owner: 'octo', repo: 'repo', issueNumber: 4 },
      'key AIzaSECRET leaked',
    );
    await sink.updateComment(posted, 'AIzaSECRET');
    expect(scope.isDone()).toBe(true);
  });

  it('says which permissions are missing when GitHub refuses', async () => {
    nock(API)
      .post('/repos/octo/repo/issues/4/comments')
      .reply(403, { message: 'Resource not accessible by integration' });
    const sink = createOctokitSink(octokit(), { redact: (text) => text });
    const error = await sink
      .createComment({ owner: 'octo', repo: 'repo', issueNumber: 4 }, 'x')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(
      /^github_token: could not comment on octo\/repo#4: Resource not accessible by integration.*\(HTTP 403\)\. The token needs `issues: write` and `pull-requests: write`/,
    );
  });

  it('passes other failures through, including a rate limit answered with 403', async () => {
    nock(API)
      .post('/repos/octo/repo/issues/comments/5/reactions')
      .reply(403, { message: 'You have exceeded a secondary rate limit.' })
      .patch('/repos/octo/repo/issues/comments/1')
      .reply(404, { message: 'Not Found' });
    const sink = createOctokitSink(octokit(), { redact: (text) => text });
    const limited = await sink
      .addReaction({ owner: 'octo', repo: 'repo', kind: 'issue_comment', commentId: 5 }, 'eyes')
      .catch((e: unknown) => e);
    expect(limited).not.toBeInstanceOf(ConfigurationError);
    expect((limited as { status?: number }).status).toBe(403);
    const missing = await sink
      .updateComment({ owner: 'octo', repo: 'repo', kind: 'issue_comment', id: 1, url: '' }, 'x')
      .catch((e: unknown) => e);
    expect((missing as { status?: number }).status).toBe(404);
  });
});
