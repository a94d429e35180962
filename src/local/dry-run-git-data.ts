/**
 * The Git Data API of the dry-run GitHub (`signed_commits: true`), done with git's plumbing in the
 * local repository: blobs and trees are written to its object store, the commit is made with the
 * bot's identity (not signed: only GitHub can sign as GitHub), and the branch is created or
 * fast-forwarded — never forced, and never the branch checked out there, whose files would then
 * look changed under the user's feet.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { BOT_IDENTITY } from '../publish/commit.js';
import type { Reply, Route, RouteContext } from './dry-run-routing.js';
import { GitHubReplyError, gitRefJson } from './dry-run-routing.js';
import type { Json } from './event-facts.js';
import { asRecord } from '../platform/records.js';

const SHA = /^[0-9a-f]{40,64}$/;

function invalid(message: string): GitHubReplyError {
  return new GitHubReplyError(422, message);
}

async function readCommit(context: RouteContext, sha: string): Promise<Json> {
  if (!SHA.test(sha) || (await context.git.commit(sha)) !== sha) {
    throw new GitHubReplyError(404, 'Not Found');
  }
  const raw = await context.git.run(['cat-file', 'commit', sha]);
  const [header = '', ...rest] = raw.split('\n\n');
  const lines = header.split('\n');
  const tree = lines.find((line) => line.startsWith('tree '))?.slice(5) ?? '';
  const parents = lines.filter((line) => line.startsWith('parent ')).map((line) => line.slice(7));
  const api = context.store.repoApi;
  return {
    sha,
    url: `${api}/git/commits/${sha}`,
    html_url: `${context.store.repoHtml}/commit/${sha}`,
    tree: { sha: tree, url: `${api}/git/trees/${tree}` },
    parents: parents.map((parent) => ({ sha: parent, url: `${api}/git/commits/${parent}` })),
    message: rest.join('\n\n').replace(/\n$/, ''),
    verification: { verified: false, reason: 'unsigned', signature: null, payload: null },
  };
}

/** A tree: `base_tree` with each item set (or, with `sha: null`, removed), via a scratch index. */
async function writeTree(context: RouteContext, body: Json): Promise<string> {
  const items = Array.isArray(body.tree)
    ? body.tree.map((item: unknown) => asRecord(item) ?? {})
    : [];
  const base = typeof body.base_tree === 'string' ? body.base_tree : undefined;
  const dir = await mkdtemp(path.join(tmpdir(), 'gemini-agent-dry-run-index-'));
  const env = { GIT_INDEX_FILE: path.join(dir, 'index') };
  try {
    if (base !== undefined) await context.git.run(['read-tree', base], { env });
    for (const item of items) {
      const itemPath = typeof item.path === 'string' ? item.path : '';
      if (itemPath === '' || itemPath.startsWith('/') || itemPath.split('/').includes('..')) {
        throw invalid(`Invalid tree path "${itemPath}".`);
      }
      if (item.sha === null) {
        await context.git.run(['update-index', '--force-remove', '--', itemPath], { env });
        continue;
      }
      const mode = typeof item.mode === 'string' ? item.mode : '100644';
      const sha = typeof item.sha === 'string' ? item.sha : '';
      if (!SHA.test(sha)) throw invalid(`Tree item ${itemPath} needs a blob sha.`);
      await context.git.run(
        ['update-index', '--add', '--cacheinfo', `${mode},${sha},${itemPath}`],
        {
          env,
        },
      );
    }
    return (await context.git.run(['write-tree'], { env })).trim();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Refuses to move the branch checked out in the local repository. */
async function refuseCheckedOut(context: RouteContext, branch: string): Promise<void> {
  if ((await context.git.currentBranch()) === branch) {
    throw invalid(
      `The local dry run does not move ${branch}: it is checked out in ${context.git.root}. Check out another branch there and run again.`,
    );
  }
}

function refReply(context: RouteContext, ref: string, sha: string, status: number): Reply {
  return { status, data: gitRefJson(context, ref, sha) };
}

export const gitDataRoutes: Route[] = [
  {
    method: 'GET',
    pattern: /^\/git\/commits\/([0-9a-f]+)$/,
    handle: async (context, { params }) => ({
      status: 200,
      data: await readCommit(context, params[0] ?? ''),
    }),
  },
  {
    method: 'POST',
    pattern: /^\/git\/blobs$/,
    handle: async (context, { body }) => {
      if (typeof body.content !== 'string')
        throw invalid('Invalid request: "content" is required.');
      const content =
        body.encoding === 'base64'
          ? Buffer.from(body.content, 'base64')
          : Buffer.from(body.content, 'utf8');
      const sha = (
        await context.git.run(['hash-object', '-w', '--stdin'], { input: content })
      ).trim();
      return { status: 201, data: { sha, url: `${context.store.repoApi}/git/blobs/${sha}` } };
    },
  },
  {
    method: 'POST',
    pattern: /^\/git\/trees$/,
    handle: async (context, { body }) => {
      const sha = await writeTree(context, body);
      return {
        status: 201,
        data: { sha, url: `${context.store.repoApi}/git/trees/${sha}`, tree: [], truncated: false },
      };
    },
  },
  {
    method: 'POST',
    pattern: /^\/git\/commits$/,
    handle: async (context, { body }) => {
      const tree = typeof body.tree === 'string' ? body.tree : '';
      const parents = Array.isArray(body.parents)
        ? body.parents.filter((parent): parent is string => typeof parent === 'string')
        : [];
      const message = typeof body.message === 'string' ? body.message : '';
      if (!SHA.test(tree)) throw invalid('Invalid request: "tree" must be a tree sha.');
      const now = context.now();
      const identity = {
        GIT_AUTHOR_NAME: BOT_IDENTITY.name,
        GIT_AUTHOR_EMAIL: BOT_IDENTITY.email,
        GIT_AUTHOR_DATE: now,
        GIT_COMMITTER_NAME: BOT_IDENTITY.name,
        GIT_COMMITTER_EMAIL: BOT_IDENTITY.email,
        GIT_COMMITTER_DATE: now,
      };
      const sha = (
        await context.git.run(
          ['commit-tree', tree, ...parents.flatMap((parent) => ['-p', parent]), '-F', '-'],
          { env: identity, input: message },
        )
      ).trim();
      return { status: 201, data: await readCommit(context, sha) };
    },
  },
  {
    method: 'POST',
    pattern: /^\/git\/refs$/,
    handle: async (context, { body }) => {
      const ref = typeof body.ref === 'string' ? body.ref : '';
      const sha = typeof body.sha === 'string' ? body.sha : '';
      if (!ref.startsWith('refs/heads/') || !SHA.test(sha)) {
        throw invalid('Invalid request: expected "ref" as refs/heads/<branch> and a commit "sha".');
      }
      if ((await context.git.commit(ref)) !== undefined) throw invalid('Reference already exists');
      await context.git.run(['update-ref', ref, sha, '']);
      context.emit({ kind: 'ref', ref, sha, created: true });
      return refReply(context, ref, sha, 201);
    },
  },
  {
    method: 'PATCH',
    pattern: /^\/git\/refs\/(.+)$/,
    handle: async (context, { params, body }) => {
      const ref = `refs/${params[0] ?? ''}`;
      const sha = typeof body.sha === 'string' ? body.sha : '';
      if (!ref.startsWith('refs/heads/') || !SHA.test(sha)) {
        throw invalid('Invalid request: expected a branch and a commit "sha".');
      }
      const current = await context.git.commit(ref);
      if (current === undefined) throw invalid('Reference does not exist');
      await refuseCheckedOut(context, ref.slice('refs/heads/'.length));
      if (body.force !== true && !(await context.git.isAncestor(current, sha))) {
        throw invalid('Update is not a fast forward');
      }
      await context.git.run(['update-ref', ref, sha, current]);
      context.emit({ kind: 'ref', ref, sha, created: false });
      return refReply(context, ref, sha, 200);
    },
  },
];
