/**
 * The history the git endpoints start from. Every SHA the seed names — branch heads, pull
 * request heads, bases and earlier heads, `commits` — is a commit the fake knows, with the files
 * seeded for it as its tree. Their parents come from `commits`; a pull request's SHAs otherwise
 * form a line of ordinary pushes (base, earlier heads oldest first, head), and anything else is a
 * root: the fake cannot see further back, and a branch may move forward from it.
 */
import type { CommitRecord } from './git-objects.js';
import { EMPTY_TREE } from './git-objects.js';
import type { FakeGitHubModel, ModelSeed } from './model.js';

const SHA = /^[0-9a-f]{40}$/;

/** The seeded files of a commit: its own, or those of a branch whose head it is. */
function filesOf(
  model: FakeGitHubModel,
  seed: ModelSeed,
  sha: string,
): Record<string, string> | undefined {
  const own = seed.commits?.find((commit) => commit.sha === sha)?.files ?? seed.files?.[sha];
  if (own) return own;
  for (const [ref, refSha] of model.refs) {
    const files = seed.files?.[ref.replace(/^refs\/heads\//, '')];
    if (refSha === sha && files) return files;
  }
  return undefined;
}

/**
 * The commit a SHA names; one the fake has only heard of (a branch pushed with git rather than
 * through the API) becomes a root with files unknown.
 */
export function knownCommit(
  model: FakeGitHubModel,
  sha: string,
  details: { parents?: string[]; files?: Record<string, string>; message?: string } = {},
): CommitRecord {
  const existing = model.git.commits.get(sha);
  if (existing) return existing;
  const owner = model.repo.owner;
  const signature = {
    name: owner,
    email: `${owner}@users.noreply.github.com`,
    date: model.startedAt,
  };
  const record: CommitRecord = {
    sha,
    tree: details.files ? model.git.putFiles(details.files) : EMPTY_TREE,
    parents: details.parents ?? [],
    message: details.message ?? `Commit ${sha.slice(0, 7)}`,
    author: signature,
    committer: signature,
    authorLogin: owner,
    committerLogin: owner,
    verified: false,
    seeded: true,
    treeKnown: details.files !== undefined,
  };
  model.git.commits.set(sha, record);
  return record;
}

export function seedGitHistory(model: FakeGitHubModel, seed: ModelSeed): void {
  const parents = new Map<string, string[]>();
  for (const commit of seed.commits ?? []) {
    if (commit.parents) parents.set(commit.sha, commit.parents);
  }
  for (const pull of seed.pulls ?? []) {
    const line = [pull.base.sha, ...(pull.previousHeadShas ?? []), pull.head.sha];
    for (const [index, child] of line.entries()) {
      const parent = line[index - 1];
      if (parent !== undefined && parent !== child && !parents.has(child)) {
        parents.set(child, [parent]);
      }
    }
  }
  const shas = new Set<string>([
    ...model.refs.values(),
    ...(seed.pulls ?? []).flatMap((pull) => [
      pull.base.sha,
      pull.head.sha,
      ...(pull.previousHeadShas ?? []),
    ]),
    ...(seed.commits ?? []).flatMap((commit) => [commit.sha, ...(commit.parents ?? [])]),
    ...Object.keys(seed.files ?? {}).filter((ref) => SHA.test(ref)),
  ]);
  for (const sha of shas) {
    const files = filesOf(model, seed, sha);
    const message = seed.commits?.find((commit) => commit.sha === sha)?.message;
    knownCommit(model, sha, {
      parents: parents.get(sha) ?? [],
      ...(files ? { files } : {}),
      ...(message !== undefined ? { message } : {}),
    });
  }
}
