import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../src/platform/logger.js';
import { createRedactor } from '../../src/platform/redaction.js';
import { continueExistingBranch } from '../../src/publish/existing-branch.js';
import type { PublishInput } from '../../src/publish/publish-changes.js';
import { publishChanges } from '../../src/publish/publish-changes.js';
import { PULL_REQUEST_MARKER } from '../../src/publish/pull-request-body.js';
import { buildTree } from '../../src/publish/commit.js';
import { readWorkspaceChanges } from '../../src/publish/workspace-changes.js';
import { blobId } from '../../src/publish/worktree-reader.js';
import { githubApi } from '../support/github-api.js';
import { filesContaining, git, pushToRemote, repoWithRemote, writeFiles } from './git-fixtures.js';
import { testOctokit } from './octokit.js';

const TOKEN = 'ghs_publishToken000000000000000000000000';
const PLANTED = `ghp_${'Qw3Er5Ty7U'.repeat(3)}iopasd`;
const PULLS = '/repos/octo/shop/pulls';
const BRANCH = 'gemini/issue-5-fix-the-login-bug';
const ISSUE = { kind: 'issue' as const, number: 5, title: 'Fix the login bug' };

function requestsOf(octokit: ReturnType<typeof testOctokit>): string[] {
  const requests: string[] = [];
  octokit.hook.before('request', (options) => {
    requests.push(`${options.method} ${options.url}`);
  });
  return requests;
}

function input(root: string, remote: string, overrides: Partial<PublishInput> = {}): PublishInput {
  const { redact } = createRedactor({ secrets: [TOKEN] });
  return {
    workspaceRoot: root,
    repo: { owner: 'octo', repo: 'shop' },
    target: ISSUE,
    defaultBranch: 'main',
    options: {
      branchPrefix: 'gemini/',
      pushToPrBranch: true,
      allowWorkflowEdits: false,
      signedCommits: false,
      createPr: 'draft',
    },
    actor: { login: 'octocat', id: 583231 },
    summary: 'Fixed the login check.\n\nDetails follow.',
    knownSecrets: [TOKEN],
    redact,
    logger: memoryLogger(),
    octokit: testOctokit(),
    token: TOKEN,
    remoteUrl: remote,
    serverUrl: 'https://github.com',
    runUrl: 'https://github.com/octo/shop/actions/runs/9',
    ...overrides,
  };
}

/** The interceptors for opening a pull request; records the request body. */
function expectNewPullRequest(number = 12) {
  const created: Record<string, unknown>[] = [];
  const api = githubApi()
    .get(PULLS)
    .query(true)
    .reply(200, [])
    .post(PULLS)
    .reply(201, (_uri, body) => {
      created.push(body as Record<string, unknown>);
      return { number, html_url: `https://github.com/octo/shop/pull/${number}`, draft: true };
    });
  return { api, created };
}

describe('publishChanges', () => {
  afterEach(() => {
    nock.cleanAll();
  });

  it('commits the accepted change to a bot branch and opens a draft pull request', async () => {
    const { root, remote, base } = await repoWithRemote({
      'src/login.ts': 'check(a)\n',
      'old.txt': 'old\n',
      '.github/workflows/ci.yml': 'on: push\n',
    });
    await writeFiles(root, {
      'src/login.ts': 'check(a, b)\n',
      'src/new.test.ts': 'test()\n',
      'config.js': `token = '${PLANTED}'\n`,
      '.github/workflows/ci.yml': 'on: pull_request_target\n',
      'leak.txt': `the job token is ${TOKEN}\n`,
    });
    git(root, 'mv', 'old.txt', 'renamed.txt');
    const pr = expectNewPullRequest();

    const result = await publishChanges(input(root, remote));

    expect(result).toMatchObject({
      status: 'pushed',
      branch: BRANCH,
      baseBranch: 'main',
      pullRequest: { number: 12, created: true, draft: true },
    });
    expect(result.files.map((file) => `${file.status} ${file.path}`)).toEqual([
      'renamed renamed.txt',
      'modified src/login.ts',
      'added src/new.test.ts',
    ]);
    expect(result.refusals.map((refusal) => `${refusal.kind} ${refusal.path}`)).toEqual([
      'workflow .github/workflows/ci.yml',
      'secret config.js',
      'secret leak.txt',
    ]);
    // What GitHub received: exactly the accepted files, by the bot, crediting the user.
    expect(git(remote, 'rev-parse', BRANCH)).toBe(result.commitSha);
    expect(git(remote, 'rev-parse', `${BRANCH}^`)).toBe(base);
    expect(git(remote, 'diff', '--name-status', '-M', base, BRANCH).split('\n')).toEqual([
      'R100\told.txt\trenamed.txt',
      'M\tsrc/login.ts',
      'A\tsrc/new.test.ts',
    ]);
    expect(git(remote, 'log', '-1', '--format=%an%n%B', BRANCH)).toBe(
      'github-actions[bot]\nFix the login bug\n\nFixed the login check.\n\nRequested in #5.\n\nCo-authored-by: octocat <583231+octocat@users.noreply.github.com>',
    );
    expect(pr.created).toEqual([
      expect.objectContaining({
        head: BRANCH,
        base: 'main',
        title: 'Fix the login bug',
        draft: true,
      }),
    ]);
    const body = String(pr.created[0]?.body);
    expect(body).toContain('Closes #5');
    expect(body).toContain(PULL_REQUEST_MARKER);
    expect(body).toContain('`config.js`');
    // The token is nowhere: not in the remote, the workspace's git directory or the PR.
    expect(await filesContaining(remote, TOKEN)).toEqual([]);
    expect(await filesContaining(path.join(root, '.git'), TOKEN)).toEqual([]);
    expect(JSON.stringify([result, pr.created])).not.toContain(TOKEN);
    expect(JSON.stringify([result, pr.created])).not.toContain(PLANTED);
    // The workspace still holds the change, uncommitted, on its own branch.
    expect(git(root, 'rev-parse', 'HEAD')).toBe(base);
    expect(await readFile(path.join(root, 'leak.txt'), 'utf8')).toContain(TOKEN);
  });

  it('continues on the same branch and updates the same pull request on a re-run', async () => {
    const { root, remote } = await repoWithRemote({ 'a.txt': 'a\n' });
    await writeFiles(root, { 'a.txt': 'first run\n' });
    expectNewPullRequest();
    const first = await publishChanges(input(root, remote));
    expect(first.status).toBe('pushed');

    // The next run starts from a fresh checkout of main, like a new workflow run.
    const dir = path.dirname(root);
    git(dir, 'clone', '-q', `file://${remote}`, 'rerun');
    const rerun = path.join(dir, 'rerun');
    // What GitHub names as the task's branch now (findEarlierBranch's answer).
    const continued = await continueExistingBranch({
      redact: (text) => text,
      workspaceRoot: rerun,
      earlier: Promise.resolve({ branch: BRANCH, sha: git(remote, 'rev-parse', BRANCH) }),
      remoteUrl: remote,
      serverUrl: 'https://github.com',
      token: TOKEN,
    });
    expect(continued).toMatchObject({ branch: BRANCH, baseSha: first.commitSha, continued: true });
    expect(await readFile(path.join(rerun, 'a.txt'), 'utf8')).toBe('first run\n');
    await writeFiles(rerun, { 'b.txt': 'second run\n' });
    const updates: unknown[] = [];
    const api = githubApi()
      .get(PULLS)
      .query({ head: `octo:${BRANCH}`, state: 'open', per_page: '10' })
      .reply(200, [
        {
          number: 12,
          html_url: 'https://github.com/octo/shop/pull/12',
          draft: true,
          body: `x\n${PULL_REQUEST_MARKER}`,
        },
      ])
      .patch(`${PULLS}/12`)
      .reply(200, (_uri, body) => {
        updates.push(body);
        return {};
      });

    const second = await publishChanges(
      input(rerun, remote, {
        target: { ...ISSUE, title: 'Fix the login bug (edited title)' },
        branch: continued.branch,
        baseSha: continued.baseSha,
      }),
    );

    expect(second).toMatchObject({
      status: 'pushed',
      branch: BRANCH,
      pullRequest: { number: 12, created: false },
    });
    expect(second.files.map((file) => file.path)).toEqual(['b.txt']);
    expect(git(remote, 'rev-parse', `${BRANCH}^`)).toBe(first.commitSha);
    expect(updates).toHaveLength(1);
    expect(api.isDone()).toBe(true);
  });

  it('a re-run with no new change reports the earlier branch and its pull request, pushing nothing', async () => {
    const { root, remote } = await repoWithRemote({ 'a.txt': 'a\n' });
    await writeFiles(root, { 'a.txt': 'first run\n' });
    expectNewPullRequest();
    const first = await publishChanges(input(root, remote));
    const dir = path.dirname(root);
    git(dir, 'clone', '-q', `file://${remote}`, 'rerun');
    const rerun = path.join(dir, 'rerun');
    const continued = await continueExistingBranch({
      redact: (text) => text,
      workspaceRoot: rerun,
      earlier: Promise.resolve({ branch: BRANCH, sha: git(remote, 'rev-parse', BRANCH) }),
      remoteUrl: remote,
      serverUrl: 'https://github.com',
      token: TOKEN,
    });
    // The re-run's agent makes the same change: the branch holds it already.
    await writeFiles(rerun, { 'a.txt': 'first run\n' });
    const api = githubApi()
      .get(PULLS)
      .query({ head: `octo:${BRANCH}`, state: 'open', per_page: '10' })
      .reply(200, [
        {
          number: 12,
          html_url: 'https://github.com/octo/shop/pull/12',
          draft: true,
          body: `x\n${PULL_REQUEST_MARKER}`,
        },
      ])
      .patch(`${PULLS}/12`)
      .reply(200, {});

    const second = await publishChanges(
      input(rerun, remote, { branch: continued.branch, baseSha: continued.baseSha }),
    );

    expect(second).toMatchObject({
      status: 'no_changes',
      branch: BRANCH,
      baseBranch: 'main',
      pullRequest: { number: 12, created: false },
    });
    expect(second.commitSha).toBeUndefined();
    expect(git(remote, 'rev-parse', BRANCH)).toBe(first.commitSha);
    expect(api.isDone()).toBe(true);
  });

  it('gives a fork pull request a patch, pushing nothing and writing nothing to GitHub', async () => {
    const { root, remote } = await repoWithRemote({ 'a.txt': 'a\n' });
    await writeFiles(root, { 'a.txt': 'patched\n' });
    const octokit = testOctokit();
    const requests = requestsOf(octokit);
    const refsBefore = git(remote, 'for-each-ref');

    const result = await publishChanges(
      input(root, remote, {
        octokit,
        target: {
          kind: 'pull_request',
          number: 8,
          title: 'x',
          headRef: 'main',
          headSha: git(root, 'rev-parse', 'HEAD'),
          baseRef: 'main',
          isFork: true,
        },
      }),
    );

    expect(result.status).toBe('patch_only');
    expect(result.error).toMatch(/comes from a fork/);
    expect(result.patch).toContain('-a\n+patched');
    expect(result.branch).toBeUndefined();
    expect(git(remote, 'for-each-ref')).toBe(refsBefore);
    expect(requests).toEqual([]);
  });

  it('pushes to a same-repository pull request’s own branch, opening no new pull request', async () => {
    const { root, remote } = await repoWithRemote({ 'a.txt': 'a\n' });
    const head = await pushToRemote(remote, 'feature', { 'f.txt': 'f\n' });
    git(root, 'fetch', '-q', 'origin', 'feature');
    git(root, 'checkout', '-q', head);
    await writeFiles(root, { 'f.txt': 'reviewed\n' });
    const octokit = testOctokit();
    const requests = requestsOf(octokit);

    const result = await publishChanges(
      input(root, remote, {
        octokit,
        target: {
          kind: 'pull_request',
          number: 8,
          title: 'Feature',
          headRef: 'feature',
          headSha: head,
          baseRef: 'main',
          isFork: false,
        },
      }),
    );

    expect(result).toMatchObject({
      status: 'pushed',
      branch: 'feature',
      pullRequest: { number: 8, url: 'https://github.com/octo/shop/pull/8', created: false },
    });
    expect(git(remote, 'rev-parse', 'feature^')).toBe(head);
    expect(git(remote, 'log', '-1', '--format=%s', 'feature')).toBe('Changes requested in #8');
    expect(requests).toEqual([]);
  });

  it('never pushes a pull request branch that is the default branch', async () => {
    const { root, remote, base } = await repoWithRemote({ 'a.txt': 'a\n' });
    await writeFiles(root, { 'a.txt': 'b\n' });

    const result = await publishChanges(
      input(root, remote, {
        target: {
          kind: 'pull_request',
          number: 8,
          title: 'x',
          headRef: 'main',
          headSha: base,
          baseRef: 'release',
          isFork: false,
        },
      }),
    );

    expect(result.status).toBe('failed');
    expect(result.error).toBe(
      'Not pushed: the changes are never pushed to the default branch (main).',
    );
    expect(result.patch).toContain('+b');
    expect(git(remote, 'rev-parse', 'main')).toBe(base);
  });

  it('reports a branch that moved while the run worked, with the patch', async () => {
    const { root, remote, base } = await repoWithRemote({ 'a.txt': 'a\n' });
    const earlier = await pushToRemote(remote, BRANCH, { 'earlier.txt': 'run 1\n' });
    git(root, 'fetch', '-q', 'origin', BRANCH);
    git(root, 'checkout', '-q', earlier);
    // Someone pushes to the branch the run continues, while it works.
    const now = await pushToRemote(
      remote,
      BRANCH,
      { 'someone.txt': 'else\n' },
      { from: `origin/${BRANCH}` },
    );
    await writeFiles(root, { 'a.txt': 'mine\n' });

    const result = await publishChanges(input(root, remote, { branch: BRANCH, baseSha: earlier }));

    expect(result.status).toBe('failed');
    expect(result.branch).toBe(BRANCH);
    expect(result.error).toBe(
      `The changes were not pushed: the branch ${BRANCH} moved while the run worked — it was at ${earlier.slice(0, 7)} when the run started from it, and it is at ${now.slice(0, 7)} now (1 new commit). The run's workspace was at ${earlier.slice(0, 7)}. Re-run the task to build on the branch as it is now.`,
    );
    expect(base).not.toBe(earlier);
    expect(result.patch).toContain('+mine');
    expect(result.pullRequest).toBeUndefined();
  });

  it('pushes without a pull request with create_pr: never, reading the default branch when unknown', async () => {
    const { root, remote } = await repoWithRemote({ 'a.txt': 'a\n' });
    await writeFiles(root, { 'a.txt': 'b\n' });
    const octokit = testOctokit();
    const requests = requestsOf(octokit);
    githubApi().get('/repos/octo/shop').reply(200, { default_branch: 'main' });

    const result = await publishChanges(
      input(root, remote, {
        octokit,
        defaultBranch: undefined,
        options: { ...input(root, remote).options, createPr: 'never' },
      }),
    );

    expect(result).toMatchObject({ status: 'pushed', branch: BRANCH, baseBranch: 'main' });
    expect(result.pullRequest).toBeUndefined();
    expect(requests).toEqual(['GET /repos/{owner}/{repo}']);
  });

  it('commits through the API instead of pushing with signed_commits', async () => {
    const { root, remote, base } = await repoWithRemote({ 'a.txt': 'a\n' });
    await writeFiles(root, { 'a.txt': 'signed\n' });
    const changes = await readWorkspaceChanges(root);
    const tree = await buildTree({ changes, accepted: changes.entries });
    const commit = 'c0ffee0000000000000000000000000000000002';
    const api = githubApi()
      .get(`/repos/octo/shop/git/commits/${base}`)
      .reply(200, { sha: base, tree: { sha: 'basetree' } })
      .post('/repos/octo/shop/git/blobs', { content: 'signed\n', encoding: 'utf-8' })
      .reply(201, { sha: blobId(Buffer.from('signed\n'), 'sha1') })
      .post('/repos/octo/shop/git/trees')
      .reply(201, { sha: tree })
      .post('/repos/octo/shop/git/commits')
      .reply(201, { sha: commit })
      .get(/\/git\/ref\//)
      .reply(404, { message: 'Not Found' })
      .post('/repos/octo/shop/git/refs', { ref: `refs/heads/${BRANCH}`, sha: commit })
      .reply(201, {});
    const pr = expectNewPullRequest();

    const result = await publishChanges(
      input(root, remote, { options: { ...input(root, remote).options, signedCommits: true } }),
    );

    expect(result).toMatchObject({ status: 'pushed', branch: BRANCH, commitSha: commit });
    expect(api.isDone()).toBe(true);
    expect(pr.created).toHaveLength(1);
    expect(git(remote, 'for-each-ref', '--format=%(refname)')).toBe('refs/heads/main');
  });

  it('reports no change, or only refusals, without pushing', async () => {
    const { root, remote } = await repoWithRemote({ 'a.txt': 'a\n' });
    const octokit = testOctokit();
    const requests = requestsOf(octokit);
    expect(await publishChanges(input(root, remote, { octokit }))).toEqual({
      status: 'no_changes',
      refusals: [],
      files: [],
    });

    await writeFiles(root, { '.github/workflows/x.yml': 'on: push\n' });
    const logger = memoryLogger();
    const refused = await publishChanges(input(root, remote, { octokit, logger }));
    expect(refused.status).toBe('all_refused');
    expect(refused.refusals.map((refusal) => refusal.path)).toEqual(['.github/workflows/x.yml']);
    expect(logger.lines).toEqual([
      {
        level: 'warning',
        message:
          'Not published: .github/workflows/x.yml changes a workflow under .github/workflows/, which needs allow_workflow_edits: true.',
      },
    ]);
    expect(git(remote, 'for-each-ref', '--format=%(refname)')).toBe('refs/heads/main');
    expect(requests).toEqual([]);
  });

  it('reports a workspace that is not a repository', async () => {
    const { root, remote } = await repoWithRemote();
    await writeFile(path.join(root, '.git', 'HEAD'), 'garbage');
    const result = await publishChanges(input(root, remote));
    expect(result.status).toBe('failed');
    expect(result.error).toMatch(/^The workspace's changes could not be read/);
  });
});
