import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../src/platform/errors.js';
import { memoryLogger } from '../../src/platform/logger.js';
import type { PlannedComment, ReviewEvent } from '../../src/review/post-review.js';
import { createOctokitReviewSink, postReview, reviewEvent } from '../../src/review/post-review.js';
import { githubApi, quietOctokit } from '../support/github-api.js';
import type { ReviewFinding, Severity } from '../../src/review/review-types.js';

const PR = { owner: 'octo', repo: 'shop', pullNumber: 7 };
const REVIEWS = '/repos/octo/shop/pulls/7/reviews';
const COMMENTS = '/repos/octo/shop/issues/7/comments';
const HEAD = 'e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3';
const REVIEW_URL = 'https://github.com/octo/shop/pull/7#pullrequestreview-1';
const COMMENT_URL = 'https://github.com/octo/shop/pull/7#issuecomment-2';

afterEach(() => {
  nock.cleanAll();
});

interface ReviewBody {
  commit_id: string;
  body: string;
  event: string;
  comments: {
    path: string;
    line: number;
    side: string;
    start_line?: number;
    start_side?: string;
    body: string;
  }[];
}

function planned(
  path: string,
  line: number,
  severity: Severity = 'high',
  startLine?: number,
): PlannedComment {
  const finding: ReviewFinding = {
    path,
    line,
    startLine,
    side: 'RIGHT',
    severity,
    body: `Problem in ${path}:${line}`,
    suggestion: undefined,
  };
  return { finding, comment: { path, line, side: 'RIGHT', startLine, body: finding.body } };
}

/** A body that lists the findings moved out of the inline comments, so tests can see them. */
const renderBody = (moved: readonly ReviewFinding[]) =>
  `Summary.${moved.map((finding) => `\n- moved ${finding.path}:${finding.line}`).join('')}`;

function unprocessable(errors: string[]) {
  return {
    message: 'Unprocessable Entity',
    errors,
    documentation_url:
      'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request',
    status: '422',
  };
}

function post(comments: PlannedComment[], event: ReviewEvent = 'COMMENT') {
  const logger = memoryLogger();
  const sink = createOctokitReviewSink(quietOctokit(), {
    redact: (text) => text.replace(/hunter2/g, '***'),
  });
  return {
    logger,
    result: postReview(sink, { pr: PR, commitId: HEAD, event, comments, renderBody, logger }),
  };
}

describe('postReview', () => {
  it('posts one review on the reviewed head with every inline comment', async () => {
    const sent: ReviewBody[] = [];
    const scope = githubApi()
      .post(REVIEWS, (body: ReviewBody) => sent.push(body) > 0)
      .reply(200, { id: 1, html_url: REVIEW_URL });

    const { result } = post([planned('src/a.ts', 10), planned('src/b.ts', 5, 'low', 3)]);

    expect(await result).toEqual({
      url: REVIEW_URL,
      reviewId: 1,
      event: 'COMMENT',
      inlineCount: 2,
      movedToBody: 0,
      fellBack: false,
    });
    expect(sent).toEqual([
      {
        commit_id: HEAD,
        body: 'Summary.',
        event: 'COMMENT',
        comments: [
          { path: 'src/a.ts', line: 10, side: 'RIGHT', body: 'Problem in src/a.ts:10' },
          {
            path: 'src/b.ts',
            line: 5,
            side: 'RIGHT',
            start_line: 3,
            start_side: 'RIGHT',
            body: 'Problem in src/b.ts:5',
          },
        ],
      },
    ]);
    expect(scope.isDone()).toBe(true);
  });

  it('after a 422, posts the more severe half and moves the rest into the body', async () => {
    const sent: ReviewBody[] = [];
    githubApi()
      .post(REVIEWS, (body: ReviewBody) => sent.push(body) > 0)
      .reply(422, unprocessable(['Line could not be resolved']))
      .post(REVIEWS, (body: ReviewBody) => sent.push(body) > 0)
      .reply(200, { id: 1, html_url: REVIEW_URL });

    const comments = [
      planned('src/a.ts', 1, 'critical'),
      planned('src/a.ts', 2, 'high'),
      planned('src/a.ts', 3, 'medium'),
      planned('src/a.ts', 4, 'low'),
    ];
    const { result, logger } = post(comments);

    expect(await result).toMatchObject({ inlineCount: 2, movedToBody: 2, fellBack: false });
    expect(sent.map((body) => body.comments.map((comment) => comment.line))).toEqual([
      [1, 2, 3, 4],
      [1, 2],
    ]);
    expect(sent[1]?.body).toBe('Summary.\n- moved src/a.ts:3\n- moved src/a.ts:4');
    expect(logger.lines[0]?.message).toMatch(
      /^GitHub did not accept the review with 4 inline comment\(s\): .*Line could not be resolved/,
    );
  });

  it('drops the comments the error names when it names some', async () => {
    const sent: ReviewBody[] = [];
    githubApi()
      .post(REVIEWS, (body: ReviewBody) => sent.push(body) > 0)
      .reply(
        422,
        unprocessable(['pull_request_review_thread.path: src/gone.ts could not be resolved']),
      )
      .post(REVIEWS, (body: ReviewBody) => sent.push(body) > 0)
      .reply(200, { id: 1, html_url: REVIEW_URL });

    const { result } = post([
      planned('src/a.ts', 1),
      planned('src/gone.ts', 2),
      planned('src/c.ts', 3),
    ]);

    expect(await result).toMatchObject({ inlineCount: 2, movedToBody: 1 });
    expect(sent[1]?.comments.map((comment) => comment.path)).toEqual(['src/a.ts', 'src/c.ts']);
    expect(sent[1]?.body).toBe('Summary.\n- moved src/gone.ts:2');
  });

  it('does not take prose for a path', async () => {
    const sent: ReviewBody[] = [];
    githubApi()
      .post(REVIEWS, (body: ReviewBody) => sent.push(body) > 0)
      .reply(422, unprocessable(['pull_request_review_thread.line must be part of the diff']))
      .post(REVIEWS, (body: ReviewBody) => sent.push(body) > 0)
      .reply(200, { id: 1, html_url: REVIEW_URL });

    const { result } = post([
      planned('line', 1),
      planned('diff', 2),
      planned('src/c.ts', 3),
      planned('d.ts', 4),
    ]);

    // Nothing named: the more important half stays.
    expect(await result).toMatchObject({ inlineCount: 2 });
    expect(sent[1]?.comments.map((comment) => comment.path)).toEqual(['line', 'diff']);
  });

  it('when every review is refused, posts the summary with all findings as a comment', async () => {
    const sent: ReviewBody[] = [];
    const comments: string[] = [];
    const scope = githubApi()
      .post(REVIEWS, (body: ReviewBody) => sent.push(body) > 0)
      .times(4)
      .reply(422, unprocessable(['Validation Failed']))
      .post(COMMENTS, (body: { body: string }) => comments.push(body.body) > 0)
      .reply(201, { id: 2, html_url: COMMENT_URL });

    const { result } = post([
      planned('src/a.ts', 1),
      planned('src/a.ts', 2),
      planned('src/a.ts', 3),
      planned('src/a.ts', 4),
      planned('src/a.ts', 5),
    ]);

    expect(await result).toEqual({
      url: COMMENT_URL,
      reviewId: undefined,
      event: undefined,
      inlineCount: 0,
      movedToBody: 5,
      fellBack: true,
    });
    // All, the better half, its better half, then none.
    expect(sent.map((body) => body.comments.length)).toEqual([5, 2, 1, 0]);
    expect(comments).toEqual([
      'Summary.\n- moved src/a.ts:1\n- moved src/a.ts:2\n- moved src/a.ts:3\n- moved src/a.ts:4\n- moved src/a.ts:5',
    ]);
    expect(scope.isDone()).toBe(true);
  });

  it('falls back to a comment at once when GitHub fails for another reason', async () => {
    const scope = githubApi()
      .post(REVIEWS)
      .reply(500, { message: 'Server Error' })
      .post(COMMENTS)
      .reply(201, { id: 2, html_url: COMMENT_URL });

    const { result } = post([planned('src/a.ts', 1)]);

    expect(await result).toMatchObject({ fellBack: true, url: COMMENT_URL });
    expect(scope.isDone()).toBe(true);
  });

  it('requests changes when asked, and comments instead on the bot’s own pull request', async () => {
    const events: string[] = [];
    githubApi()
      .post(REVIEWS, (body: ReviewBody) => events.push(body.event) > 0)
      .reply(422, unprocessable(['Review Can not request changes on your own pull request']))
      .post(REVIEWS, (body: ReviewBody) => events.push(body.event) > 0)
      .reply(200, { id: 1, html_url: REVIEW_URL });

    const { result } = post([planned('src/a.ts', 1)], 'REQUEST_CHANGES');

    expect(await result).toMatchObject({ event: 'COMMENT', inlineCount: 1 });
    expect(events).toEqual(['REQUEST_CHANGES', 'COMMENT']);
  });

  it('says which permission is missing when neither a review nor a comment may be posted', async () => {
    githubApi()
      .post(REVIEWS)
      .reply(403, { message: 'Resource not accessible by integration' })
      .post(COMMENTS)
      .reply(403, { message: 'Resource not accessible by integration' });

    const { result } = post([planned('src/a.ts', 1)]);

    const error: unknown = await result.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toMatch(
      /^github_token: could not comment on octo\/shop#7: .*\(HTTP 403\)\. The token needs `pull-requests: write`/,
    );
  });

  it('fails with both reasons when the fallback comment fails too', async () => {
    githubApi()
      .post(REVIEWS)
      .reply(500, { message: 'Server Error' })
      .post(COMMENTS)
      .reply(502, { message: 'Bad Gateway' });

    await expect(post([]).result).rejects.toThrow(
      /^Could not post the review \(Server Error.*\) nor its summary as a comment \(Bad Gateway/,
    );
  });

  it('redacts every text as a last line of defence', async () => {
    const sent: ReviewBody[] = [];
    githubApi()
      .post(REVIEWS, (body: ReviewBody) => sent.push(body) > 0)
      .reply(200, { id: 1, html_url: REVIEW_URL });
    const comment = planned('src/a.ts', 1);
    comment.comment.body = 'password hunter2';
    const sink = createOctokitReviewSink(quietOctokit(), {
      redact: (text) => text.replace(/hunter2/g, '***'),
    });
    await postReview(sink, {
      pr: PR,
      commitId: HEAD,
      event: 'COMMENT',
      comments: [comment],
      renderBody: () => 'hunter2 in body',
    });
    expect(sent[0]?.body).toBe('*** in body');
    expect(sent[0]?.comments[0]?.body).toBe('password ***');
  });
});

describe('reviewEvent', () => {
  const findings = (...severities: Severity[]) => severities.map((severity) => ({ severity }));

  it('comments unless configured to request changes and a finding is severe enough', () => {
    expect(reviewEvent(findings('critical'), 'never')).toBe('COMMENT');
    expect(reviewEvent(findings('medium', 'high'), 'high')).toBe('REQUEST_CHANGES');
    expect(reviewEvent(findings('critical'), 'high')).toBe('REQUEST_CHANGES');
    expect(reviewEvent(findings('medium', 'low'), 'high')).toBe('COMMENT');
    expect(reviewEvent(findings(), 'low')).toBe('COMMENT');
  });
});
