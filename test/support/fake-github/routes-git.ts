/**
 * The fake's repository content and git reference endpoints. Files come from a map per ref (a
 * branch name or a commit SHA), so a test can give the base branch and a pull request's head
 * different configuration and see which one the code reads; a commit made through the Git Data
 * API serves its own tree. References only point at commits the fake knows, and move without
 * `force` only forward, as GitHub's do.
 */
import { isFork } from './model.js';
import type { Handler, RouteDefinition, RouteRequest } from './router.js';
import { booleanField, error, notFound, ok, stringField, validationFailed } from './router.js';
import type { ShapeContext } from './shapes.js';
import * as shapes from './shapes.js';

/** The file map for a ref, trying it as given, as a branch, and by the branch's SHA. */
export function filesAt(ctx: ShapeContext, ref: string): Map<string, string> | undefined {
  const { model } = ctx;
  const branch = ref.replace(/^refs\/heads\//, '');
  const sha = model.branchSha(branch);
  const commit = model.git.commits.get(ref) ?? model.git.commits.get(sha ?? '');
  if (commit?.treeKnown) {
    const files = new Map<string, string>();
    for (const [path, entry] of model.git.flatten(commit.tree)) {
      const content = model.git.blobs.get(entry.sha);
      if (content) files.set(path, content.toString('utf8'));
    }
    return files;
  }
  const branchesAtSha = [...model.refs.entries()]
    .filter(([, refSha]) => refSha === ref)
    .map(([name]) => name.replace(/^refs\/heads\//, ''));
  for (const candidate of [ref, branch, sha, ...branchesAtSha]) {
    const files = candidate !== undefined ? model.files.get(candidate) : undefined;
    if (files) return files;
  }
  // A ref the repository has, with no files seeded, is an empty tree rather than a bad ref.
  if (sha !== undefined || branchesAtSha.length > 0) return new Map();
  const known = [...model.issues.values()].some((issue) => issue.pull?.knownShas.has(ref));
  return known ? new Map() : undefined;
}

const getContent: Handler = (request: RouteRequest, ctx) => {
  const path = (request.params.path ?? '').replace(/^\/+|\/+$/g, '');
  const ref = request.query.get('ref') ?? ctx.model.repo.defaultBranch;
  const files = filesAt(ctx, ref);
  if (!files) return error(404, `No commit found for the ref ${ref}`);
  const text = files.get(path);
  if (text !== undefined) {
    if (request.accept.includes('raw')) {
      return { status: 200, text, contentType: 'text/plain; charset=utf-8' };
    }
    return ok(shapes.fileContent(ctx, path, ref, text));
  }
  // A directory: its files and subdirectories, one level deep, as GitHub lists them.
  const prefix = `${path}/`;
  const entries = new Map<string, { type: 'file' | 'dir'; text?: string }>();
  for (const [filePath, fileText] of files) {
    if (!filePath.startsWith(prefix)) continue;
    const [name, ...rest] = filePath.slice(prefix.length).split('/');
    if (name === undefined) continue;
    entries.set(name, rest.length > 0 ? { type: 'dir' } : { type: 'file', text: fileText });
  }
  if (entries.size === 0) return notFound();
  return ok(
    [...entries.entries()]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, entry]) =>
        shapes.directoryEntry(ctx, { ...entry, path: `${prefix}${name}`, ref }),
      ),
  );
};

const getRef: Handler = (request, ctx) => {
  const ref = `refs/${request.params.ref ?? ''}`;
  const sha = ctx.model.refs.get(ref);
  return sha !== undefined ? ok(shapes.gitRef(ctx, ref, sha)) : notFound();
};

/** Every ref whose full name starts with `refs/<ref>`, in name order; none is an empty list. */
const listMatchingRefs: Handler = (request, ctx) => {
  const prefix = `refs/${request.params.ref ?? ''}`;
  const matching = [...ctx.model.refs.entries()]
    .filter(([ref]) => ref.startsWith(prefix))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return ok(matching.map(([ref, sha]) => shapes.gitRef(ctx, ref, sha)));
};

const SHA = /^[0-9a-f]{40}$/;

/** Moves a reference; open pull requests from that branch follow it, as GitHub's do. */
export function moveRef(ctx: ShapeContext, ref: string, sha: string): void {
  const { model } = ctx;
  model.refs.set(ref, sha);
  const branch = ref.replace(/^refs\/heads\//, '');
  for (const issue of model.issues.values()) {
    const pr = issue.pull;
    if (issue.state !== 'open' || !pr || isFork(pr, model.repo) || pr.head.ref !== branch) continue;
    pr.head.sha = sha;
    pr.knownShas.add(sha);
  }
}

const createRef: Handler = (request, ctx) => {
  const ref = stringField(request.body, 'ref');
  const sha = stringField(request.body, 'sha');
  if (ref === undefined || sha === undefined) {
    return validationFailed([
      { resource: 'Reference', code: 'missing_field', field: ref === undefined ? 'ref' : 'sha' },
    ]);
  }
  if (!/^refs\/[^/]+\/.+/.test(ref)) return error(422, `${ref} is not a valid ref name.`);
  if (!SHA.test(sha) || !ctx.model.git.commits.has(sha)) return error(422, 'Object does not exist');
  if (ctx.model.refs.has(ref)) return error(422, 'Reference already exists');
  moveRef(ctx, ref, sha);
  return ok(shapes.gitRef(ctx, ref, sha), 201);
};

const updateRef: Handler = (request, ctx) => {
  const ref = `refs/${request.params.ref ?? ''}`;
  const sha = stringField(request.body, 'sha');
  if (sha === undefined) {
    return validationFailed([{ resource: 'Reference', code: 'missing_field', field: 'sha' }]);
  }
  const current = ctx.model.refs.get(ref);
  if (current === undefined) return error(422, 'Reference does not exist');
  if (!SHA.test(sha) || !ctx.model.git.commits.has(sha)) return error(422, 'Object does not exist');
  if (booleanField(request.body, 'force') !== true && !ctx.model.git.reaches(sha, current)) {
    return error(422, 'Update is not a fast forward');
  }
  moveRef(ctx, ref, sha);
  return ok(shapes.gitRef(ctx, ref, sha));
};

const REPO = '/repos/{owner}/{repo}';

export const gitRoutes: RouteDefinition[] = [
  { method: 'GET', template: `${REPO}/contents/{path}`, handler: getContent },
  { method: 'GET', template: `${REPO}/git/ref/{ref}`, handler: getRef },
  { method: 'GET', template: `${REPO}/git/matching-refs/{ref}`, handler: listMatchingRefs },
  { method: 'POST', template: `${REPO}/git/refs`, handler: createRef },
  { method: 'PATCH', template: `${REPO}/git/refs/{ref}`, handler: updateRef },
];
