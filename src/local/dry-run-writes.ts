/**
 * The dry-run GitHub's writes: comments (and each edit of the progress comment), reactions,
 * reviews, labels, pull requests and issues. Each is remembered, reported to the observer and
 * answered the way GitHub answers it. What GitHub would refuse is refused here too (an edit of a
 * comment that does not exist, a pull request from a branch that was never pushed), so a run that
 * works in the dry run does not fail on GitHub for a reason the dry run hid.
 */
import type { Reply, Route, RouteContext } from './dry-run-routing.js';
import { GitHubReplyError } from './dry-run-routing.js';
import type { CommentRecord, ReviewCommentInput } from './dry-run-store.js';
import type { Json } from './event-facts.js';

/** GitHub's limit on a comment's (or an issue's, or a pull request's) body. */
const BODY_LIMIT = 65_536;

function created(data: unknown): Reply {
  return { status: 201, data };
}

function requireText(body: Json, field: string): string {
  const value = body[field];
  if (typeof value !== 'string') {
    throw new GitHubReplyError(422, `Invalid request: "${field}" is required and must be text.`);
  }
  if (value.length > BODY_LIMIT) {
    throw new GitHubReplyError(422, 'Validation Failed', [
      {
        resource: 'IssueComment',
        code: 'custom',
        field,
        message: `${field} is too long (maximum is ${BODY_LIMIT} characters)`,
      },
    ]);
  }
  return value;
}

function optionalText(body: Json, field: string): string | undefined {
  const value = body[field];
  return typeof value === 'string' ? value : undefined;
}

/** Whether the number is the run's issue or pull request, or one the run opened. */
function knownNumber(context: RouteContext, issueNumber: number): { isPullRequest: boolean } {
  const { facts, store } = context;
  if (facts.number === issueNumber) {
    return { isPullRequest: facts.pullRequest !== undefined || facts.commentOnPullRequest };
  }
  if (store.pulls.some((pull) => pull.number === issueNumber)) return { isPullRequest: true };
  if (store.issues.some((issue) => issue.number === issueNumber)) return { isPullRequest: false };
  throw new GitHubReplyError(404, `Not Found: #${issueNumber} is not part of this local dry run.`);
}

function addComment(
  context: RouteContext,
  fields: Pick<CommentRecord, 'kind' | 'issueNumber' | 'isPullRequest' | 'body'> &
    Partial<Pick<CommentRecord, 'inReplyTo' | 'path' | 'line'>>,
): Reply {
  const { store } = context;
  const now = context.now();
  const record: CommentRecord = {
    ...fields,
    ordinal: store.comments.length + 1,
    id: store.id(),
    states: [fields.body],
    user: context.botLogin,
    createdAt: now,
    updatedAt: now,
  };
  store.comments.push(record);
  context.emit({
    kind: 'comment',
    action: 'created',
    comment: record,
    url: store.commentUrl(record),
  });
  return created(store.comment(record));
}

function editComment(
  context: RouteContext,
  kind: CommentRecord['kind'],
  id: number,
  body: string,
): Reply {
  const { store } = context;
  const record = store.comments.find((comment) => comment.kind === kind && comment.id === id);
  if (record === undefined) {
    throw new GitHubReplyError(404, `Not Found: comment ${id} was not made in this run.`);
  }
  record.body = body;
  record.states.push(body);
  record.updatedAt = context.now();
  context.emit({
    kind: 'comment',
    action: 'updated',
    comment: record,
    url: store.commentUrl(record),
  });
  return { status: 200, data: store.comment(record) };
}

function reaction(context: RouteContext, body: Json, on: string): Reply {
  const content = requireText(body, 'content');
  context.emit({ kind: 'reaction', content, on });
  return created({
    id: context.store.id(),
    content,
    user: context.store.user(context.botLogin),
    created_at: context.now(),
  });
}

function reviewComments(body: Json): ReviewCommentInput[] {
  const comments = Array.isArray(body.comments) ? (body.comments as unknown[]) : [];
  return comments.map((item) => {
    const comment = (typeof item === 'object' && item !== null ? item : {}) as Json;
    const number = (field: string) =>
      typeof comment[field] === 'number' ? { [field]: comment[field] } : {};
    const text = (field: string) =>
      typeof comment[field] === 'string' ? { [field]: comment[field] } : {};
    return {
      path: typeof comment.path === 'string' ? comment.path : '',
      body: typeof comment.body === 'string' ? comment.body : '',
      ...number('line'),
      ...text('side'),
      ...number('start_line'),
      ...text('start_side'),
    };
  });
}

export const writeRoutes: Route[] = [
  {
    method: 'POST',
    pattern: /^\/issues\/(\d+)\/comments$/,
    handle: (context, { params, body }) => {
      const issueNumber = Number(params[0]);
      const { isPullRequest } = knownNumber(context, issueNumber);
      return addComment(context, {
        kind: 'issue_comment',
        issueNumber,
        isPullRequest,
        body: requireText(body, 'body'),
      });
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/issues\/comments\/(\d+)$/,
    handle: (context, { params, body }) =>
      editComment(context, 'issue_comment', Number(params[0]), requireText(body, 'body')),
  },
  {
    method: 'POST',
    pattern: /^\/pulls\/(\d+)\/comments\/(\d+)\/replies$/,
    handle: (context, { params, body }) => {
      const pullNumber = Number(params[0]);
      knownNumber(context, pullNumber);
      const inReplyTo = Number(params[1]);
      const thread = context.facts.reviewComment;
      return addComment(context, {
        kind: 'review_comment',
        issueNumber: pullNumber,
        isPullRequest: true,
        body: requireText(body, 'body'),
        inReplyTo,
        ...(typeof thread?.path === 'string' ? { path: thread.path } : {}),
        ...(typeof thread?.line === 'number' ? { line: thread.line } : {}),
      });
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/pulls\/comments\/(\d+)$/,
    handle: (context, { params, body }) =>
      editComment(context, 'review_comment', Number(params[0]), requireText(body, 'body')),
  },
  {
    method: 'POST',
    pattern: /^\/issues\/comments\/(\d+)\/reactions$/,
    handle: (context, { params, body }) => reaction(context, body, `comment ${params[0] ?? ''}`),
  },
  {
    method: 'POST',
    pattern: /^\/pulls\/comments\/(\d+)\/reactions$/,
    handle: (context, { params, body }) =>
      reaction(context, body, `review comment ${params[0] ?? ''}`),
  },
  {
    method: 'POST',
    pattern: /^\/issues\/(\d+)\/reactions$/,
    handle: (context, { params, body }) => {
      knownNumber(context, Number(params[0]));
      return reaction(context, body, `#${params[0] ?? ''}`);
    },
  },
  {
    method: 'POST',
    pattern: /^\/pulls\/(\d+)\/reviews$/,
    handle: (context, { params, body }) => {
      const pullNumber = Number(params[0]);
      const { isPullRequest } = knownNumber(context, pullNumber);
      if (!isPullRequest) throw new GitHubReplyError(404, `Not Found: #${pullNumber} is an issue.`);
      const { store } = context;
      const record = {
        ordinal: store.reviews.length + 1,
        id: store.id(),
        pullNumber,
        commitId: optionalText(body, 'commit_id'),
        event: optionalText(body, 'event') ?? 'PENDING',
        body: optionalText(body, 'body') ?? '',
        comments: reviewComments(body),
        user: context.botLogin,
        submittedAt: context.now(),
      };
      store.reviews.push(record);
      const data = store.review(record);
      context.emit({ kind: 'review', review: record, url: String(data.html_url) });
      return { status: 200, data };
    },
  },
  {
    method: 'POST',
    pattern: /^\/issues\/(\d+)\/labels$/,
    handle: (context, { params, body }) => {
      const issueNumber = Number(params[0]);
      knownNumber(context, issueNumber);
      const wanted = Array.isArray(body.labels)
        ? body.labels.filter((label): label is string => typeof label === 'string')
        : [];
      const { store } = context;
      const existing = Array.isArray(context.facts.issue?.labels)
        ? (context.facts.issue.labels as { name?: unknown }[]).flatMap((label) =>
            typeof label.name === 'string' ? [label.name] : [],
          )
        : [];
      const before = [...existing, ...(store.addedLabels.get(issueNumber) ?? [])];
      const added = wanted.filter(
        (label) => !before.some((name) => name.toLowerCase() === label.toLowerCase()),
      );
      store.addedLabels.set(issueNumber, [...(store.addedLabels.get(issueNumber) ?? []), ...added]);
      const labels = [...before, ...added];
      context.emit({ kind: 'labels', issueNumber, added, labels });
      return {
        status: 200,
        data: labels.map((name) => store.label({ name, description: '', color: 'ededed' })),
      };
    },
  },
  {
    method: 'POST',
    pattern: /^\/pulls$/,
    handle: async (context, { body }) => {
      const { store } = context;
      const head = requireText(body, 'head').replace(/^[^:]*:/, '');
      const base = requireText(body, 'base');
      const headSha = await context.git.branchTip(head);
      if (headSha === undefined) {
        throw new GitHubReplyError(422, 'Validation Failed', [
          { resource: 'PullRequest', field: 'head', code: 'invalid' },
        ]);
      }
      if (store.pulls.some((pull) => pull.head === head && pull.state === 'open')) {
        throw new GitHubReplyError(
          422,
          `A pull request already exists for ${store.repo.owner}:${head}.`,
        );
      }
      const now = context.now();
      const record = {
        number: store.number(),
        id: store.id(),
        title: requireText(body, 'title'),
        body: optionalText(body, 'body') ?? '',
        head,
        headSha,
        base,
        draft: body.draft === true,
        state: 'open' as const,
        user: context.botLogin,
        createdAt: now,
        updatedAt: now,
      };
      store.pulls.push(record);
      const data = store.pull(record);
      context.emit({
        kind: 'pull_request',
        action: 'created',
        pull: record,
        url: String(data.html_url),
      });
      return created(data);
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/pulls\/(\d+)$/,
    handle: async (context, { params, body }) => {
      const { store } = context;
      const record = store.pulls.find((pull) => pull.number === Number(params[0]));
      if (record === undefined) {
        throw new GitHubReplyError(
          404,
          `Not Found: pull request #${params[0] ?? ''} was not opened in this run.`,
        );
      }
      record.title = optionalText(body, 'title') ?? record.title;
      record.body = optionalText(body, 'body') ?? record.body;
      if (body.state === 'open' || body.state === 'closed') record.state = body.state;
      record.headSha = (await context.git.branchTip(record.head)) ?? record.headSha;
      record.updatedAt = context.now();
      const data = store.pull(record);
      context.emit({
        kind: 'pull_request',
        action: 'updated',
        pull: record,
        url: String(data.html_url),
      });
      return { status: 200, data };
    },
  },
  {
    method: 'POST',
    pattern: /^\/issues$/,
    handle: (context, { body }) => {
      const { store } = context;
      const now = context.now();
      const labels = Array.isArray(body.labels)
        ? body.labels.filter((label): label is string => typeof label === 'string')
        : [];
      const record = {
        number: store.number(),
        id: store.id(),
        title: requireText(body, 'title'),
        body: optionalText(body, 'body') ?? '',
        labels,
        state: 'open' as const,
        user: context.botLogin,
        createdAt: now,
        updatedAt: now,
      };
      store.issues.push(record);
      const data = store.issue(record);
      context.emit({ kind: 'issue', action: 'created', issue: record, url: String(data.html_url) });
      return created(data);
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/issues\/(\d+)$/,
    handle: (context, { params, body }) => {
      const { store } = context;
      const record = store.issues.find((issue) => issue.number === Number(params[0]));
      if (record === undefined) {
        throw new GitHubReplyError(
          404,
          `Not Found: issue #${params[0] ?? ''} was not opened in this run.`,
        );
      }
      record.title = optionalText(body, 'title') ?? record.title;
      record.body = optionalText(body, 'body') ?? record.body;
      if (body.state === 'open' || body.state === 'closed') record.state = body.state;
      record.updatedAt = context.now();
      const data = store.issue(record);
      context.emit({ kind: 'issue', action: 'updated', issue: record, url: String(data.html_url) });
      return { status: 200, data };
    },
  },
];
