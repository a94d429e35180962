/**
 * The fake's repository, permission, issue, comment, reaction, label and search endpoints.
 */
import type { IssueCommentRecord, ReactionContent, ReactionSubject } from './model.js';
import type { Handler, RouteDefinition, RouteRequest } from './router.js';
import {
  arrayField,
  commentBody,
  error,
  isReply,
  notFound,
  ok,
  paginate,
  stringField,
  validationFailed,
} from './router.js';
import type { ShapeContext } from './shapes.js';
import * as shapes from './shapes.js';

const REACTIONS = new Set<string>([
  '+1',
  '-1',
  'laugh',
  'confused',
  'heart',
  'hooray',
  'rocket',
  'eyes',
]);

function numberParam(request: RouteRequest, name: string): number {
  return Number(request.params[name]);
}

/** What the token may do here, as GitHub reports it to a user's token: the bot's permission. */
const getRepository: Handler = (_request, ctx) => {
  const push = ctx.model.canPush(ctx.model.botLogin);
  return ok({
    ...shapes.repository(ctx, ctx.model.repo),
    permissions: { admin: false, maintain: false, push, triage: true, pull: true },
  });
};

const getPermission: Handler = (request, ctx) => {
  const login = request.params.username ?? '';
  const level = ctx.model.permissionOf(login);
  if (level === 'none') return notFound();
  return ok(shapes.collaboratorPermission(ctx, login, level));
};

const getIssue: Handler = (request, ctx) => {
  const issue = ctx.model.issues.get(numberParam(request, 'issue_number'));
  return issue ? ok(shapes.issue(ctx, issue)) : notFound();
};

function commentsOf(ctx: ShapeContext, issueNumber: number): IssueCommentRecord[] {
  return [...ctx.model.issueComments.values()]
    .filter((comment) => comment.issueNumber === issueNumber)
    .sort((a, b) => a.id - b.id);
}

const listIssueComments: Handler = (request, ctx) => {
  const number = numberParam(request, 'issue_number');
  if (!ctx.model.issues.has(number)) return notFound();
  const since = request.query.get('since');
  const comments = commentsOf(ctx, number).filter(
    (comment) => since === null || Date.parse(comment.updatedAt) >= Date.parse(since),
  );
  return paginate(
    request,
    comments.map((comment) => shapes.issueComment(ctx, comment)),
  );
};

const createIssueComment: Handler = (request, ctx) => {
  const issue = ctx.model.issues.get(numberParam(request, 'issue_number'));
  if (!issue) return notFound();
  const body = commentBody(request.body, 'IssueComment');
  if (isReply(body)) return body;
  if (issue.locked) return error(403, 'Unable to create comment because issue is locked.');
  const now = ctx.model.now();
  const comment: IssueCommentRecord = {
    id: ctx.model.nextId(),
    issueNumber: issue.number,
    user: request.actor,
    bodies: [body],
    createdAt: now,
    updatedAt: now,
    seeded: false,
  };
  ctx.model.issueComments.set(comment.id, comment);
  issue.updatedAt = now;
  return ok(shapes.issueComment(ctx, comment), 201);
};

const getIssueComment: Handler = (request, ctx) => {
  const comment = ctx.model.issueComments.get(numberParam(request, 'comment_id'));
  return comment ? ok(shapes.issueComment(ctx, comment)) : notFound();
};

const updateIssueComment: Handler = (request, ctx) => {
  const comment = ctx.model.issueComments.get(numberParam(request, 'comment_id'));
  if (!comment) return notFound();
  const body = commentBody(request.body, 'IssueComment');
  if (isReply(body)) return body;
  comment.bodies.push(body);
  comment.updatedAt = ctx.model.now();
  return ok(shapes.issueComment(ctx, comment));
};

/** GitHub answers 204 with no body; the comment is gone from every list after. */
const deleteIssueComment: Handler = (request, ctx) => {
  const id = numberParam(request, 'comment_id');
  if (!ctx.model.issueComments.delete(id)) return notFound();
  return ok(undefined, 204);
};

/** A reaction endpoint: 201 for a new reaction, 200 when the same one already exists. */
function react(
  subjectOf: (request: RouteRequest, ctx: ShapeContext) => ReactionSubject | undefined,
) {
  const handler: Handler = (request, ctx) => {
    const subject = subjectOf(request, ctx);
    if (!subject) return notFound();
    const content = stringField(request.body, 'content');
    if (content === undefined || !REACTIONS.has(content)) {
      return validationFailed([{ resource: 'Reaction', code: 'invalid', field: 'content' }]);
    }
    const existing = ctx.model.reactions.find(
      (reaction) =>
        reaction.user === request.actor &&
        reaction.content === content &&
        JSON.stringify(reaction.subject) === JSON.stringify(subject),
    );
    if (existing) return ok(shapes.reaction(ctx, existing));
    const record = {
      id: ctx.model.nextId(),
      subject,
      content: content as ReactionContent,
      user: request.actor,
      createdAt: ctx.model.now(),
    };
    ctx.model.reactions.push(record);
    return ok(shapes.reaction(ctx, record), 201);
  };
  return handler;
}

const reactToIssueComment = react((request, ctx) => {
  const commentId = numberParam(request, 'comment_id');
  return ctx.model.issueComments.has(commentId) ? { kind: 'issue_comment', commentId } : undefined;
});

const reactToReviewComment = react((request, ctx) => {
  const commentId = numberParam(request, 'comment_id');
  return ctx.model.reviewComments.has(commentId)
    ? { kind: 'review_comment', commentId }
    : undefined;
});

const reactToIssue = react((request, ctx) => {
  const issueNumber = numberParam(request, 'issue_number');
  return ctx.model.issues.has(issueNumber) ? { kind: 'issue', issueNumber } : undefined;
});

const listLabels: Handler = (request, ctx) =>
  paginate(
    request,
    [...ctx.model.labels.values()].map((label) => shapes.label(ctx, label)),
  );

/** The names in an add-labels body: `{labels: [...]}` or a bare array, of names or `{name}`. */
export function labelNames(body: unknown): string[] | undefined {
  const list = Array.isArray(body) ? (body as unknown[]) : arrayField(body, 'labels');
  if (!list) return undefined;
  const names = list.map((item) =>
    typeof item === 'string' ? item : (item as { name?: unknown } | null)?.name,
  );
  return names.every((name): name is string => typeof name === 'string' && name !== '')
    ? names
    : undefined;
}

const addLabels: Handler = (request, ctx) => {
  const issue = ctx.model.issues.get(numberParam(request, 'issue_number'));
  if (!issue) return notFound();
  const names = labelNames(request.body);
  if (!names) return validationFailed([{ resource: 'Label', code: 'invalid', field: 'labels' }]);
  // Like GitHub, a label the repository does not have yet is created on the way.
  for (const name of names) {
    const label = ctx.model.ensureLabel({ name });
    if (!issue.labels.some((existing) => existing.toLowerCase() === label.name.toLowerCase())) {
      issue.labels.push(label.name);
    }
  }
  issue.updatedAt = ctx.model.now();
  return ok(issue.labels.map((name) => shapes.label(ctx, ctx.model.ensureLabel({ name }))));
};

const removeLabel: Handler = (request, ctx) => {
  const issue = ctx.model.issues.get(numberParam(request, 'issue_number'));
  if (!issue) return notFound();
  const name = (request.params.name ?? '').toLowerCase();
  const index = issue.labels.findIndex((label) => label.toLowerCase() === name);
  if (index < 0) return error(404, 'Label does not exist');
  issue.labels.splice(index, 1);
  issue.updatedAt = ctx.model.now();
  return ok(issue.labels.map((label) => shapes.label(ctx, ctx.model.ensureLabel({ name: label }))));
};

/**
 * A small part of GitHub's search syntax: `repo:`, `is:issue|pr|open|closed`, `state:`,
 * `label:`, `author:`, `head:`, `in:` (ignored) and words or "phrases" in the title or body.
 */
const searchIssues: Handler = (request, ctx) => {
  const q = request.query.get('q') ?? '';
  const terms = [...q.matchAll(/(\w+):("[^"]*"|\S+)|"([^"]*)"|(\S+)/g)];
  const { owner, name } = ctx.model.repo;
  let items = [...ctx.model.issues.values()];
  for (const [, key, rawValue, phrase, word] of terms) {
    const value = (rawValue ?? '').replace(/^"|"$/g, '').toLowerCase();
    if (key === undefined) {
      const text = (phrase ?? word ?? '').toLowerCase();
      items = items.filter((issue) =>
        `${issue.title}\n${issue.body ?? ''}`.toLowerCase().includes(text),
      );
    } else if (key === 'repo') {
      if (value !== `${owner}/${name}`.toLowerCase()) items = [];
    } else if (key === 'is' || key === 'type' || key === 'state') {
      if (value === 'pr') items = items.filter((issue) => issue.pull);
      if (value === 'issue') items = items.filter((issue) => !issue.pull);
      if (value === 'open' || value === 'closed') {
        items = items.filter((issue) => issue.state === value);
      }
    } else if (key === 'label') {
      items = items.filter((issue) => issue.labels.some((l) => l.toLowerCase() === value));
    } else if (key === 'author') {
      items = items.filter((issue) => issue.user.toLowerCase() === value);
    } else if (key === 'head') {
      items = items.filter((issue) => issue.pull?.head.ref.toLowerCase() === value);
    }
  }
  items.sort((a, b) => b.number - a.number);
  const page = paginate(
    request,
    // Search results carry a relevance score, and an empty body as a string.
    items.map((issue) => ({ ...shapes.issue(ctx, issue), body: issue.body ?? '', score: 1 })),
  );
  return {
    ...page,
    json: {
      total_count: items.length,
      incomplete_results: false,
      search_type: 'lexical',
      items: page.json,
    },
  };
};

const REPO = '/repos/{owner}/{repo}';

export const issueRoutes: RouteDefinition[] = [
  { method: 'GET', template: REPO, handler: getRepository },
  {
    method: 'GET',
    template: `${REPO}/collaborators/{username}/permission`,
    handler: getPermission,
  },
  { method: 'GET', template: `${REPO}/issues/{issue_number}`, handler: getIssue },
  { method: 'GET', template: `${REPO}/issues/{issue_number}/comments`, handler: listIssueComments },
  {
    method: 'POST',
    template: `${REPO}/issues/{issue_number}/comments`,
    handler: createIssueComment,
  },
  { method: 'GET', template: `${REPO}/issues/comments/{comment_id}`, handler: getIssueComment },
  {
    method: 'PATCH',
    template: `${REPO}/issues/comments/{comment_id}`,
    handler: updateIssueComment,
  },
  {
    method: 'DELETE',
    template: `${REPO}/issues/comments/{comment_id}`,
    handler: deleteIssueComment,
  },
  {
    method: 'POST',
    template: `${REPO}/issues/comments/{comment_id}/reactions`,
    handler: reactToIssueComment,
  },
  {
    method: 'POST',
    template: `${REPO}/pulls/comments/{comment_id}/reactions`,
    handler: reactToReviewComment,
  },
  { method: 'POST', template: `${REPO}/issues/{issue_number}/reactions`, handler: reactToIssue },
  { method: 'GET', template: `${REPO}/labels`, handler: listLabels },
  { method: 'POST', template: `${REPO}/issues/{issue_number}/labels`, handler: addLabels },
  {
    method: 'DELETE',
    template: `${REPO}/issues/{issue_number}/labels/{name}`,
    handler: removeLabel,
  },
  { method: 'GET', template: '/search/issues', handler: searchIssues },
];
