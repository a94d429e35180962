/**
 * Accounts and their repository listings, for fleet plans: `GET /users/{username}` (a user or an
 * organization, told apart by `type`), `GET /orgs/{org}/repos` (every repository the token sees)
 * and `GET /users/{username}/repos` (a user's public ones). The repositories listed are the
 * fake's own and its `otherRepos`, each shaped as `GET /repos/{owner}/{repo}` shapes it.
 */
import type { FakeOwnerSeed } from './model.js';
import type { Handler, RouteDefinition, RouteRequest } from './router.js';
import { notFound, ok, paginate } from './router.js';
import type { ShapeContext } from './shapes.js';
import * as shapes from './shapes.js';

const ACCOUNT_TIME = '2015-06-01T12:00:00Z';

function ownerOf(ctx: ShapeContext, login: string): FakeOwnerSeed | undefined {
  const wanted = login.toLowerCase();
  const seeded = ctx.model.owners.find((owner) => owner.login.toLowerCase() === wanted);
  if (seeded !== undefined) return seeded;
  // The fake's own repository's owner is known as a user unless seeded otherwise.
  const own = ctx.model.repo.owner;
  return own.toLowerCase() === wanted ? { login: own, type: 'User' } : undefined;
}

function reposOf(ctx: ShapeContext, login: string): ShapeContext[] {
  const wanted = login.toLowerCase();
  return (ctx.repositories?.() ?? [ctx]).filter(
    (repo) => repo.model.repo.owner.toLowerCase() === wanted,
  );
}

const getUser: Handler = (request, ctx) => {
  const owner = ownerOf(ctx, request.params.username ?? '');
  if (owner === undefined) return notFound();
  const base = shapes.user(ctx, owner.login);
  const organization = owner.type === 'Organization';
  return ok({
    ...base,
    ...(organization ? { node_id: shapes.nodeId('Organization', base.id as number) } : {}),
    type: owner.type,
    name: owner.login,
    company: null,
    blog: '',
    location: null,
    email: null,
    hireable: null,
    bio: null,
    twitter_username: null,
    public_repos: reposOf(ctx, owner.login).filter((repo) => !repo.model.repo.private).length,
    public_gists: 0,
    followers: 0,
    following: 0,
    created_at: ACCOUNT_TIME,
    updated_at: ACCOUNT_TIME,
  });
};

/** The listing as the endpoint's `type`, `sort` and `direction` say. */
function listing(request: RouteRequest, repos: ShapeContext[], defaultSort: string) {
  const type = request.query.get('type') ?? 'all';
  const kept = repos.filter(({ model: { repo } }) => {
    if (type === 'public') return !repo.private;
    if (type === 'private') return repo.private;
    if (type === 'forks') return repo.fork;
    if (type === 'sources') return !repo.fork;
    // `member`: repositories the account is a member of but does not own; the fake has none.
    if (type === 'member') return false;
    return true;
  });
  const sort = request.query.get('sort') ?? defaultSort;
  if (sort === 'full_name') {
    const name = (ctx: ShapeContext) => `${ctx.model.repo.owner}/${ctx.model.repo.name}`;
    kept.sort((a, b) => name(a).toLowerCase().localeCompare(name(b).toLowerCase()));
    if (request.query.get('direction') === 'desc') kept.reverse();
  }
  return paginate(
    request,
    kept.map((repo) => shapes.repository(repo, repo.model.repo)),
  );
}

const listOrgRepos: Handler = (request, ctx) => {
  const owner = ownerOf(ctx, request.params.org ?? '');
  if (owner?.type !== 'Organization') return notFound();
  return listing(request, reposOf(ctx, owner.login), 'created');
};

const listUserRepos: Handler = (request, ctx) => {
  const owner = ownerOf(ctx, request.params.username ?? '');
  if (owner === undefined) return notFound();
  // Another account's private repositories are never listed here.
  const visible = reposOf(ctx, owner.login).filter((repo) => !repo.model.repo.private);
  return listing(request, visible, 'full_name');
};

export const ownerRoutes: RouteDefinition[] = [
  { method: 'GET', template: '/users/{username}', handler: getUser },
  { method: 'GET', template: '/orgs/{org}/repos', handler: listOrgRepos },
  { method: 'GET', template: '/users/{username}/repos', handler: listUserRepos },
];
