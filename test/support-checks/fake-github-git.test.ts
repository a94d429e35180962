// The fake GitHub's Git Data and compare endpoints, driven by a real Octokit and checked against
// real git: a signed-commit flow is only proven if the fake hashes blobs and trees as git does and
// refuses what GitHub refuses.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmod, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Octokit } from '@octokit/rest';
import { describe, expect, it } from 'vitest';
import type { FakeGitHub, FakeGitHubOptions } from '../support/fake-github-server.js';
import { FAKE_GITHUB_TOKEN, useFakeGitHub } from '../support/fake-github-server.js';
import { unifiedPatch } from '../support/fake-github/tree-diff.js';
import { tempRepo } from '../support/temp-repo.js';

const owner = 'octo-org';
const repo = 'hello-world';
const BASE = 'b'.repeat(40);
const OLD_HEAD = '1'.repeat(40);
const HEAD = 'a'.repeat(40);
const REWRITTEN = '2'.repeat(40);

const FILES = {
  'README.md': '# Hello\n',
  'src/app.ts': 'export const one = 1;\nexport const two = 2;\n',
  'src/old.ts': 'export {};\n',
};

/** A clock one second further on each call, from a fixed start. */
function steppingClock(start = '2025-03-01T12:00:00Z'): () => Date {
  let time = Date.parse(start);
  return () => new Date((time += 1000));
}

const quiet = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

async function start(overrides: Partial<FakeGitHubOptions> = {}) {
  const fake = await useFakeGitHub({
    repo: { owner, name: repo, defaultBranch: 'main', defaultBranchSha: BASE },
    clock: steppingClock(),
    files: { main: FILES },
    ...overrides,
  });
  const octokit = new Octokit({ baseUrl: fake.url, auth: FAKE_GITHUB_TOKEN, log: quiet });
  return { fake, octokit };
}

function expectClean(fake: FakeGitHub): void {
  expect(fake.violations).toEqual([]);
  expect(fake.unexpected).toEqual([]);
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
}

/** A real repository holding FILES in one commit, and that commit's SHA. */
async function localRepo(): Promise<{ dir: string; sha: string }> {
  const dir = await tempRepo(FILES, { git: true });
  return { dir, sha: git(dir, 'rev-parse', 'HEAD') };
}

describe('blobs and trees', () => {
  it('hashes blobs and trees exactly as git does', async () => {
    const { fake, octokit } = await start();
    const dir = await tempRepo({}, { git: true });
    const script = '#!/bin/sh\necho hi\n';
    const binary = Buffer.from([0x00, 0xff, 0x10, 0x0a]);
    await writeFile(path.join(dir, 'notes.txt'), 'ünïcode\n');
    await writeFile(path.join(dir, 'run.sh'), script);
    await chmod(path.join(dir, 'run.sh'), 0o755);
    await writeFile(path.join(dir, 'data.bin'), binary);
    git(dir, 'add', '-A');

    const text = await octokit.rest.git.createBlob({ owner, repo, content: 'ünïcode\n' });
    expect(text.status).toBe(201);
    expect(text.data.sha).toBe(git(dir, 'hash-object', 'notes.txt'));
    expect(text.data.url).toBe(`${fake.url}/repos/${owner}/${repo}/git/blobs/${text.data.sha}`);
    const bin = await octokit.rest.git.createBlob({
      owner,
      repo,
      content: binary.toString('base64'),
      encoding: 'base64',
    });
    expect(bin.data.sha).toBe(git(dir, 'hash-object', 'data.bin'));

    const tree = await octokit.rest.git.createTree({
      owner,
      repo,
      tree: [
        { path: 'notes.txt', mode: '100644', type: 'blob', sha: text.data.sha },
        { path: 'data.bin', mode: '100644', type: 'blob', sha: bin.data.sha },
        { path: 'run.sh', mode: '100755', type: 'blob', content: script },
      ],
    });
    expect(tree.status).toBe(201);
    expect(tree.data.sha).toBe(git(dir, 'write-tree'));
    expect(tree.data.tree.map((entry) => [entry.path, entry.mode, entry.type])).toEqual([
      ['data.bin', '100644', 'blob'],
      ['notes.txt', '100644', 'blob'],
      ['run.sh', '100755', 'blob'],
    ]);
    expectClean(fake);
  });

  it('refuses trees GitHub refuses', async () => {
    const { octokit } = await start();
    const { data: base } = await octokit.rest.git.getCommit({ owner, repo, commit_sha: BASE });
    const refused = async (
      request: Parameters<Octokit['rest']['git']['createTree']>[0],
      message: string,
    ) => {
      await expect(octokit.rest.git.createTree(request)).rejects.toMatchObject({
        status: 422,
        message: expect.stringContaining(message) as unknown,
      });
    };
    await refused(
      {
        owner,
        repo,
        base_tree: base.tree.sha,
        tree: [{ path: 'missing.ts', mode: '100644', type: 'blob', sha: null }],
      },
      'GitRPC::BadObjectState',
    );
    await refused(
      { owner, repo, base_tree: 'f'.repeat(40), tree: [] },
      'base_tree is not a valid tree oid',
    );
    await refused(
      { owner, repo, tree: [{ path: 'x', mode: '100644', type: 'blob', sha: 'e'.repeat(40) }] },
      'is not a valid blob',
    );
  });
});

describe('commits and branches', () => {
  it('builds on a seeded commit, fast-forwards a branch and refuses to rewind it', async () => {
    const local = await localRepo();
    const { fake, octokit } = await start({
      repo: { owner, name: repo, defaultBranch: 'main', defaultBranchSha: local.sha },
    });
    // The seeded head's tree is the tree git built from the same files.
    const parent = await octokit.rest.git.getCommit({ owner, repo, commit_sha: local.sha });
    expect(parent.data.tree.sha).toBe(git(local.dir, 'rev-parse', 'HEAD^{tree}'));

    // The same change locally and through the API: one file changed, one added, one deleted.
    const changed = 'export const one = 1;\nexport const two = 22;\n';
    await writeFile(path.join(local.dir, 'src/app.ts'), changed);
    await writeFile(path.join(local.dir, 'new.md'), 'new\n');
    await rm(path.join(local.dir, 'src/old.ts'));
    git(local.dir, 'add', '-A');
    const expectedTree = git(local.dir, 'write-tree');

    const blob = await octokit.rest.git.createBlob({ owner, repo, content: changed });
    const tree = await octokit.rest.git.createTree({
      owner,
      repo,
      base_tree: parent.data.tree.sha,
      tree: [
        { path: 'src/app.ts', mode: '100644', type: 'blob', sha: blob.data.sha },
        { path: 'new.md', mode: '100644', type: 'blob', content: 'new\n' },
        { path: 'src/old.ts', mode: '100644', type: 'blob', sha: null },
      ],
    });
    expect(tree.data.sha).toBe(expectedTree);

    const first = await octokit.rest.git.createCommit({
      owner,
      repo,
      message: 'Change app',
      tree: tree.data.sha,
      parents: [local.sha],
    });
    expect(first.status).toBe(201);
    expect(first.data).toMatchObject({
      message: 'Change app',
      tree: { sha: expectedTree },
      parents: [{ sha: local.sha }],
      author: { name: 'github-actions[bot]', email: containing('+github-actions[bot]@users') },
      committer: { name: 'GitHub', email: 'noreply@github.com' },
      verification: { verified: true, reason: 'valid' },
      html_url: `https://github.com/${owner}/${repo}/commit/${first.data.sha}`,
    });
    expect(first.data.sha).toMatch(/^[0-9a-f]{40}$/);

    await octokit.rest.git.createRef({
      owner,
      repo,
      ref: 'refs/heads/gemini/x',
      sha: first.data.sha,
    });
    const second = await octokit.rest.git.createCommit({
      owner,
      repo,
      message: 'More',
      tree: tree.data.sha,
      parents: [first.data.sha],
      author: { name: 'Ada', email: 'ada@example.com', date: '2025-01-02T03:04:05Z' },
    });
    expect(second.data.author).toEqual({
      name: 'Ada',
      email: 'ada@example.com',
      date: '2025-01-02T03:04:05Z',
    });
    await octokit.rest.git.updateRef({
      owner,
      repo,
      ref: 'heads/gemini/x',
      sha: second.data.sha,
      force: false,
    });
    expect(fake.refs['refs/heads/gemini/x']).toBe(second.data.sha);

    // A sibling of the branch head is not a fast-forward; only force moves the branch there.
    const sibling = await octokit.rest.git.createCommit({
      owner,
      repo,
      message: 'Elsewhere',
      tree: parent.data.tree.sha,
      parents: [local.sha],
    });
    await expect(
      octokit.rest.git.updateRef({
        owner,
        repo,
        ref: 'heads/gemini/x',
        sha: sibling.data.sha,
        force: false,
      }),
    ).rejects.toMatchObject({ status: 422, message: containing('Update is not a fast forward') });
    await expect(
      octokit.rest.git.updateRef({ owner, repo, ref: 'heads/gemini/x', sha: first.data.sha }),
    ).rejects.toMatchObject({ status: 422 });
    expect(fake.refs['refs/heads/gemini/x']).toBe(second.data.sha);
    await octokit.rest.git.updateRef({
      owner,
      repo,
      ref: 'heads/gemini/x',
      sha: sibling.data.sha,
      force: true,
    });
    expect(fake.refs['refs/heads/gemini/x']).toBe(sibling.data.sha);

    // The seeded default branch head is a root a branch may move forward from.
    await octokit.rest.git.createRef({ owner, repo, ref: 'refs/heads/side', sha: local.sha });
    await octokit.rest.git.updateRef({ owner, repo, ref: 'heads/side', sha: first.data.sha });

    expect(fake.gitCommits.map((commit) => [commit.message, commit.parents])).toEqual([
      ['Change app', [local.sha]],
      ['More', [first.data.sha]],
      ['Elsewhere', [local.sha]],
    ]);
    expect(fake.gitCommits[0]).toMatchObject({
      sha: first.data.sha,
      treeSha: expectedTree,
      tree: { 'README.md': '# Hello\n', 'src/app.ts': changed, 'new.md': 'new\n' },
      verified: true,
    });
    expect(Object.keys(fake.gitCommits[0]?.tree ?? {})).not.toContain('src/old.ts');

    // The contents endpoint serves a branch's new tree.
    const content = await octokit.rest.repos.getContent({
      owner,
      repo,
      path: 'src/app.ts',
      ref: 'side',
    });
    const file = content.data as { content?: string };
    expect(Buffer.from(file.content ?? '', 'base64').toString()).toBe(changed);
    expectClean(fake);
  });

  it('moves an open pull request with its branch, so a review may pin the new head', async () => {
    const { fake, octokit } = await start({
      pulls: [
        {
          number: 7,
          title: 'Feature',
          head: { ref: 'feature', sha: HEAD },
          base: { ref: 'main', sha: BASE },
        },
      ],
    });
    const { data: head } = await octokit.rest.git.getCommit({ owner, repo, commit_sha: HEAD });
    const { data: next } = await octokit.rest.git.createCommit({
      owner,
      repo,
      message: 'Fix',
      tree: head.tree.sha,
      parents: [HEAD],
    });
    await octokit.rest.git.updateRef({ owner, repo, ref: 'heads/feature', sha: next.sha });
    const { data: pull } = await octokit.rest.pulls.get({ owner, repo, pull_number: 7 });
    expect(pull.head.sha).toBe(next.sha);
    await octokit.rest.pulls.createReview({
      owner,
      repo,
      pull_number: 7,
      commit_id: next.sha,
      event: 'COMMENT',
      body: 'Looks fine',
    });
    expect(fake.reviews.map((review) => review.commitId)).toEqual([next.sha]);
    expectClean(fake);
  });

  it('answers 404 for unknown commits and refuses commits on unknown objects', async () => {
    const { fake, octokit } = await start();
    await expect(
      octokit.rest.git.getCommit({ owner, repo, commit_sha: 'c'.repeat(40) }),
    ).rejects.toMatchObject({ status: 404 });
    const { data: base } = await octokit.rest.git.getCommit({ owner, repo, commit_sha: BASE });
    expect(base.verification).toMatchObject({ verified: false, reason: 'unsigned' });
    await expect(
      octokit.rest.git.createCommit({ owner, repo, message: 'x', tree: 'd'.repeat(40) }),
    ).rejects.toMatchObject({ status: 422, message: containing('Tree SHA does not exist') });
    await expect(
      octokit.rest.git.createCommit({
        owner,
        repo,
        message: 'x',
        tree: base.tree.sha,
        parents: ['c'.repeat(40)],
      }),
    ).rejects.toMatchObject({ status: 422, message: containing('Parent SHA does not exist') });
    await expect(
      octokit.rest.git.createRef({ owner, repo, ref: 'refs/heads/y', sha: 'c'.repeat(40) }),
    ).rejects.toMatchObject({ status: 422, message: containing('Object does not exist') });
    expect(fake.gitCommits).toEqual([]);
  });
});

describe('compare', () => {
  const pull = {
    number: 7,
    title: 'Feature',
    head: { ref: 'feature', sha: HEAD },
    base: { ref: 'main', sha: BASE },
    previousHeadShas: [OLD_HEAD],
    files: [
      { filename: 'src/app.ts', patch: '@@ -1 +1 @@\n-a\n+b' },
      { filename: 'src/b.ts', status: 'added' as const, patch: '@@ -0,0 +1 @@\n+b' },
    ],
    compare: {
      [`${OLD_HEAD}...${HEAD}`]: [
        { filename: 'src/b.ts', status: 'added' as const, patch: '@@ -0,0 +1 @@\n+b' },
      ],
    },
  };

  it('counts commits by the pushes a pull request is seeded with', async () => {
    const { fake, octokit } = await start({ pulls: [pull] });
    const compare = (basehead: string) =>
      octokit.rest.repos.compareCommitsWithBasehead({ owner, repo, basehead });

    const since = await compare(`${OLD_HEAD}...${HEAD}`);
    expect(since.data).toMatchObject({
      status: 'ahead',
      ahead_by: 1,
      behind_by: 0,
      total_commits: 1,
      base_commit: { sha: OLD_HEAD },
      merge_base_commit: { sha: OLD_HEAD },
    });
    expect(since.data.commits.map((commit) => commit.sha)).toEqual([HEAD]);
    expect(since.data.files?.map((file) => [file.filename, file.status, file.patch])).toEqual([
      ['src/b.ts', 'added', '@@ -0,0 +1 @@\n+b'],
    ]);

    // The pull request's own comparison answers its files; branch names resolve.
    const whole = await compare('main...feature');
    expect(whole.data).toMatchObject({ status: 'ahead', ahead_by: 2, behind_by: 0 });
    expect(whole.data.commits.map((commit) => commit.sha)).toEqual([OLD_HEAD, HEAD]);
    expect(whole.data.files?.map((file) => file.filename)).toEqual(['src/app.ts', 'src/b.ts']);

    expect((await compare(`${HEAD}...${OLD_HEAD}`)).data).toMatchObject({
      status: 'behind',
      ahead_by: 0,
      behind_by: 1,
      commits: [],
    });
    expect((await compare(`${HEAD}...${HEAD}`)).data).toMatchObject({
      status: 'identical',
      total_commits: 0,
      files: [],
    });

    const paged = await octokit.rest.repos.compareCommitsWithBasehead({
      owner,
      repo,
      basehead: `${BASE}...${HEAD}`,
      per_page: 1,
    });
    expect(paged.data.commits).toHaveLength(1);
    expect(paged.data.total_commits).toBe(2);
    expect(paged.headers.link).toContain('rel="next"');

    await expect(compare(`${'c'.repeat(40)}...${HEAD}`)).rejects.toMatchObject({ status: 404 });
    expectClean(fake);
  });

  it('sees a force-push as diverged, and unrelated histories as not comparable', async () => {
    const { octokit } = await start({
      pulls: [{ ...pull, head: { ref: 'feature', sha: REWRITTEN }, compare: {} }],
      commits: [
        { sha: REWRITTEN, parents: [BASE] },
        { sha: 'd'.repeat(40), message: 'Unrelated root' },
      ],
    });
    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
      owner,
      repo,
      basehead: `${OLD_HEAD}...${REWRITTEN}`,
    });
    expect(data).toMatchObject({
      status: 'diverged',
      ahead_by: 1,
      behind_by: 1,
      merge_base_commit: { sha: BASE },
    });
    await expect(
      octokit.rest.repos.compareCommitsWithBasehead({
        owner,
        repo,
        basehead: `${'d'.repeat(40)}...${REWRITTEN}`,
      }),
    ).rejects.toMatchObject({ status: 404, message: containing('No common ancestor') });
  });

  it('diffs commits made through the API as git diffs them', async () => {
    const local = await localRepo();
    const { fake, octokit } = await start({
      repo: { owner, name: repo, defaultBranch: 'main', defaultBranchSha: local.sha },
    });
    const lines = Array.from({ length: 20 }, (_, index) => `line ${index + 1}`);
    const before = `${lines.join('\n')}\n`;
    const after = `${lines
      .map((line, index) => (index === 1 ? 'LINE 2' : index === 16 ? 'LINE 17' : line))
      .join('\n')}\nline 21`;
    const commitFiles = async (parent: string, files: Record<string, string>, message: string) => {
      const { data: parentCommit } = await octokit.rest.git.getCommit({
        owner,
        repo,
        commit_sha: parent,
      });
      const tree = await octokit.rest.git.createTree({
        owner,
        repo,
        base_tree: parentCommit.tree.sha,
        tree: Object.entries(files).map(([filePath, content]) => ({
          path: filePath,
          mode: '100644' as const,
          type: 'blob' as const,
          content,
        })),
      });
      const commit = await octokit.rest.git.createCommit({
        owner,
        repo,
        message,
        tree: tree.data.sha,
        parents: [parent],
      });
      return commit.data.sha;
    };
    const first = await commitFiles(local.sha, { 'list.txt': before }, 'Add list');
    const second = await commitFiles(first, { 'list.txt': after, 'README.md': '# Hi\n' }, 'Edit');

    await writeFile(path.join(local.dir, 'list.txt'), before);
    git(local.dir, 'add', '-A');
    git(local.dir, 'commit', '-qm', 'Add list');
    await writeFile(path.join(local.dir, 'list.txt'), after);
    await writeFile(path.join(local.dir, 'README.md'), '# Hi\n');
    const patchOf = (file: string) => {
      const diff = git(local.dir, 'diff', '--no-color', '--', file);
      return diff.slice(diff.indexOf('@@'));
    };

    const { data } = await octokit.rest.repos.compareCommitsWithBasehead({
      owner,
      repo,
      basehead: `${first}...${second}`,
    });
    expect(data).toMatchObject({ status: 'ahead', ahead_by: 1 });
    expect(data.commits.map((commit) => commit.commit.message)).toEqual(['Edit']);
    expect(data.files?.map((file) => [file.filename, file.status])).toEqual([
      ['README.md', 'modified'],
      ['list.txt', 'modified'],
    ]);
    expect(data.files?.[0]).toMatchObject({
      patch: patchOf('README.md'),
      additions: 1,
      deletions: 1,
    });
    expect(data.files?.[1]).toMatchObject({
      patch: patchOf('list.txt'),
      additions: 3,
      deletions: 2,
    });
    const added = await octokit.rest.repos.compareCommitsWithBasehead({
      owner,
      repo,
      basehead: `${local.sha}...${first}`,
    });
    expect(added.data.files?.[0]).toMatchObject({
      filename: 'list.txt',
      status: 'added',
      additions: 20,
      patch: `@@ -0,0 +1,20 @@\n${lines.map((line) => `+${line}`).join('\n')}`,
    });
    expectClean(fake);
  });
});

describe('patches', () => {
  it('writes the hunks git writes', async () => {
    const dir = await tempRepo();
    const numbered = (count: number) =>
      Array.from({ length: count }, (_, index) => `line ${index + 1}`);
    const edit = (count: number, changes: Record<number, string>) =>
      numbered(count).map((line, index) => changes[index + 1] ?? line);
    const text = (list: string[], finalNewline = true) =>
      list.join('\n') + (finalNewline && list.length > 0 ? '\n' : '');
    const cases: [string, string][] = [
      // Six unchanged lines between two changes: one hunk. Seven: two.
      [text(numbered(20)), text(edit(20, { 5: 'five', 12: 'twelve' }))],
      [text(numbered(20)), text(edit(20, { 5: 'five', 13: 'thirteen' }))],
      [text(numbered(8)), text(['first', ...numbered(8)])],
      [text(numbered(8)), text(numbered(6))],
      [text(numbered(4)), text(numbered(4), false)],
      [text(numbered(4), false), text([...numbered(4), 'line 5'])],
      [text(numbered(3)), ''],
    ];
    for (const [before, after] of cases) {
      await writeFile(path.join(dir, 'a'), before);
      await writeFile(path.join(dir, 'b'), after);
      const diff = spawnSync('git', ['diff', '--no-index', '--no-color', 'a', 'b'], {
        cwd: dir,
        encoding: 'utf8',
      }).stdout.trimEnd();
      expect(unifiedPatch(before, after)).toBe(diff.slice(diff.indexOf('@@')));
    }
  });
});

describe('the git remote it follows', () => {
  it('answers for the branches pushed there, and leaves refs moved through the API alone', async () => {
    const { fake, octokit } = await start({ branches: { 'api-made': HEAD } });
    const local = await localRepo();
    const remote = path.join(await tempRepo(), 'remote.git');
    git(local.dir, 'clone', '-q', '--bare', local.dir, remote);
    fake.followGitRemote(remote);
    git(local.dir, 'push', '-q', remote, 'HEAD:refs/heads/gemini/issue-1-x');

    const { data: matching } = await octokit.rest.git.listMatchingRefs({
      owner,
      repo,
      ref: 'heads/gemini/issue-1-',
    });
    expect(matching.map((ref) => [ref.ref, ref.object.sha])).toEqual([
      ['refs/heads/gemini/issue-1-x', local.sha],
    ]);
    expect(fake.refs['refs/heads/api-made']).toBe(HEAD);

    // A later push moves the branch; the next request sees it.
    await writeFile(path.join(local.dir, 'later.txt'), 'later\n');
    git(local.dir, 'add', '-A');
    git(local.dir, 'commit', '-qm', 'later');
    git(local.dir, 'push', '-q', remote, 'HEAD:refs/heads/gemini/issue-1-x');
    const { data: ref } = await octokit.rest.git.getRef({
      owner,
      repo,
      ref: 'heads/gemini/issue-1-x',
    });
    expect(ref.object.sha).toBe(git(local.dir, 'rev-parse', 'HEAD'));
    expectClean(fake);
  });
});

/** An asymmetric matcher for text containing `part` (typed, unlike `expect.stringContaining`). */
function containing(part: string): unknown {
  return expect.stringContaining(part);
}
