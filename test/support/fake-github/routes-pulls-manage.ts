/**
 * Opening and editing pull requests: one open pull request per head and base, as GitHub allows,
 * and edits of the title, body, state and base.
 */
import { knownCommit } from './git-seed.js';
import type { FakeGitHubModel, IssueRecord, PullRecord } from './model.js';
import { changeState, fakeSha, isFork } from './model.js';
import type { Handler, Reply, RouteDefinition } from './router.js';
import {
  bodyTooLong,
  booleanField,
  notFound,
  ok,
  stringField,
  validationFailed,
} from './router.js';
import * as shapes from './shapes.js';

function custom(message: string, field?: string): Reply {
  return validationFailed([
    { resource: 'PullRequest', code: 'custom', ...(field !== undefined ? { field } : {}), message },
  ]);
}

/** GitHub's 422 when another open pull request has this head and base. */
function duplicateOf(
  model: FakeGitHubModel,
  pull: { head: { owner: string; ref: string }; base: string; number?: number },
): Reply | undefined {
  const taken = [...model.issues.values()].some(
    (issue) =>
      issue.number !== pull.number &&
      issue.state === 'open' &&
      issue.pull?.head.owner.toLowerCase() === pull.head.owner.toLowerCase() &&
      issue.pull.head.ref === pull.head.ref &&
      issue.pull.base.ref === pull.base,
  );
  return taken
    ? custom(`A pull request already exists for ${pull.head.owner}:${pull.head.ref}.`)
    : undefined;
}

const createPull: Handler = (request, ctx) => {
  const { model } = ctx;
  const title = stringField(request.body, 'title');
  const headSpec = stringField(request.body, 'head');
  const base = stringField(request.body, 'base');
  const body = stringField(request.body, 'body') ?? null;
  const missing = [
    ...(title === undefined || title === '' ? ['title'] : []),
    ...(headSpec === undefined ? ['head'] : []),
    ...(base === undefined ? ['base'] : []),
  ];
  if (missing.length > 0 || headSpec === undefined || base === undefined) {
    return validationFailed(
      missing.map((field) => ({ resource: 'PullRequest', code: 'missing_field' as const, field })),
    );
  }
  const tooLong = bodyTooLong(body, 'PullRequest');
  if (tooLong) return tooLong;
  // `owner:branch` names a branch of that owner's fork; only this repository's are known.
  const [headOwner, headRef] = headSpec.includes(':')
    ? (headSpec.split(':', 2) as [string, string])
    : [model.repo.owner, headSpec];
  const baseSha = model.branchSha(base);
  if (baseSha === undefined) {
    return validationFailed([{ resource: 'PullRequest', code: 'invalid', field: 'base' }]);
  }
  if (headOwner.toLowerCase() !== model.repo.owner.toLowerCase()) {
    return validationFailed([{ resource: 'PullRequest', code: 'invalid', field: 'head' }]);
  }
  if (headRef === base) return custom(`No commits between ${base} and ${headRef}`);
  const duplicate = duplicateOf(model, { head: { owner: model.repo.owner, ref: headRef }, base });
  if (duplicate) return duplicate;
  // A branch pushed with git rather than through the API is not in the fake's refs yet.
  const headSha = model.branchSha(headRef) ?? fakeSha(`branch:${headRef}`);
  knownCommit(model, headSha);
  model.refs.set(`refs/heads/${headRef}`, headSha);
  const now = model.now();
  const pull: PullRecord = {
    head: { ref: headRef, sha: headSha, owner: model.repo.owner, name: model.repo.name },
    base: { ref: base, sha: baseSha },
    draft: booleanField(request.body, 'draft') ?? false,
    merged: false,
    files: [],
    knownShas: new Set([headSha]),
    maintainerCanModify: booleanField(request.body, 'maintainer_can_modify') ?? true,
    compare: new Map(),
  };
  const issue: IssueRecord = {
    number: model.nextIssueNumber(),
    id: model.nextId(),
    title: title ?? '',
    body,
    bodies: [body],
    user: request.actor,
    labels: [],
    assignees: [],
    state: 'open',
    locked: false,
    createdAt: now,
    updatedAt: now,
    pull,
  };
  model.issues.set(issue.number, issue);
  model.createdPulls.push(issue.number);
  return ok(shapes.pull(ctx, issue, pull), 201);
};

const updatePull: Handler = (request, ctx) => {
  const { model } = ctx;
  const issue = model.issues.get(Number(request.params.pull_number));
  const pr = issue?.pull;
  if (!issue || !pr) return notFound();
  const title = stringField(request.body, 'title');
  const body = stringField(request.body, 'body');
  const state = stringField(request.body, 'state') as 'open' | 'closed' | undefined;
  const base = stringField(request.body, 'base');
  if (title === '') {
    return validationFailed([{ resource: 'PullRequest', code: 'missing_field', field: 'title' }]);
  }
  const tooLong = bodyTooLong(body, 'PullRequest');
  if (tooLong) return tooLong;
  const reopening = state === 'open' && issue.state === 'closed';
  if (reopening && pr.merged) return custom('Cannot reopen a merged pull request.', 'state');
  const baseChanges = base !== undefined && base !== pr.base.ref;
  let baseSha = pr.base.sha;
  if (base !== undefined && baseChanges) {
    if (issue.state === 'closed' && !reopening) {
      return custom('Cannot change the base branch of a closed pull request.', 'base');
    }
    const sha = model.branchSha(base);
    if (sha === undefined) {
      return validationFailed([{ resource: 'PullRequest', code: 'invalid', field: 'base' }]);
    }
    if (base === pr.head.ref && !isFork(pr, model.repo)) {
      return custom(`No commits between ${base} and ${pr.head.ref}`, 'base');
    }
    baseSha = sha;
  }
  if (reopening || (baseChanges && state !== 'closed')) {
    const duplicate = duplicateOf(model, {
      head: pr.head,
      base: base ?? pr.base.ref,
      number: issue.number,
    });
    if (duplicate) return duplicate;
  }
  const now = model.now();
  if (title !== undefined) issue.title = title;
  if (body !== undefined) {
    issue.body = body;
    issue.bodies.push(body);
  }
  if (base !== undefined) pr.base = { ref: base, sha: baseSha };
  if (state !== undefined) changeState(issue, state, now);
  const maintainerCanModify = booleanField(request.body, 'maintainer_can_modify');
  if (maintainerCanModify !== undefined) pr.maintainerCanModify = maintainerCanModify;
  issue.updatedAt = now;
  return ok(shapes.pull(ctx, issue, pr));
};

const REPO = '/repos/{owner}/{repo}';

export const pullManageRoutes: RouteDefinition[] = [
  { method: 'POST', template: `${REPO}/pulls`, handler: createPull },
  { method: 'PATCH', template: `${REPO}/pulls/{pull_number}`, handler: updatePull },
];
