/**
 * The fake's Git Data endpoints — blobs, trees and commits, hashed as git hashes them — and the
 * compare endpoint, which counts commits by the parents the fake knows.
 */
import type { CommitRecord, GitSignature, TreeItemInput } from './git-objects.js';
import { TreeError } from './git-objects.js';
import type { PullFileRecord } from './model.js';
import { timestamp } from './model.js';
import type { Handler, RouteDefinition, RouteRequest } from './router.js';
import {
  arrayField,
  error,
  notFound,
  ok,
  paginate,
  stringField,
  validationFailed,
} from './router.js';
import type { ShapeContext } from './shapes.js';
import { userId } from './shapes.js';
import * as shapes from './shapes-git.js';
import { diffTrees } from './tree-diff.js';

const createBlob: Handler = (request, ctx) => {
  const content = stringField(request.body, 'content');
  const encoding = stringField(request.body, 'encoding') ?? 'utf-8';
  if (content === undefined) {
    return validationFailed([{ resource: 'Blob', code: 'missing_field', field: 'content' }]);
  }
  if (!['utf-8', 'base64'].includes(encoding.toLowerCase())) {
    return error(422, `encoding must be either 'utf-8' or 'base64'`);
  }
  const base64 = encoding.toLowerCase() === 'base64';
  if (base64 && !/^[A-Za-z0-9+/\s]*={0,2}\s*$/.test(content)) {
    return error(422, 'content is not valid Base64');
  }
  const sha = ctx.model.git.putBlob(Buffer.from(content, base64 ? 'base64' : 'utf8'));
  return ok(shapes.gitBlob(ctx, sha), 201);
};

function treeItem(item: unknown): TreeItemInput {
  const fields = (item ?? {}) as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === 'string' ? fields[name] : undefined);
  return {
    path: text('path') ?? '',
    mode: text('mode'),
    type: text('type'),
    sha: fields.sha === null ? null : text('sha'),
    content: text('content'),
  };
}

const createTree: Handler = (request, ctx) => {
  const items = arrayField(request.body, 'tree');
  if (!items) return validationFailed([{ resource: 'Tree', code: 'missing_field', field: 'tree' }]);
  const { git } = ctx.model;
  try {
    const sha = git.buildTree(stringField(request.body, 'base_tree'), items.map(treeItem));
    return ok(shapes.gitTree(ctx, sha, git.trees.get(sha) ?? []), 201);
  } catch (problem) {
    if (problem instanceof TreeError) return error(422, problem.message);
    throw problem;
  }
};

/** The author or committer of a request, its date in GitHub's format. */
function signatureField(
  request: RouteRequest,
  name: string,
  now: string,
): GitSignature | undefined {
  const who = (request.body as Record<string, unknown> | undefined)?.[name];
  const fullName = stringField(who, 'name');
  const email = stringField(who, 'email');
  if (fullName === undefined || email === undefined) return undefined;
  const date = stringField(who, 'date');
  return { name: fullName, email, date: date !== undefined ? timestamp(new Date(date)) : now };
}

const createCommit: Handler = (request, ctx) => {
  const { model } = ctx;
  const message = stringField(request.body, 'message');
  const tree = stringField(request.body, 'tree');
  const parents = arrayField(request.body, 'parents') ?? [];
  if (message === undefined || tree === undefined) {
    return validationFailed([
      {
        resource: 'Commit',
        code: 'missing_field',
        field: message === undefined ? 'message' : 'tree',
      },
    ]);
  }
  if (!model.git.trees.has(tree)) return error(422, 'Tree SHA does not exist');
  const parentShas = parents.filter((parent): parent is string => typeof parent === 'string');
  if (
    parentShas.length !== parents.length ||
    parentShas.some((sha) => !model.git.commits.has(sha))
  ) {
    return error(422, 'Parent SHA does not exist or is not a commit object');
  }
  const now = model.now();
  const author = signatureField(request, 'author', now);
  const committer = signatureField(request, 'committer', now);
  const record = model.git.putCommit({
    tree,
    parents: parentShas,
    message,
    // Without an author, the commit is the token's user's; GitHub commits and signs it.
    author: author ?? {
      name: request.actor,
      email: `${userId(request.actor)}+${request.actor}@users.noreply.github.com`,
      date: now,
    },
    committer: committer ?? { name: 'GitHub', email: 'noreply@github.com', date: now },
    authorLogin: author ? null : request.actor,
    committerLogin: committer ? null : 'web-flow',
    // A signature of the caller's own is kept as given; GitHub cannot vouch for it.
    verified: stringField(request.body, 'signature') === undefined,
    seeded: false,
    treeKnown: true,
  });
  return ok(shapes.gitCommit(ctx, record), 201);
};

const getCommit: Handler = (request, ctx) => {
  const record = ctx.model.git.commits.get(request.params.commit_sha ?? '');
  return record ? ok(shapes.gitCommit(ctx, record)) : notFound();
};

/**
 * The commit a compare side names: a SHA (or a unique abbreviation), a branch or tag, or
 * `owner:branch` for this repository or a pull request's fork.
 */
function resolve(ctx: ShapeContext, spec: string): CommitRecord | undefined {
  const { model } = ctx;
  const colon = spec.indexOf(':');
  const owner = colon > 0 ? spec.slice(0, colon) : model.repo.owner;
  const name = colon > 0 ? spec.slice(colon + 1) : spec;
  if (owner.toLowerCase() !== model.repo.owner.toLowerCase()) {
    const fork = [...model.issues.values()].find(
      (issue) =>
        issue.pull?.head.owner.toLowerCase() === owner.toLowerCase() &&
        issue.pull.head.ref === name,
    );
    return fork?.pull ? model.git.commits.get(fork.pull.head.sha) : undefined;
  }
  const exact = model.git.commits.get(name);
  if (exact) return exact;
  const byRef = model.refs.get(`refs/heads/${name}`) ?? model.refs.get(`refs/tags/${name}`);
  if (byRef !== undefined) return model.git.commits.get(byRef);
  if (!/^[0-9a-f]{7,39}$/.test(name)) return undefined;
  const matches = [...model.git.commits.keys()].filter((sha) => sha.startsWith(name));
  return matches.length === 1 ? model.git.commits.get(matches[0] ?? '') : undefined;
}

/**
 * The changed files of a comparison: the seeded answer for it, a pull request's own files when
 * it is that pull request's comparison, or the trees' difference when both are known.
 */
function changedFiles(
  ctx: ShapeContext,
  sides: { basehead: string; base: CommitRecord; head: CommitRecord; mergeBase: CommitRecord },
): readonly PullFileRecord[] {
  const { model } = ctx;
  const pulls = [...model.issues.values()].flatMap((issue) => (issue.pull ? [issue.pull] : []));
  const bySha = `${sides.base.sha}...${sides.head.sha}`;
  for (const pr of pulls) {
    const seeded = pr.compare.get(sides.basehead) ?? pr.compare.get(bySha);
    if (seeded) return seeded;
  }
  const own = pulls.find(
    (pr) =>
      pr.head.sha === sides.head.sha &&
      (pr.base.sha === sides.base.sha || pr.base.sha === sides.mergeBase.sha),
  );
  if (own && own.files.length > 0) return own.files;
  if (sides.mergeBase.treeKnown && sides.head.treeKnown) {
    return diffTrees(model.git, sides.mergeBase.tree, sides.head.tree);
  }
  return own?.files ?? [];
}

/** GitHub lists up to 250 commits unless the request pages them. */
const UNPAGED_COMMITS = 250;

const compare: Handler = (request, ctx) => {
  const basehead = request.params.basehead ?? '';
  const [baseSpec, headSpec, ...rest] = basehead.split('...');
  if (baseSpec === undefined || headSpec === undefined || rest.length > 0) return notFound();
  const base = resolve(ctx, baseSpec);
  const head = resolve(ctx, headSpec);
  if (!base || !head) return notFound();
  const { git } = ctx.model;
  const result = git.compare(base.sha, head.sha);
  const mergeBase = result ? git.commits.get(result.mergeBase) : undefined;
  if (!result || !mergeBase) {
    return error(404, `No common ancestor between ${baseSpec} and ${headSpec}.`);
  }
  const ahead = result.ahead.flatMap((sha) => {
    const record = git.commits.get(sha);
    return record ? [shapes.commit(ctx, record)] : [];
  });
  const page =
    request.query.get('per_page') === null && request.query.get('page') === null
      ? { status: 200, json: ahead.slice(0, UNPAGED_COMMITS) }
      : paginate(request, ahead);
  const files = changedFiles(ctx, { basehead, base, head, mergeBase });
  return {
    ...page,
    json: {
      ...shapes.comparison(ctx, { basehead, base, head, mergeBase, comparison: result, files }),
      commits: page.json,
    },
  };
};

const REPO = '/repos/{owner}/{repo}';

export const gitDataRoutes: RouteDefinition[] = [
  { method: 'POST', template: `${REPO}/git/blobs`, handler: createBlob },
  { method: 'POST', template: `${REPO}/git/trees`, handler: createTree },
  { method: 'POST', template: `${REPO}/git/commits`, handler: createCommit },
  { method: 'GET', template: `${REPO}/git/commits/{commit_sha}`, handler: getCommit },
  { method: 'GET', template: `${REPO}/compare/{basehead}`, handler: compare },
];
