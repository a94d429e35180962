/**
 * The fake's pull request endpoints: metadata or diff, files, review threads and replies,
 * and batched reviews with inline comments (checked against the diff as GitHub checks them).
 * Opening and editing pull requests is in routes-pulls-manage.ts.
 */
import type { AnchorRequest } from './diff-lines.js';
import { anchorInPatch, buildDiff } from './diff-lines.js';
import type {
  IssueRecord,
  PullRecord,
  ReviewCommentInput,
  ReviewCommentRecord,
  ReviewRecord,
} from './model.js';
import type { Handler, Reply, RouteDefinition, RouteRequest } from './router.js';
import {
  arrayField,
  BODY_LIMIT,
  characterCount,
  commentBody,
  isReply,
  notFound,
  numberField,
  ok,
  paginate,
  stringField,
  validationFailed,
} from './router.js';
import type { ShapeContext } from './shapes.js';
import * as shapes from './shapes.js';

function pullOf(
  request: RouteRequest,
  ctx: ShapeContext,
): { issue: IssueRecord; pr: PullRecord } | undefined {
  const issue = ctx.model.issues.get(Number(request.params.pull_number));
  return issue?.pull ? { issue, pr: issue.pull } : undefined;
}

/** GitHub's 422 for reviews and review comments: plain messages rather than field errors. */
function unprocessable(...messages: string[]): Reply {
  return validationFailed(messages, 'Unprocessable Entity');
}

const getPull: Handler = (request, ctx) => {
  const found = pullOf(request, ctx);
  if (!found) return notFound();
  if (request.accept.includes('diff')) {
    return {
      status: 200,
      text: found.pr.diff ?? buildDiff(found.pr.files),
      contentType: 'application/vnd.github.diff; charset=utf-8',
    };
  }
  return ok(shapes.pull(ctx, found.issue, found.pr));
};

const listPulls: Handler = (request, ctx) => {
  const state = request.query.get('state') ?? 'open';
  const head = request.query.get('head');
  const base = request.query.get('base');
  const pulls = [...ctx.model.issues.values()]
    .filter((issue): issue is IssueRecord & { pull: PullRecord } => issue.pull !== undefined)
    .filter((issue) => state === 'all' || issue.state === state)
    .filter((issue) => head === null || `${issue.pull.head.owner}:${issue.pull.head.ref}` === head)
    .filter((issue) => base === null || issue.pull.base.ref === base)
    .sort((a, b) => b.number - a.number);
  return paginate(
    request,
    pulls.map((issue) => shapes.pull(ctx, issue, issue.pull)),
  );
};

const listFiles: Handler = (request, ctx) => {
  const found = pullOf(request, ctx);
  if (!found) return notFound();
  return paginate(
    request,
    found.pr.files.map((file) => shapes.pullFile(ctx, found.pr, file)),
  );
};

function reviewCommentsOf(ctx: ShapeContext, pullNumber: number): ReviewCommentRecord[] {
  return [...ctx.model.reviewComments.values()]
    .filter((comment) => comment.issueNumber === pullNumber)
    .sort((a, b) => a.id - b.id);
}

const listReviewComments: Handler = (request, ctx) => {
  const found = pullOf(request, ctx);
  if (!found) return notFound();
  const since = request.query.get('since');
  let comments = reviewCommentsOf(ctx, found.issue.number).filter(
    (comment) => since === null || Date.parse(comment.updatedAt) >= Date.parse(since),
  );
  if (request.query.get('sort') === 'updated') {
    comments = comments.sort((a, b) => Date.parse(a.updatedAt) - Date.parse(b.updatedAt));
  }
  if (request.query.get('direction') === 'desc') comments = comments.reverse();
  return paginate(
    request,
    comments.map((comment) => shapes.reviewComment(ctx, comment)),
  );
};

const getReviewComment: Handler = (request, ctx) => {
  const comment = ctx.model.reviewComments.get(Number(request.params.comment_id));
  return comment ? ok(shapes.reviewComment(ctx, comment)) : notFound();
};

/** GitHub answers 204 with no body; the comment is gone from every list after. */
const deleteReviewComment: Handler = (request, ctx) => {
  const deleted = ctx.model.reviewComments.delete(Number(request.params.comment_id));
  return deleted ? ok(undefined, 204) : notFound();
};

const updateReviewComment: Handler = (request, ctx) => {
  const comment = ctx.model.reviewComments.get(Number(request.params.comment_id));
  if (!comment) return notFound();
  const body = commentBody(request.body, 'PullRequestReviewComment');
  if (isReply(body)) return body;
  comment.bodies.push(body);
  comment.updatedAt = ctx.model.now();
  return ok(shapes.reviewComment(ctx, comment));
};

const replyToReviewComment: Handler = (request, ctx) => {
  const found = pullOf(request, ctx);
  const target = ctx.model.reviewComments.get(Number(request.params.comment_id));
  if (!found || target?.issueNumber !== found.issue.number) return notFound();
  const body = commentBody(request.body, 'PullRequestReviewComment');
  if (isReply(body)) return body;
  const now = ctx.model.now();
  const reply: ReviewCommentRecord = {
    ...target,
    id: ctx.model.nextId(),
    user: request.actor,
    bodies: [body],
    createdAt: now,
    updatedAt: now,
    seeded: false,
    // A reply to a reply joins the thread: GitHub points it at the thread's first comment.
    inReplyTo: target.inReplyTo ?? target.id,
    reviewId: ctx.model.nextId(),
  };
  delete reply.authorAssociation;
  ctx.model.reviewComments.set(reply.id, reply);
  return ok(shapes.reviewComment(ctx, reply), 201);
};

const listReviews: Handler = (request, ctx) => {
  const found = pullOf(request, ctx);
  if (!found) return notFound();
  return paginate(
    request,
    ctx.model.reviews
      .filter((review) => review.pullNumber === found.issue.number)
      .map((review) => shapes.review(ctx, review)),
  );
};

const REVIEW_STATES: Record<string, ReviewRecord['state']> = {
  APPROVE: 'APPROVED',
  REQUEST_CHANGES: 'CHANGES_REQUESTED',
  COMMENT: 'COMMENTED',
};

function side(value: unknown): 'LEFT' | 'RIGHT' {
  return value === 'LEFT' ? 'LEFT' : 'RIGHT';
}

/** Reads one inline comment of a review; a string is GitHub's reason to refuse it. */
function reviewCommentInput(item: unknown, pr: PullRecord): ReviewCommentInput | string {
  const path = stringField(item, 'path');
  const body = stringField(item, 'body');
  const line = numberField(item, 'line');
  const position = numberField(item, 'position');
  const startLine = numberField(item, 'start_line');
  if (path === undefined || body === undefined) return 'Path and body are required';
  const file = pr.files.find((candidate) => candidate.filename === path);
  if (!file) return 'Path could not be resolved';
  const request: AnchorRequest | undefined =
    line !== undefined
      ? { line, side: side((item as { side?: unknown }).side) }
      : position !== undefined
        ? { position }
        : undefined;
  if (!request) return 'Line could not be resolved';
  const anchor = file.patch !== undefined ? anchorInPatch(file.patch, request) : undefined;
  if (!anchor) return 'Line could not be resolved';
  const input: ReviewCommentInput = { path, body, line: anchor.line, side: anchor.side };
  if (position !== undefined) input.position = anchor.position;
  if (startLine !== undefined) {
    const startSide = side((item as { start_side?: unknown }).start_side ?? anchor.side);
    const start = anchorInPatch(file.patch ?? '', { line: startLine, side: startSide });
    if (!start || (startSide === anchor.side && startLine >= anchor.line)) {
      return 'Start line could not be resolved';
    }
    input.startLine = startLine;
    input.startSide = startSide;
  }
  return input;
}

const createReview: Handler = (request, ctx) => {
  const found = pullOf(request, ctx);
  if (!found) return notFound();
  const { issue, pr } = found;
  const event = stringField(request.body, 'event');
  const body = stringField(request.body, 'body') ?? '';
  const commitId = stringField(request.body, 'commit_id') ?? pr.head.sha;
  const items = arrayField(request.body, 'comments') ?? [];
  if (!pr.knownShas.has(commitId)) return unprocessable(`No commit found for SHA: ${commitId}`);
  if (event !== undefined && !(event in REVIEW_STATES)) {
    return unprocessable(`Unknown review event: ${event}`);
  }
  if (event === 'REQUEST_CHANGES' && body === '') {
    return unprocessable('Review Can not request changes on a pull request without a body');
  }
  if (event === 'COMMENT' && body === '' && items.length === 0) {
    return unprocessable('Review Body and comments can not both be blank');
  }
  if ((event === 'APPROVE' || event === 'REQUEST_CHANGES') && issue.user === request.actor) {
    return unprocessable(
      `Review Can not ${event === 'APPROVE' ? 'approve' : 'request changes on'} your own pull request`,
    );
  }
  if (characterCount(body) > BODY_LIMIT) {
    return unprocessable(`Body is too long (maximum is ${BODY_LIMIT} characters)`);
  }
  const comments: ReviewCommentInput[] = [];
  for (const item of items) {
    const input = reviewCommentInput(item, pr);
    if (typeof input === 'string') return unprocessable(input);
    comments.push(input);
  }
  const now = ctx.model.now();
  const review: ReviewRecord = {
    id: ctx.model.nextId(),
    pullNumber: issue.number,
    user: request.actor,
    body,
    event,
    state: event !== undefined ? (REVIEW_STATES[event] ?? 'PENDING') : 'PENDING',
    commitId,
    submittedAt: now,
    comments,
  };
  ctx.model.reviews.push(review);
  // A pending review's comments stay hidden until it is submitted.
  if (review.state !== 'PENDING') {
    for (const input of comments) {
      const file = pr.files.find((candidate) => candidate.filename === input.path);
      const anchor = anchorInPatch(file?.patch ?? '', {
        line: input.line ?? 0,
        side: input.side ?? 'RIGHT',
      });
      const record: ReviewCommentRecord = {
        id: ctx.model.nextId(),
        issueNumber: issue.number,
        user: request.actor,
        bodies: [input.body],
        createdAt: now,
        updatedAt: now,
        seeded: false,
        path: input.path,
        line: input.line ?? 0,
        side: input.side ?? 'RIGHT',
        startLine: input.startLine ?? null,
        startSide: input.startSide ?? null,
        inReplyTo: null,
        commitId,
        diffHunk: anchor?.diffHunk ?? '',
        position: anchor?.position ?? null,
        reviewId: review.id,
      };
      ctx.model.reviewComments.set(record.id, record);
    }
  }
  return ok(shapes.review(ctx, review));
};

const REPO = '/repos/{owner}/{repo}';

export const pullRoutes: RouteDefinition[] = [
  { method: 'GET', template: `${REPO}/pulls`, handler: listPulls },
  { method: 'GET', template: `${REPO}/pulls/{pull_number}`, handler: getPull },
  { method: 'GET', template: `${REPO}/pulls/{pull_number}/files`, handler: listFiles },
  { method: 'GET', template: `${REPO}/pulls/{pull_number}/comments`, handler: listReviewComments },
  { method: 'GET', template: `${REPO}/pulls/comments/{comment_id}`, handler: getReviewComment },
  {
    method: 'DELETE',
    template: `${REPO}/pulls/comments/{comment_id}`,
    handler: deleteReviewComment,
  },
  {
    method: 'PATCH',
    template: `${REPO}/pulls/comments/{comment_id}`,
    handler: updateReviewComment,
  },
  {
    method: 'POST',
    template: `${REPO}/pulls/{pull_number}/comments/{comment_id}/replies`,
    handler: replyToReviewComment,
  },
  { method: 'GET', template: `${REPO}/pulls/{pull_number}/reviews`, handler: listReviews },
  { method: 'POST', template: `${REPO}/pulls/{pull_number}/reviews`, handler: createReview },
];
