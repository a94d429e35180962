/**
 * Listing, opening and editing issues. The list holds pull requests too, as GitHub's does (each
 * with its `pull_request` object), filtered and sorted the way the endpoint's parameters say.
 */
import type { IssueRecord } from './model.js';
import { changeState } from './model.js';
import type { Handler, Reply, RouteDefinition, RouteRequest } from './router.js';
import {
  arrayField,
  bodyTooLong,
  isReply,
  notFound,
  ok,
  paginate,
  validationFailed,
} from './router.js';
import { labelNames } from './routes-issues.js';
import type { ShapeContext } from './shapes.js';
import * as shapes from './shapes.js';

const STATE_REASONS = new Set(['completed', 'not_planned', 'duplicate', 'reopened']);

function field(body: unknown, name: string): unknown {
  return body !== null && typeof body === 'object'
    ? (body as Record<string, unknown>)[name]
    : undefined;
}

/** A title as GitHub takes it: a string, or a number it turns into one. */
function titleField(body: unknown): string | undefined {
  const value = field(body, 'title');
  return typeof value === 'number' ? String(value) : typeof value === 'string' ? value : undefined;
}

/** Whether a comma-separated label filter, names compared case-insensitively, all match. */
function hasLabels(issue: IssueRecord, wanted: readonly string[]): boolean {
  const have = new Set(issue.labels.map((name) => name.toLowerCase()));
  return wanted.every((name) => have.has(name));
}

function mentions(ctx: ShapeContext, issue: IssueRecord, login: string): boolean {
  const pattern = new RegExp(`(^|[^\\w-])@${login.replace(/[^\w-]/g, '\\$&')}(?![\\w-])`, 'i');
  const texts = [
    issue.title,
    issue.body ?? '',
    ...[...ctx.model.issueComments.values()]
      .filter((comment) => comment.issueNumber === issue.number)
      .map((comment) => comment.bodies.at(-1) ?? ''),
  ];
  return texts.some((text) => pattern.test(text));
}

function commentCount(ctx: ShapeContext, issue: IssueRecord): number {
  return [...ctx.model.issueComments.values()].filter(
    (comment) => comment.issueNumber === issue.number,
  ).length;
}

const listIssues: Handler = (request, ctx) => {
  const query = request.query;
  const state = query.get('state') ?? 'open';
  const labels = (query.get('labels') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  const creator = query.get('creator')?.toLowerCase();
  const assignee = query.get('assignee')?.toLowerCase();
  const mentioned = query.get('mentioned');
  const since = query.get('since');
  // The fake has no milestones or issue types: only `none` lets an issue through.
  const unsupported = ['milestone', 'type'].some((name) => {
    const value = query.get(name);
    return value !== null && value.toLowerCase() !== 'none';
  });
  const items = [...ctx.model.issues.values()].filter(
    (issue) =>
      !unsupported &&
      (state === 'all' || issue.state === state) &&
      hasLabels(issue, labels) &&
      (creator === undefined || issue.user.toLowerCase() === creator) &&
      (assignee === undefined ||
        (assignee === 'none'
          ? issue.assignees.length === 0
          : assignee === '*'
            ? issue.assignees.length > 0
            : issue.assignees.some((login) => login.toLowerCase() === assignee))) &&
      (mentioned === null || mentions(ctx, issue, mentioned)) &&
      (since === null || Date.parse(issue.updatedAt) >= Date.parse(since)),
  );
  const sort = query.get('sort') ?? 'created';
  const key = (issue: IssueRecord): number =>
    sort === 'updated'
      ? Date.parse(issue.updatedAt)
      : sort === 'comments'
        ? commentCount(ctx, issue)
        : Date.parse(issue.createdAt);
  const sign = query.get('direction') === 'asc' ? 1 : -1;
  items.sort((a, b) => sign * (key(a) - key(b) || a.number - b.number));
  return paginate(
    request,
    items.map((issue) => shapes.issue(ctx, issue)),
  );
};

/** Logins from `assignees` (names or `{login}`) and `assignee`; undefined when neither is sent. */
function assigneesField(body: unknown): string[] | undefined {
  const list = arrayField(body, 'assignees');
  const single = field(body, 'assignee');
  if (list === undefined && single === undefined) return undefined;
  const logins = (list ?? []).flatMap((item) => {
    const login = typeof item === 'string' ? item : field(item, 'login');
    return typeof login === 'string' ? [login] : [];
  });
  if (typeof single === 'string') logins.push(single);
  return [...new Set(logins)];
}

/** GitHub's 422 for an assignee who cannot be assigned (no access to the repository). */
function badAssignee(ctx: ShapeContext, logins: readonly string[]): Reply | undefined {
  const bad = logins.find((login) => ctx.model.permissionOf(login) === 'none');
  if (bad === undefined) return undefined;
  return validationFailed([{ resource: 'Issue', code: 'invalid', field: 'assignees' }]);
}

/**
 * The labels an issue gets from a request: created on the way when missing, as GitHub does for
 * callers with push access, and silently dropped for others.
 */
function labelsFrom(request: RouteRequest, ctx: ShapeContext): string[] | undefined | Reply {
  if (field(request.body, 'labels') === undefined) return undefined;
  const names = labelNames(request.body);
  if (!names) return validationFailed([{ resource: 'Label', code: 'invalid', field: 'labels' }]);
  if (!ctx.model.canPush(request.actor)) return undefined;
  const labels: string[] = [];
  for (const name of names) {
    const label = ctx.model.ensureLabel({ name });
    if (!labels.some((have) => have.toLowerCase() === label.name.toLowerCase())) {
      labels.push(label.name);
    }
  }
  return labels;
}

const createIssue: Handler = (request, ctx) => {
  const { model } = ctx;
  const title = titleField(request.body);
  if (title === undefined || title.trim() === '') {
    return validationFailed([{ resource: 'Issue', code: 'missing_field', field: 'title' }]);
  }
  const body = field(request.body, 'body');
  const text = typeof body === 'string' ? body : null;
  const problem = bodyTooLong(text, 'Issue');
  if (problem) return problem;
  const labels = labelsFrom(request, ctx);
  if (isReply(labels)) return labels;
  const assignees = model.canPush(request.actor) ? (assigneesField(request.body) ?? []) : [];
  const assigneeProblem = badAssignee(ctx, assignees);
  if (assigneeProblem) return assigneeProblem;
  const now = model.now();
  const issue: IssueRecord = {
    number: model.nextIssueNumber(),
    id: model.nextId(),
    title,
    body: text,
    bodies: [text],
    user: request.actor,
    labels: labels ?? [],
    assignees,
    state: 'open',
    locked: false,
    createdAt: now,
    updatedAt: now,
  };
  model.issues.set(issue.number, issue);
  model.createdIssues.push(issue.number);
  return ok(shapes.issue(ctx, issue), 201);
};

const updateIssue: Handler = (request, ctx) => {
  const { model } = ctx;
  const issue = model.issues.get(Number(request.params.issue_number));
  if (!issue) return notFound();
  const title = titleField(request.body);
  if (title?.trim() === '') {
    return validationFailed([{ resource: 'Issue', code: 'missing_field', field: 'title' }]);
  }
  const body = field(request.body, 'body');
  const text = typeof body === 'string' ? body : null;
  const problem = bodyTooLong(text, 'Issue');
  if (problem) return problem;
  const labels = labelsFrom(request, ctx);
  if (isReply(labels)) return labels;
  const assignees = model.canPush(request.actor) ? assigneesField(request.body) : undefined;
  const assigneeProblem = badAssignee(ctx, assignees ?? []);
  if (assigneeProblem) return assigneeProblem;
  const state = field(request.body, 'state');
  const reason = field(request.body, 'state_reason');
  const now = model.now();
  if (title !== undefined) issue.title = title;
  if (body !== undefined) {
    issue.body = text;
    issue.bodies.push(text);
  }
  if (labels !== undefined) issue.labels = labels;
  if (assignees !== undefined) issue.assignees = assignees;
  if (state === 'open' || state === 'closed') {
    const why =
      typeof reason === 'string' && STATE_REASONS.has(reason)
        ? (reason as NonNullable<IssueRecord['stateReason']>)
        : undefined;
    changeState(issue, state, now, why);
  }
  issue.updatedAt = now;
  return ok(shapes.issue(ctx, issue));
};

const REPO = '/repos/{owner}/{repo}';

export const issueManageRoutes: RouteDefinition[] = [
  { method: 'GET', template: `${REPO}/issues`, handler: listIssues },
  { method: 'POST', template: `${REPO}/issues`, handler: createIssue },
  { method: 'PATCH', template: `${REPO}/issues/{issue_number}`, handler: updateIssue },
];
