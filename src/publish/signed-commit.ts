/**
 * `signed_commits: true`: the same accepted change committed through GitHub's Git Data API
 * instead of `git push`. GitHub signs commits it creates for the job token, so they show as
 * Verified. The steps: a blob per added or changed file, a tree on top of the parent's tree
 * (`sha: null` deletes a path; modes such as executable and symlink are kept), a commit with the
 * parent, then the branch is created or fast-forwarded — never forced.
 *
 * The blobs are the repository's own (clean filters applied, as for a local commit), and the tree
 * GitHub builds must be the tree built locally from the same change, or nothing is committed.
 */
import type { GitHubClient } from '../github/octokit.js';
import type { Redact } from '../platform/redaction.js';
import { buildTree } from './commit.js';
import type { Git } from './git.js';
import { createGit } from './git.js';
import { githubMessage } from './github-error.js';
import { githubStatus } from '../github/error-status.js';
import type { BranchTip } from './push.js';
import { PushError, nonFastForwardMessage, pushTargetProblem } from './push.js';
import { readBlobs } from './workspace-changes.js';
import type { WorkspaceChange, WorkspaceChanges } from './publish-types.js';

export interface SignedCommitOptions {
  octokit: GitHubClient;
  owner: string;
  repo: string;
  changes: WorkspaceChanges;
  accepted: readonly WorkspaceChange[];
  message: string;
  branch: string;
  defaultBranch: string;
  /** The branch's head when the run started, when the run meant to build on it. */
  branchStart?: string | undefined;
  git?: Git;
  /** Applied to every error message. */
  redact: Redact;
}

export interface SignedCommit {
  sha: string;
  /** True when the branch was created, false when it was fast-forwarded. */
  createdBranch: boolean;
}

type TreeItem = {
  path: string;
  mode: '100644' | '100755' | '120000';
  type: 'blob';
  sha: string | null;
};

function fileMode(mode: string): TreeItem['mode'] {
  if (mode === '100755' || mode === '120000') return mode;
  return '100644';
}

/** Text GitHub can take as UTF-8; anything else goes as Base64. */
function encodeBlob(content: Buffer): { content: string; encoding: 'utf-8' | 'base64' } {
  const text = content.toString('utf8');
  if (!content.includes(0) && Buffer.from(text, 'utf8').equals(content)) {
    return { content: text, encoding: 'utf-8' };
  }
  return { content: content.toString('base64'), encoding: 'base64' };
}

/** Commits the accepted change through the API and moves `branch` to it. */
export async function createSignedCommit(options: SignedCommitOptions): Promise<SignedCommit> {
  const git = options.git ?? createGit();
  const { redact } = options;
  const { octokit, owner, repo, changes } = options;
  const problem = pushTargetProblem(options.branch, options.defaultBranch);
  if (problem !== undefined) throw new PushError('refused', `Not committed: ${problem}.`);
  const parent = changes.base;
  if (parent === undefined) {
    throw new PushError(
      'refused',
      'Signed commits need a commit to build on; the repository has none.',
    );
  }

  // Writes the blobs locally and gives the tree GitHub's must equal.
  const expectedTree = await buildTree({ changes, accepted: options.accepted, git });
  const parentCommit = await octokit.rest.git
    .getCommit({ owner, repo, commit_sha: parent })
    .catch((error: unknown) => {
      throw new PushError(
        'failed',
        redact(
          `The base commit ${parent} is not on GitHub (${githubMessage(error)}); nothing was committed.`,
        ),
      );
    });

  const added = options.accepted.filter((entry) => entry.status !== 'deleted');
  const contents = await readBlobs(
    git,
    changes.root,
    added.flatMap((entry) => (entry.blob === undefined ? [] : [entry.blob])),
  );
  const tree: TreeItem[] = [];
  for (const entry of options.accepted) {
    const removed = entry.status === 'deleted' ? entry.path : entry.previousPath;
    if (removed !== undefined) {
      tree.push({
        path: removed,
        mode: fileMode(entry.previousMode ?? entry.mode),
        type: 'blob',
        sha: null,
      });
    }
    if (entry.status === 'deleted') continue;
    const content = entry.blob === undefined ? undefined : contents.get(entry.blob);
    if (content === undefined) throw new Error(`The content of ${entry.path} was not found.`);
    const blob = await octokit.rest.git.createBlob({ owner, repo, ...encodeBlob(content) });
    if (changes.objectFormat === 'sha1' && blob.data.sha !== entry.blob) {
      throw new PushError(
        'failed',
        `GitHub stored ${entry.path} differently than it was checked; nothing was committed.`,
      );
    }
    tree.push({ path: entry.path, mode: fileMode(entry.mode), type: 'blob', sha: blob.data.sha });
  }

  const created = await octokit.rest.git.createTree({
    owner,
    repo,
    base_tree: parentCommit.data.tree.sha,
    tree,
  });
  if (changes.objectFormat === 'sha1' && created.data.sha !== expectedTree) {
    throw new PushError(
      'failed',
      `The tree GitHub built (${created.data.sha}) is not the checked change (${expectedTree}); nothing was committed.`,
    );
  }
  const commit = await octokit.rest.git.createCommit({
    owner,
    repo,
    message: options.message,
    tree: created.data.sha,
    parents: [parent],
  });
  const sha = commit.data.sha;
  const createdBranch = await moveBranch(options, sha);
  return { sha, createdBranch };
}

/** Creates the branch at `sha`, or fast-forwards it there; true when it was created. */
async function moveBranch(options: SignedCommitOptions, sha: string): Promise<boolean> {
  const { octokit, owner, repo, branch } = options;
  const ref = `heads/${branch}`;
  const exists = await octokit.rest.git.getRef({ owner, repo, ref }).then(
    () => true,
    (error: unknown) => {
      if (githubStatus(error) === 404) return false;
      throw error;
    },
  );
  try {
    if (!exists) {
      await octokit.rest.git.createRef({ owner, repo, ref: `refs/${ref}`, sha });
      return true;
    }
    await octokit.rest.git.updateRef({ owner, repo, ref, sha, force: false });
    return false;
  } catch (error) {
    const message = githubMessage(error);
    if (githubStatus(error) === 422 && /fast.forward|already exists/i.test(message)) {
      throw new PushError(
        'non_fast_forward',
        nonFastForwardMessage({
          branch,
          workspaceAt: options.changes.base,
          branchStart: options.branchStart,
          tip: await readBranchTip(options),
          notDone: 'committed',
        }),
      );
    }
    throw new PushError('rejected', `GitHub refused to update ${branch}: ${message}`);
  }
}

/** Where the branch is now and how the run's base relates to it, read through the API. */
async function readBranchTip(options: SignedCommitOptions): Promise<BranchTip> {
  const { octokit, owner, repo, branch } = options;
  try {
    const ref = await octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}` });
    const sha = ref.data.object.sha;
    const base = options.changes.base;
    if (base === undefined) return { sha, relation: { kind: 'unrelated' } };
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
      owner,
      repo,
      basehead: `${base}...${sha}`,
    });
    // `ahead`: the branch has commits on top of the base, which is in its history.
    return data.status === 'ahead' || data.status === 'identical'
      ? { sha, relation: { kind: 'behind', commits: data.ahead_by } }
      : { sha, relation: { kind: 'unrelated' } };
  } catch (error) {
    return { sha: undefined, problem: githubMessage(error) };
  }
}
