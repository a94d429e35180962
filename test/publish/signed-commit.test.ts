import { chmod, rm, symlink } from 'node:fs/promises';
import path from 'node:path';
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { buildTree } from '../../src/publish/commit.js';
import { PushError } from '../../src/publish/push.js';
import { createSignedCommit } from '../../src/publish/signed-commit.js';
import { readWorkspaceChanges } from '../../src/publish/workspace-changes.js';
import { blobId } from '../../src/publish/worktree-reader.js';
import { githubApi } from '../support/github-api.js';
import { repoWithRemote, writeFiles } from './git-fixtures.js';
import { testOctokit } from './octokit.js';

const REPO = '/repos/octo/shop';
const COMMIT = 'c0ffee0000000000000000000000000000000001';
const BRANCH_REF = /^\/repos\/octo\/shop\/git\/refs?\/heads(\/|%2F)gemini(\/|%2F)issue-1-x$/;

interface BlobBody {
  content: string;
  encoding: 'utf-8' | 'base64';
}

/** A workspace with every kind of change, and the tree GitHub must end up with. */
async function changedWorkspace() {
  const { root, base } = await repoWithRemote({
    'edit.txt': 'old\n',
    'gone.txt': 'bye\n',
    'tool.sh': 'echo hi\n',
  });
  await writeFiles(root, {
    'edit.txt': 'new\n',
    'logo.png': Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]),
  });
  await rm(path.join(root, 'gone.txt'));
  await chmod(path.join(root, 'tool.sh'), 0o755);
  await symlink('edit.txt', path.join(root, 'link'));
  const changes = await readWorkspaceChanges(root);
  const tree = await buildTree({ changes, accepted: changes.entries });
  return { root, base, changes, tree };
}

/** Interceptors for the blob, tree and commit calls; records the bodies. */
function interceptCommit(base: string, tree: string) {
  const blobs: BlobBody[] = [];
  const trees: unknown[] = [];
  const commits: unknown[] = [];
  const api = githubApi()
    .get(`${REPO}/git/commits/${base}`)
    .reply(200, { sha: base, tree: { sha: 'basetree' } })
    .post(`${REPO}/git/blobs`)
    .times(4)
    .reply(201, (_uri, body) => {
      const blob = body as BlobBody;
      blobs.push(blob);
      const bytes = Buffer.from(blob.content, blob.encoding === 'base64' ? 'base64' : 'utf8');
      return { sha: blobId(bytes, 'sha1') };
    })
    .post(`${REPO}/git/trees`)
    .reply(201, (_uri, body) => {
      trees.push(body);
      return { sha: tree };
    })
    .post(`${REPO}/git/commits`)
    .reply(201, (_uri, body) => {
      commits.push(body);
      return { sha: COMMIT };
    });
  return { api, blobs, trees, commits };
}

describe('createSignedCommit', () => {
  afterEach(() => {
    nock.cleanAll();
  });

  it('makes blobs, a tree on the parent’s, a commit and a new branch through the API', async () => {
    const { base, changes, tree } = await changedWorkspace();
    const calls = interceptCommit(base, tree);
    const refs: unknown[] = [];
    calls.api
      .get(BRANCH_REF)
      .reply(404, { message: 'Not Found' })
      .post(`${REPO}/git/refs`)
      .reply(201, (_uri, body) => {
        refs.push(body);
        return { ref: 'refs/heads/gemini/issue-1-x' };
      });

    const result = await createSignedCommit({
      redact: (text) => text,
      octokit: testOctokit(),
      owner: 'octo',
      repo: 'shop',
      changes,
      accepted: changes.entries,
      message: 'Fix it\n\nCo-authored-by: octocat <1+octocat@users.noreply.github.com>\n',
      branch: 'gemini/issue-1-x',
      defaultBranch: 'main',
    });

    expect(result).toEqual({ sha: COMMIT, createdBranch: true });
    expect(calls.blobs).toEqual(
      expect.arrayContaining([
        { content: 'new\n', encoding: 'utf-8' },
        { content: 'edit.txt', encoding: 'utf-8' },
        { content: 'echo hi\n', encoding: 'utf-8' },
        {
          content: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255]).toString('base64'),
          encoding: 'base64',
        },
      ]),
    );
    const sha = (content: string) => blobId(Buffer.from(content), 'sha1');
    expect(calls.trees).toEqual([
      {
        base_tree: 'basetree',
        tree: expect.arrayContaining([
          { path: 'edit.txt', mode: '100644', type: 'blob', sha: sha('new\n') },
          { path: 'gone.txt', mode: '100644', type: 'blob', sha: null },
          { path: 'link', mode: '120000', type: 'blob', sha: sha('edit.txt') },
          { path: 'tool.sh', mode: '100755', type: 'blob', sha: sha('echo hi\n') },
          expect.objectContaining({ path: 'logo.png', mode: '100644' }),
        ]) as unknown,
      },
    ]);
    expect((calls.trees[0] as { tree: unknown[] }).tree).toHaveLength(5);
    expect(calls.commits).toEqual([
      {
        message: 'Fix it\n\nCo-authored-by: octocat <1+octocat@users.noreply.github.com>\n',
        tree,
        parents: [base],
      },
    ]);
    expect(refs).toEqual([{ ref: 'refs/heads/gemini/issue-1-x', sha: COMMIT }]);
    expect(calls.api.isDone()).toBe(true);
  });

  it('fast-forwards an existing branch without force, and explains when it cannot', async () => {
    const { base, changes, tree } = await changedWorkspace();
    const options = {
      redact: (text: string) => text,
      octokit: testOctokit(),
      owner: 'octo',
      repo: 'shop',
      changes,
      accepted: changes.entries,
      message: 'x\n',
      branch: 'gemini/issue-1-x',
      defaultBranch: 'main',
    };
    const updates: unknown[] = [];
    interceptCommit(base, tree)
      .api.get(BRANCH_REF)
      .reply(200, { ref: 'refs/heads/gemini/issue-1-x', object: { sha: base } })
      .patch(BRANCH_REF)
      .reply(200, (_uri, body) => {
        updates.push(body);
        return {};
      });
    await expect(createSignedCommit(options)).resolves.toEqual({
      sha: COMMIT,
      createdBranch: false,
    });
    expect(updates).toEqual([{ sha: COMMIT, force: false }]);

    // Someone pushed to the branch while the run worked: its head is no longer the run's start.
    const moved = 'beef000000000000000000000000000000000002';
    interceptCommit(base, tree)
      .api.get(BRANCH_REF)
      .reply(200, { ref: 'refs/heads/gemini/issue-1-x', object: { sha: base } })
      .patch(BRANCH_REF)
      .reply(422, { message: 'Update is not a fast forward' })
      .get(BRANCH_REF)
      .reply(200, { ref: 'refs/heads/gemini/issue-1-x', object: { sha: moved } })
      .get(`${REPO}/compare/${base}...${moved}`)
      .reply(200, { status: 'ahead', ahead_by: 1, behind_by: 0 });
    const failed = createSignedCommit({ ...options, branchStart: base });
    await expect(failed).rejects.toBeInstanceOf(PushError);
    await expect(failed).rejects.toMatchObject({ kind: 'non_fast_forward' });
    await expect(failed).rejects.toThrow(
      `The changes were not committed: the branch gemini/issue-1-x moved while the run worked — it was at ${base.slice(0, 7)} when the run started from it, and it is at beef000 now (1 new commit).`,
    );
  });

  it('commits nothing when GitHub’s tree is not the checked change', async () => {
    const { base, changes } = await changedWorkspace();
    const calls = interceptCommit(base, 'feedface00000000000000000000000000000000');

    await expect(
      createSignedCommit({
        redact: (text) => text,
        octokit: testOctokit(),
        owner: 'octo',
        repo: 'shop',
        changes,
        accepted: changes.entries,
        message: 'x\n',
        branch: 'gemini/issue-1-x',
        defaultBranch: 'main',
      }),
    ).rejects.toThrow(/is not the checked change \(\w+\); nothing was committed/);
    expect(calls.commits).toEqual([]);
  });

  it('never commits to the default branch', async () => {
    const { changes } = await changedWorkspace();
    await expect(
      createSignedCommit({
        redact: (text) => text,
        octokit: testOctokit(),
        owner: 'octo',
        repo: 'shop',
        changes,
        accepted: changes.entries,
        message: 'x\n',
        branch: 'main',
        defaultBranch: 'main',
      }),
    ).rejects.toMatchObject({ kind: 'refused' });
  });
});
