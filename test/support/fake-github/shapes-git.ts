/**
 * The JSON of the Git Data and compare endpoints, field for field as GitHub's REST API describes
 * it: blobs, trees, git commits (with their signature verification), commits as the compare
 * endpoint lists them, and the comparison itself.
 */
import type { CommitRecord, Comparison, GitSignature, TreeEntry } from './git-objects.js';
import { commitText } from './git-objects.js';
import type { PullFileRecord } from './model.js';
import { stableId } from './model.js';
import type { ShapeContext } from './shapes.js';
import { diffEntry, repoApi, repoHtml, user } from './shapes.js';

type Json = Record<string, unknown>;

/** GitHub's legacy node id of a commit: the repository's id and the SHA. */
function commitNodeId(ctx: ShapeContext, sha: string): string {
  const { owner, name } = ctx.model.repo;
  const repoId = stableId(`repo:${owner}/${name}`.toLowerCase());
  return Buffer.from(`06:Commit${repoId}:${sha}`).toString('base64');
}

export function gitBlob(ctx: ShapeContext, sha: string): Json {
  return { url: `${repoApi(ctx)}/git/blobs/${sha}`, sha };
}

export function gitTree(ctx: ShapeContext, sha: string, entries: readonly TreeEntry[]): Json {
  return {
    sha,
    url: `${repoApi(ctx)}/git/trees/${sha}`,
    tree: entries.map((entry) => ({
      path: entry.name,
      mode: entry.mode,
      type: entry.type,
      sha: entry.sha,
      ...(entry.type === 'blob' ? { size: ctx.model.git.blobs.get(entry.sha)?.length ?? 0 } : {}),
      url: `${repoApi(ctx)}/git/${entry.type === 'tree' ? 'trees' : 'blobs'}/${entry.sha}`,
    })),
    truncated: false,
  };
}

/** What GitHub says of a commit's signature: API commits are signed by GitHub's own key. */
function verification(record: CommitRecord): Json {
  if (!record.verified) {
    return {
      verified: false,
      reason: 'unsigned',
      signature: null,
      payload: null,
      verified_at: null,
    };
  }
  return {
    verified: true,
    reason: 'valid',
    signature: '-----BEGIN PGP SIGNATURE-----\n\nfake\n-----END PGP SIGNATURE-----\n',
    payload: commitText(record),
    verified_at: record.committer.date,
  };
}

function signature(who: GitSignature): Json {
  return { name: who.name, email: who.email, date: who.date };
}

/** A commit as the Git Data API answers it. */
export function gitCommit(ctx: ShapeContext, record: CommitRecord): Json {
  return {
    sha: record.sha,
    node_id: commitNodeId(ctx, record.sha),
    url: `${repoApi(ctx)}/git/commits/${record.sha}`,
    html_url: `${repoHtml(ctx)}/commit/${record.sha}`,
    author: signature(record.author),
    committer: signature(record.committer),
    tree: { sha: record.tree, url: `${repoApi(ctx)}/git/trees/${record.tree}` },
    message: record.message,
    parents: record.parents.map((sha) => ({
      sha,
      url: `${repoApi(ctx)}/git/commits/${sha}`,
      html_url: `${repoHtml(ctx)}/commit/${sha}`,
    })),
    verification: verification(record),
  };
}

/** A commit as the commits and compare endpoints list it. */
export function commit(ctx: ShapeContext, record: CommitRecord): Json {
  const url = `${repoApi(ctx)}/commits/${record.sha}`;
  return {
    url,
    sha: record.sha,
    node_id: commitNodeId(ctx, record.sha),
    html_url: `${repoHtml(ctx)}/commit/${record.sha}`,
    comments_url: `${url}/comments`,
    commit: {
      url: `${repoApi(ctx)}/git/commits/${record.sha}`,
      author: signature(record.author),
      committer: signature(record.committer),
      message: record.message,
      comment_count: 0,
      tree: { sha: record.tree, url: `${repoApi(ctx)}/git/trees/${record.tree}` },
      verification: verification(record),
    },
    author: record.authorLogin !== null ? user(ctx, record.authorLogin) : null,
    committer: record.committerLogin !== null ? user(ctx, record.committerLogin) : null,
    parents: record.parents.map((sha) => ({
      sha,
      url: `${repoApi(ctx)}/commits/${sha}`,
      html_url: `${repoHtml(ctx)}/commit/${sha}`,
    })),
  };
}

export interface ComparisonShape {
  basehead: string;
  base: CommitRecord;
  head: CommitRecord;
  mergeBase: CommitRecord;
  comparison: Comparison;
  files: readonly PullFileRecord[];
}

/** A comparison without its `commits`, which the endpoint pages. */
export function comparison(ctx: ShapeContext, shape: ComparisonShape): Json {
  const { owner, name } = ctx.model.repo;
  const html = `${repoHtml(ctx)}/compare/${shape.basehead}`;
  const short = (sha: string) => `${owner}:${name}:${sha.slice(0, 7)}`;
  return {
    url: `${repoApi(ctx)}/compare/${shape.basehead}`,
    html_url: html,
    permalink_url: `${repoHtml(ctx)}/compare/${short(shape.base.sha)}...${short(shape.head.sha)}`,
    diff_url: `${html}.diff`,
    patch_url: `${html}.patch`,
    base_commit: commit(ctx, shape.base),
    merge_base_commit: commit(ctx, shape.mergeBase),
    status: shape.comparison.status,
    ahead_by: shape.comparison.ahead.length,
    behind_by: shape.comparison.behindBy,
    total_commits: shape.comparison.ahead.length,
    files: shape.files.map((file) => diffEntry(ctx, shape.head.sha, file)),
  };
}
