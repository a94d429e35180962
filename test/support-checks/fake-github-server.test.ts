// The fake GitHub server the end-to-end tests run the Action against, driven by a real Octokit:
// if it answered differently from GitHub, those tests would prove nothing.
import type { RestEndpointMethodTypes } from '@octokit/rest';
import { Octokit } from '@octokit/rest';
import { describe, expect, it } from 'vitest';
import { createOctokit } from '../../src/github/octokit.js';
import { silentLogger } from '../../src/platform/logger.js';
import type { FakeGitHub, FakeGitHubOptions } from '../support/fake-github-server.js';
import { FAKE_GITHUB_TOKEN, useFakeGitHub } from '../support/fake-github-server.js';
import { WORKFLOW_RUN_EXAMPLE } from '../support/workflow-run-example.js';

const owner = 'octo-org';
const repo = 'hello-world';
const HEAD = 'a'.repeat(40);
const BASE = 'b'.repeat(40);
const FORK_HEAD = 'c'.repeat(40);
/** Old lines 1–3, new lines 1–4: line 2 replaced by two lines. */
const PATCH = '@@ -1,3 +1,4 @@\n line one\n-line two\n+line 2\n+line 2.5\n line three';

/** A clock one second further on each call, from a fixed start. */
function steppingClock(start = '2025-03-01T12:00:00Z'): () => Date {
  let time = Date.parse(start);
  return () => new Date((time += 1000));
}

function seed(overrides: Partial<FakeGitHubOptions> = {}): FakeGitHubOptions {
  return {
    repo: { owner, name: repo, defaultBranch: 'main', defaultBranchSha: BASE },
    permissions: { maria: 'maintain', tom: 'write', tess: 'triage', rob: 'read', nina: 'none' },
    clock: steppingClock(),
    issues: [
      {
        number: 1,
        title: 'Crash on start',
        body: 'It crashes.',
        user: 'rob',
        labels: ['bug'],
        createdAt: '2025-02-01T00:00:00Z',
        comments: [
          { id: 500, user: 'tom', body: '/gemini why?', createdAt: '2025-02-02T00:00:00Z' },
        ],
      },
    ],
    pulls: [
      {
        number: 7,
        title: 'Rename line two',
        body: 'Small change.',
        user: 'tom',
        head: { ref: 'feature', sha: HEAD },
        base: { ref: 'main', sha: BASE },
        files: [
          { filename: 'src/a.txt', patch: PATCH },
          { filename: 'docs/new.md', status: 'added', patch: '@@ -0,0 +1 @@\n+# New' },
        ],
        reviewComments: [{ id: 900, user: 'tom', body: 'Why 2.5?', path: 'src/a.txt', line: 3 }],
      },
      {
        number: 8,
        title: 'From a fork',
        user: 'stranger',
        head: { ref: 'patch-1', sha: FORK_HEAD, repo: { owner: 'stranger', name: repo } },
        base: { ref: 'main', sha: BASE },
        diff: 'diff --git a/x b/x\n',
      },
    ],
    labels: ['bug', { name: 'triage', color: 'fbca04', description: 'Needs a look' }],
    files: {
      main: { '.gemini/settings.json': '{"model":"base"}', '.gemini/policy.toml': '# base' },
      [HEAD]: { '.gemini/settings.json': '{"model":"head"}' },
    },
    ...overrides,
  };
}

/** An asymmetric matcher for text containing `part` (typed, unlike `expect.stringContaining`). */
function containing(part: string): unknown {
  return expect.stringContaining(part);
}

/** Octokit logs every failed request; these tests fail requests on purpose. */
const quiet = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

function client(baseUrl: string, auth?: string): Octokit {
  return new Octokit({ baseUrl, log: quiet, ...(auth !== undefined ? { auth } : {}) });
}

async function start(overrides: Partial<FakeGitHubOptions> = {}) {
  const fake = await useFakeGitHub(seed(overrides));
  return { fake, octokit: client(fake.url, FAKE_GITHUB_TOKEN) };
}

/** Nothing was sent that GitHub's description forbids, and nothing the fake does not know. */
function expectClean(fake: FakeGitHub): void {
  expect(fake.violations).toEqual([]);
  expect(fake.unexpected).toEqual([]);
}

describe('collaborator permission', () => {
  it('answers each level with its base permission and role, and 404 for none', async () => {
    const { fake, octokit } = await start();
    const levels: [string, string, string][] = [
      ['octo-org', 'admin', 'admin'],
      ['maria', 'write', 'maintain'],
      ['tom', 'write', 'write'],
      ['tess', 'read', 'triage'],
      ['rob', 'read', 'read'],
    ];
    for (const [username, permission, role] of levels) {
      const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({
        owner,
        repo,
        username,
      });
      expect(data).toMatchObject({ permission, role_name: role, user: { login: username } });
    }
    for (const username of ['nina', 'nobody']) {
      await expect(
        octokit.rest.repos.getCollaboratorPermissionLevel({ owner, repo, username }),
      ).rejects.toMatchObject({ status: 404 });
    }
    expectClean(fake);
  });
});

describe('issue comments', () => {
  it('creates comments as the bot with increasing ids and keeps every edit', async () => {
    const { fake, octokit } = await start();
    const first = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: 1,
      body: 'Working on it…',
    });
    const second = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: 1,
      body: 'Another',
    });
    expect(first.status).toBe(201);
    expect(second.data.id).toBeGreaterThan(first.data.id);
    expect(first.data.id).toBeGreaterThan(500);
    expect(first.data).toMatchObject({
      user: { login: 'github-actions[bot]', type: 'Bot' },
      html_url: `https://github.com/${owner}/${repo}/issues/1#issuecomment-${first.data.id}`,
      created_at: '2025-03-01T12:00:02Z',
      updated_at: '2025-03-01T12:00:02Z',
    });

    const edited = await octokit.rest.issues.updateComment({
      owner,
      repo,
      comment_id: first.data.id,
      body: 'Done.',
    });
    expect(edited.data).toMatchObject({ body: 'Done.', created_at: '2025-03-01T12:00:02Z' });
    expect(edited.data.updated_at).toBe('2025-03-01T12:00:04Z');

    const listed = await octokit.rest.issues.listComments({ owner, repo, issue_number: 1 });
    expect(listed.data.map((comment) => [comment.id, comment.body])).toEqual([
      [500, '/gemini why?'],
      [first.data.id, 'Done.'],
      [second.data.id, 'Another'],
    ]);
    expect(fake.comments(1).map((comment) => comment.bodies)).toEqual([
      ['/gemini why?'],
      ['Working on it…', 'Done.'],
      ['Another'],
    ]);
    expect(fake.comments(1)[0]?.seeded).toBe(true);
    expectClean(fake);
  });

  it('links comments on a pull request to the pull request page', async () => {
    const { octokit } = await start();
    const { data } = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: 7,
      body: 'On the PR',
    });
    expect(data.html_url).toBe(
      `https://github.com/${owner}/${repo}/pull/7#issuecomment-${data.id}`,
    );
  });

  it('refuses bodies over 65,536 characters and edits of comments that do not exist', async () => {
    const { fake, octokit } = await start();
    await expect(
      octokit.rest.issues.createComment({ owner, repo, issue_number: 1, body: 'x'.repeat(65_537) }),
    ).rejects.toMatchObject({ status: 422, message: containing('body is too long') });
    // Characters, not UTF-16 units: 65,536 emoji fit.
    await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: 1,
      body: '🙂'.repeat(65_536),
    });
    await expect(
      octokit.rest.issues.updateComment({ owner, repo, comment_id: 424242, body: 'x' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      octokit.rest.issues.createComment({ owner, repo, issue_number: 99, body: 'x' }),
    ).rejects.toMatchObject({ status: 404 });
    expect(fake.comments(1)).toHaveLength(2);
  });

  it('lists comments page by page with Link headers', async () => {
    const { octokit } = await start();
    for (let i = 0; i < 4; i++) {
      await octokit.rest.issues.createComment({ owner, repo, issue_number: 1, body: `c${i}` });
    }
    const page = await octokit.rest.issues.listComments({
      owner,
      repo,
      issue_number: 1,
      per_page: 2,
    });
    expect(page.data).toHaveLength(2);
    expect(page.headers.link).toContain('rel="next"');
    const all = await octokit.paginate(octokit.rest.issues.listComments, {
      owner,
      repo,
      issue_number: 1,
      per_page: 2,
    });
    expect(all.map((comment) => comment.body)).toEqual(['/gemini why?', 'c0', 'c1', 'c2', 'c3']);
  });

  it('reads an issue, and a pull request as an issue', async () => {
    const { octokit } = await start();
    const issue = await octokit.rest.issues.get({ owner, repo, issue_number: 1 });
    expect(issue.data).toMatchObject({
      number: 1,
      title: 'Crash on start',
      user: { login: 'rob' },
      labels: [{ name: 'bug' }],
      comments: 1,
    });
    expect(issue.data.pull_request).toBeUndefined();
    const pr = await octokit.rest.issues.get({ owner, repo, issue_number: 7 });
    expect(pr.data.pull_request?.url).toMatch(/\/pulls\/7$/);
  });
});

describe('reactions', () => {
  it('records reactions on issue comments, review comments and issues', async () => {
    const { fake, octokit } = await start();
    const created = await octokit.rest.reactions.createForIssueComment({
      owner,
      repo,
      comment_id: 500,
      content: 'eyes',
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({ content: 'eyes', user: { login: 'github-actions[bot]' } });
    const again = await octokit.rest.reactions.createForIssueComment({
      owner,
      repo,
      comment_id: 500,
      content: 'eyes',
    });
    expect(again.status).toBe(200);
    expect(again.data.id).toBe(created.data.id);
    await octokit.rest.reactions.createForPullRequestReviewComment({
      owner,
      repo,
      comment_id: 900,
      content: 'rocket',
    });
    await octokit.rest.reactions.createForIssue({ owner, repo, issue_number: 1, content: '+1' });
    expect(fake.reactions).toEqual([
      {
        subject: { kind: 'issue_comment', commentId: 500 },
        content: 'eyes',
        user: 'github-actions[bot]',
      },
      {
        subject: { kind: 'review_comment', commentId: 900 },
        content: 'rocket',
        user: 'github-actions[bot]',
      },
      { subject: { kind: 'issue', issueNumber: 1 }, content: '+1', user: 'github-actions[bot]' },
    ]);
    const comment = await octokit.rest.issues.getComment({ owner, repo, comment_id: 500 });
    expect(comment.data.reactions).toMatchObject({ total_count: 1, eyes: 1 });
    // A review comment id is not an issue comment id.
    await expect(
      octokit.rest.reactions.createForIssueComment({
        owner,
        repo,
        comment_id: 900,
        content: 'eyes',
      }),
    ).rejects.toMatchObject({ status: 404 });
    expectClean(fake);
  });
});

describe('pull requests', () => {
  it('answers JSON by default and the diff for the diff media type', async () => {
    const { fake, octokit } = await start();
    const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: 7 });
    expect(data).toMatchObject({
      number: 7,
      head: { ref: 'feature', sha: HEAD, repo: { full_name: `${owner}/${repo}`, fork: false } },
      base: { ref: 'main', sha: BASE },
      user: { login: 'tom' },
      changed_files: 2,
      additions: 3,
      deletions: 1,
    });
    const diff = await octokit.rest.pulls.get({
      owner,
      repo,
      pull_number: 7,
      mediaType: { format: 'diff' },
    });
    expect(diff.data as unknown).toBe(
      [
        'diff --git a/src/a.txt b/src/a.txt',
        '--- a/src/a.txt',
        '+++ b/src/a.txt',
        PATCH,
        'diff --git a/docs/new.md b/docs/new.md',
        'new file mode 100644',
        '--- /dev/null',
        '+++ b/docs/new.md',
        '@@ -0,0 +1 @@',
        '+# New',
        '',
      ].join('\n'),
    );
    const seededDiff = await octokit.rest.pulls.get({
      owner,
      repo,
      pull_number: 8,
      mediaType: { format: 'diff' },
    });
    expect(seededDiff.data as unknown).toBe('diff --git a/x b/x\n');
    expect(fake.requests.at(-1)?.headers.accept).toContain('diff');
    expectClean(fake);
  });

  it('shows a fork head as the fork', async () => {
    const { octokit } = await start();
    const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: 8 });
    expect(data.head).toMatchObject({
      label: 'stranger:patch-1',
      sha: FORK_HEAD,
      repo: { full_name: `stranger/${repo}`, fork: true },
    });
    await expect(octokit.rest.pulls.get({ owner, repo, pull_number: 1 })).rejects.toMatchObject({
      status: 404,
    });
  });

  it('lists the changed files with their patches', async () => {
    const { octokit } = await start();
    const files = await octokit.paginate(octokit.rest.pulls.listFiles, {
      owner,
      repo,
      pull_number: 7,
      per_page: 1,
    });
    expect(
      files.map((file) => [file.filename, file.status, file.additions, file.deletions]),
    ).toEqual([
      ['src/a.txt', 'modified', 2, 1],
      ['docs/new.md', 'added', 1, 0],
    ]);
    expect(files[0]?.patch).toBe(PATCH);
  });

  it('opens pull requests and refuses a second one for the same branch', async () => {
    const { fake, octokit } = await start();
    const { data } = await octokit.rest.pulls.create({
      owner,
      repo,
      title: 'Fix #1',
      head: 'gemini/issue-1',
      base: 'main',
      body: 'Closes #1',
    });
    expect(data).toMatchObject({
      number: 9,
      state: 'open',
      user: { login: 'github-actions[bot]' },
    });
    expect(fake.createdPulls).toEqual([
      {
        number: 9,
        title: 'Fix #1',
        body: 'Closes #1',
        head: 'gemini/issue-1',
        base: 'main',
        draft: false,
      },
    ]);
    await expect(
      octokit.rest.pulls.create({
        owner,
        repo,
        title: 'Again',
        head: 'gemini/issue-1',
        base: 'main',
      }),
    ).rejects.toMatchObject({ status: 422, message: containing('already exists') });
    await expect(
      octokit.rest.pulls.create({ owner, repo, title: 'No base', head: 'x', base: 'nope' }),
    ).rejects.toMatchObject({ status: 422 });
    const open = await octokit.rest.pulls.list({ owner, repo, head: `${owner}:gemini/issue-1` });
    expect(open.data.map((pull) => pull.number)).toEqual([9]);
    expectClean(fake);
  });
});

describe('review comments and reviews', () => {
  it('replies in a thread and keeps the edit history of review comments', async () => {
    const { fake, octokit } = await start();
    const reply = await octokit.rest.pulls.createReplyForReviewComment({
      owner,
      repo,
      pull_number: 7,
      comment_id: 900,
      body: 'Looking…',
    });
    expect(reply.data).toMatchObject({
      in_reply_to_id: 900,
      path: 'src/a.txt',
      line: 3,
      html_url: `https://github.com/${owner}/${repo}/pull/7#discussion_r${reply.data.id}`,
    });
    // A reply to the reply still belongs to the thread of the first comment.
    const nested = await octokit.rest.pulls.createReplyForReviewComment({
      owner,
      repo,
      pull_number: 7,
      comment_id: reply.data.id,
      body: 'More',
    });
    expect(nested.data.in_reply_to_id).toBe(900);
    await octokit.rest.pulls.updateReviewComment({
      owner,
      repo,
      comment_id: reply.data.id,
      body: 'It is the new step.',
    });
    const thread = await octokit.rest.pulls.listReviewComments({ owner, repo, pull_number: 7 });
    expect(thread.data.map((comment) => comment.body)).toEqual([
      'Why 2.5?',
      'It is the new step.',
      'More',
    ]);
    expect(thread.data[0]?.diff_hunk).toBe(
      '@@ -1,3 +1,4 @@\n line one\n-line two\n+line 2\n+line 2.5',
    );
    expect(fake.reviewComments(7).map((comment) => comment.bodies)).toEqual([
      ['Why 2.5?'],
      ['Looking…', 'It is the new step.'],
      ['More'],
    ]);
    await expect(
      octokit.rest.pulls.createReplyForReviewComment({
        owner,
        repo,
        pull_number: 8,
        comment_id: 900,
        body: 'Wrong PR',
      }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('accepts inline comments on diff lines and refuses the others as GitHub does', async () => {
    const { fake, octokit } = await start();
    const { data } = await octokit.rest.pulls.createReview({
      owner,
      repo,
      pull_number: 7,
      commit_id: HEAD,
      event: 'COMMENT',
      body: 'Two notes.',
      comments: [
        { path: 'src/a.txt', line: 3, side: 'RIGHT', body: 'New line.' },
        { path: 'src/a.txt', line: 2, side: 'LEFT', body: 'Removed line.' },
      ],
    });
    expect(data).toMatchObject({ state: 'COMMENTED', commit_id: HEAD, body: 'Two notes.' });
    expect(fake.reviews).toEqual([
      expect.objectContaining({ pullNumber: 7, event: 'COMMENT', state: 'COMMENTED' }),
    ]);
    expect(
      fake
        .reviewComments(7)
        .slice(1)
        .map((c) => [c.line, c.side, c.reviewId]),
    ).toEqual([
      [3, 'RIGHT', data.id],
      [2, 'LEFT', data.id],
    ]);

    const refusals: [Record<string, unknown>, string][] = [
      [{ path: 'src/a.txt', line: 10, side: 'RIGHT', body: 'x' }, 'Line could not be resolved'],
      [{ path: 'src/b.txt', line: 1, body: 'x' }, 'Path could not be resolved'],
      [{ path: 'src/a.txt', line: 4, side: 'LEFT', body: 'x' }, 'Line could not be resolved'],
    ];
    for (const [comment, reason] of refusals) {
      await expect(
        octokit.rest.pulls.createReview({
          owner,
          repo,
          pull_number: 7,
          event: 'COMMENT',
          comments: [comment as { path: string; body: string }],
        }),
        reason,
      ).rejects.toMatchObject({ status: 422, message: containing(reason) });
    }
    await expect(
      octokit.rest.pulls.createReview({ owner, repo, pull_number: 7, event: 'REQUEST_CHANGES' }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      octokit.rest.pulls.createReview({
        owner,
        repo,
        pull_number: 7,
        commit_id: 'd'.repeat(40),
        event: 'COMMENT',
        body: 'Stale',
      }),
    ).rejects.toMatchObject({ status: 422, message: containing('No commit found') });
    expect(fake.reviews).toHaveLength(1);
    expectClean(fake);
  });
});

describe('contents', () => {
  it('serves files per ref, base64 like GitHub, with directories and 404s', async () => {
    const { fake, octokit } = await start();
    const decode = (data: unknown) => {
      const file = data as { content: string; encoding: string };
      expect(file.encoding).toBe('base64');
      return Buffer.from(file.content, 'base64').toString('utf8');
    };
    const path = '.gemini/settings.json';
    const base = await octokit.rest.repos.getContent({ owner, repo, path, ref: 'main' });
    expect(decode(base.data)).toBe('{"model":"base"}');
    const head = await octokit.rest.repos.getContent({ owner, repo, path, ref: HEAD });
    expect(decode(head.data)).toBe('{"model":"head"}');
    // Without a ref: the default branch. By SHA: whichever branch is at it.
    expect(decode((await octokit.rest.repos.getContent({ owner, repo, path })).data)).toBe(
      '{"model":"base"}',
    );
    expect(
      decode((await octokit.rest.repos.getContent({ owner, repo, path, ref: BASE })).data),
    ).toBe('{"model":"base"}');
    const raw = await octokit.rest.repos.getContent({
      owner,
      repo,
      path,
      ref: 'feature',
      mediaType: { format: 'raw' },
    });
    expect(raw.data as unknown).toBe('{"model":"head"}');

    const listing = await octokit.rest.repos.getContent({
      owner,
      repo,
      path: '.gemini',
      ref: 'main',
    });
    expect((listing.data as { path: string; type: string }[]).map((e) => [e.path, e.type])).toEqual(
      [
        ['.gemini/policy.toml', 'file'],
        ['.gemini/settings.json', 'file'],
      ],
    );
    await expect(
      octokit.rest.repos.getContent({ owner, repo, path: '.gemini/policy.toml', ref: HEAD }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      octokit.rest.repos.getContent({ owner, repo, path, ref: 'no-such-branch' }),
    ).rejects.toMatchObject({ status: 404, message: containing('No commit found') });
    expectClean(fake);
  });
});

describe('listing, opening and editing issues', () => {
  /** More issues: open and closed, with labels and authors to filter by. */
  const issues: FakeGitHubOptions['issues'] = [
    ...(seed().issues ?? []),
    {
      number: 2,
      title: 'Button is blue',
      user: 'tess',
      labels: ['bug', 'UI'],
      assignees: ['tom'],
      createdAt: '2025-02-03T00:00:00Z',
      updatedAt: '2025-02-20T00:00:00Z',
    },
    {
      number: 3,
      title: 'Old crash',
      user: 'rob',
      labels: ['bug'],
      state: 'closed',
      createdAt: '2025-01-01T00:00:00Z',
    },
    {
      number: 4,
      title: 'Docs',
      body: 'Ping @maria please',
      user: 'rob',
      createdAt: '2025-02-05T00:00:00Z',
    },
  ];

  it('lists issues and pull requests, filtered, sorted and paged as GitHub does', async () => {
    const { fake, octokit } = await start({
      issues,
      pulls: seed().pulls?.map((pull) => ({ ...pull, createdAt: '2025-02-10T00:00:00Z' })),
    });
    const list = async (
      params: Omit<
        RestEndpointMethodTypes['issues']['listForRepo']['parameters'],
        'owner' | 'repo'
      > = {},
    ) =>
      (await octokit.rest.issues.listForRepo({ owner, repo, ...params })).data.map(
        (item) => item.number,
      );
    // Open ones, newest first; pull requests among them, with their pull_request object.
    expect(await list()).toEqual([8, 7, 4, 2, 1]);
    const { data } = await octokit.rest.issues.listForRepo({ owner, repo });
    expect(data.find((item) => item.number === 7)?.pull_request?.url).toMatch(/\/pulls\/7$/);
    expect(data.find((item) => item.number === 4)?.pull_request).toBeUndefined();
    expect(data.find((item) => item.number === 4)).toMatchObject({
      html_url: `https://github.com/${owner}/${repo}/issues/4`,
      user: { login: 'rob' },
      node_id: expect.any(String) as unknown,
    });

    expect(await list({ state: 'closed' })).toEqual([3]);
    expect(await list({ state: 'all', direction: 'asc' })).toEqual([3, 1, 2, 4, 7, 8]);
    // Every label must match, case-insensitively.
    expect(await list({ labels: 'bug' })).toEqual([2, 1]);
    expect(await list({ labels: 'bug,ui' })).toEqual([2]);
    expect(await list({ state: 'all', labels: 'bug', creator: 'ROB' })).toEqual([1, 3]);
    expect(await list({ assignee: 'tom' })).toEqual([2]);
    expect(await list({ assignee: 'none', creator: 'rob' })).toEqual([4, 1]);
    expect(await list({ mentioned: 'maria' })).toEqual([4]);
    expect(await list({ sort: 'updated', direction: 'desc', labels: 'bug' })).toEqual([2, 1]);
    expect(await list({ since: '2025-02-08T00:00:00Z' })).toEqual([8, 7, 2]);
    expect(await list({ milestone: '*' })).toEqual([]);

    const first = await octokit.rest.issues.listForRepo({ owner, repo, per_page: 2 });
    expect(first.data.map((item) => item.number)).toEqual([8, 7]);
    expect(first.headers.link).toContain('rel="next"');
    const all = await octokit.paginate(octokit.rest.issues.listForRepo, {
      owner,
      repo,
      per_page: 2,
    });
    expect(all.map((item) => item.number)).toEqual([8, 7, 4, 2, 1]);
    expectClean(fake);
  });

  it('opens an issue as the bot, creating missing labels, and keeps every edit', async () => {
    const { fake, octokit } = await start();
    const created = await octokit.rest.issues.create({
      owner,
      repo,
      title: 'Weekly report',
      body: 'First',
      labels: ['Bug', 'report'],
      assignees: ['tom'],
    });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      number: 9,
      title: 'Weekly report',
      body: 'First',
      state: 'open',
      user: { login: 'github-actions[bot]', type: 'Bot' },
      html_url: `https://github.com/${owner}/${repo}/issues/9`,
      assignees: [{ login: 'tom' }],
      created_at: '2025-03-01T12:00:02Z',
    });
    // An existing label keeps its name; a new one is made with GitHub's default color.
    expect(created.data.labels).toMatchObject([
      { name: 'bug' },
      { name: 'report', color: 'ededed' },
    ]);
    const labels = await octokit.rest.issues.listLabelsForRepo({ owner, repo });
    expect(labels.data.map((label) => label.name)).toContain('report');

    const edited = await octokit.rest.issues.update({
      owner,
      repo,
      issue_number: 9,
      title: 'Weekly report (done)',
      body: 'Second',
      labels: ['triage'],
      state: 'closed',
      state_reason: 'not_planned',
    });
    expect(edited.data).toMatchObject({
      title: 'Weekly report (done)',
      body: 'Second',
      state: 'closed',
      state_reason: 'not_planned',
      closed_at: '2025-03-01T12:00:03Z',
      labels: [{ name: 'triage' }],
    });
    const reopened = await octokit.rest.issues.update({
      owner,
      repo,
      issue_number: 9,
      state: 'open',
    });
    expect(reopened.data).toMatchObject({
      state: 'open',
      state_reason: 'reopened',
      closed_at: null,
    });
    expect(fake.createdIssues).toEqual([
      {
        number: 9,
        title: 'Weekly report (done)',
        body: 'Second',
        bodies: ['First', 'Second'],
        user: 'github-actions[bot]',
        state: 'open',
        labels: ['triage'],
        assignees: ['tom'],
        pull: null,
        seeded: false,
      },
    ]);
    expect(fake.issue(1)).toMatchObject({ seeded: true, labels: ['bug'], bodies: ['It crashes.'] });
    expect(fake.issue(99)).toBeUndefined();
    expectClean(fake);
  });

  it('drops labels from a caller without push access and refuses what GitHub refuses', async () => {
    const { fake, octokit } = await start({
      permissions: { 'github-actions[bot]': 'triage', tom: 'write' },
    });
    const { data } = await octokit.rest.issues.create({
      owner,
      repo,
      title: 'Quiet',
      labels: ['brand-new'],
    });
    expect(data.labels).toEqual([]);
    expect(fake.issue(data.number)?.labels).toEqual([]);
    const labels = await octokit.rest.issues.listLabelsForRepo({ owner, repo });
    expect(labels.data.map((label) => label.name)).not.toContain('brand-new');

    await expect(octokit.rest.issues.create({ owner, repo, title: ' ' })).rejects.toMatchObject({
      status: 422,
    });
    await expect(
      octokit.rest.issues.create({ owner, repo, title: 'Long', body: 'x'.repeat(65_537) }),
    ).rejects.toMatchObject({ status: 422, message: containing('body is too long') });
    await expect(
      octokit.rest.issues.update({ owner, repo, issue_number: 404, body: 'x' }),
    ).rejects.toMatchObject({ status: 404 });
  });
});

describe('editing pull requests', () => {
  it('shows seeded labels on the pull request and on its issue', async () => {
    const { octokit } = await start({
      pulls: seed().pulls?.map((pull) =>
        pull.number === 7 ? { ...pull, labels: ['triage'] } : pull,
      ),
    });
    const pull = await octokit.rest.pulls.get({ owner, repo, pull_number: 7 });
    expect(pull.data.labels.map((label) => label.name)).toEqual(['triage']);
    const issue = await octokit.rest.issues.get({ owner, repo, issue_number: 7 });
    expect(issue.data.labels).toMatchObject([{ name: 'triage', color: 'fbca04' }]);
  });

  it('updates the title, body, base and state', async () => {
    const { fake, octokit } = await start({ branches: { release: 'd'.repeat(40) } });
    const { data } = await octokit.rest.pulls.update({
      owner,
      repo,
      pull_number: 7,
      title: 'Renamed',
      body: 'New body',
      base: 'release',
    });
    expect(data).toMatchObject({
      title: 'Renamed',
      body: 'New body',
      base: { ref: 'release', sha: 'd'.repeat(40) },
      state: 'open',
    });
    const closed = await octokit.rest.pulls.update({
      owner,
      repo,
      pull_number: 7,
      state: 'closed',
    });
    expect(closed.data).toMatchObject({ state: 'closed', merged: false });
    expect(closed.data.closed_at).not.toBeNull();
    expect(fake.issue(7)).toMatchObject({
      title: 'Renamed',
      state: 'closed',
      bodies: ['Small change.', 'New body'],
      pull: { head: 'feature', base: 'release' },
    });

    await expect(
      octokit.rest.pulls.update({ owner, repo, pull_number: 8, base: 'nope' }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      octokit.rest.pulls.update({ owner, repo, pull_number: 8, title: '' }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      octokit.rest.pulls.update({ owner, repo, pull_number: 1, title: 'An issue' }),
    ).rejects.toMatchObject({ status: 404 });
    expectClean(fake);
  });

  it('refuses a second open pull request for the same head and base, on create and reopen', async () => {
    const { octokit } = await start();
    await octokit.rest.pulls.update({ owner, repo, pull_number: 7, state: 'closed' });
    const second = await octokit.rest.pulls.create({
      owner,
      repo,
      title: 'Again',
      head: 'feature',
      base: 'main',
    });
    const duplicate = {
      status: 422,
      response: {
        data: {
          message: 'Validation Failed',
          errors: [
            {
              resource: 'PullRequest',
              code: 'custom',
              message: `A pull request already exists for ${owner}:feature.`,
            },
          ],
        },
      },
    };
    await expect(
      octokit.rest.pulls.create({
        owner,
        repo,
        title: 'Third',
        head: `${owner}:feature`,
        base: 'main',
      }),
    ).rejects.toMatchObject(duplicate);
    await expect(
      octokit.rest.pulls.update({ owner, repo, pull_number: 7, state: 'open' }),
    ).rejects.toMatchObject(duplicate);
    // Another base, or a fork's branch of the same name, is not the same pull request.
    await octokit.rest.pulls.update({
      owner,
      repo,
      pull_number: second.data.number,
      state: 'closed',
    });
    await octokit.rest.pulls.update({ owner, repo, pull_number: 7, state: 'open' });
    const fromOwnBranch = await octokit.rest.pulls.create({
      owner,
      repo,
      title: 'Own patch-1',
      head: 'patch-1',
      base: 'main',
    });
    expect(fromOwnBranch.status).toBe(201);
  });
});

describe('labels', () => {
  it('lists the repository labels and adds labels, creating new ones on the way', async () => {
    const { fake, octokit } = await start();
    const labels = await octokit.rest.issues.listLabelsForRepo({ owner, repo });
    expect(labels.data.map((label) => [label.name, label.color])).toEqual([
      ['bug', 'ededed'],
      ['triage', 'fbca04'],
    ]);
    const added = await octokit.rest.issues.addLabels({
      owner,
      repo,
      issue_number: 1,
      labels: ['triage', 'needs-info'],
    });
    expect(added.data.map((label) => label.name)).toEqual(['bug', 'triage', 'needs-info']);
    expect(fake.labels(1)).toEqual(['bug', 'triage', 'needs-info']);
    await octokit.rest.issues.removeLabel({ owner, repo, issue_number: 1, name: 'bug' });
    expect(fake.labels(1)).toEqual(['triage', 'needs-info']);
    const after = await octokit.rest.issues.listLabelsForRepo({ owner, repo });
    expect(after.data.map((label) => label.name)).toContain('needs-info');
    expectClean(fake);
  });
});

describe('authentication', () => {
  it('answers 401 without the token and records the token of every request', async () => {
    const { fake } = await start();
    const wrong = client(fake.url, 'ghs_wrong');
    await expect(wrong.rest.repos.get({ owner, repo })).rejects.toMatchObject({
      status: 401,
      message: containing('Bad credentials'),
    });
    const anonymous = client(fake.url);
    await expect(anonymous.rest.repos.get({ owner, repo })).rejects.toMatchObject({
      status: 401,
      message: containing('Requires authentication'),
    });
    const bearer = await fetch(`${fake.url}/repos/${owner}/${repo}`, {
      headers: { authorization: `Bearer ${FAKE_GITHUB_TOKEN}` },
    });
    expect(bearer.status).toBe(200);
    expect(fake.requests.map((request) => [request.token, request.status])).toEqual([
      ['ghs_wrong', 401],
      [undefined, 401],
      [FAKE_GITHUB_TOKEN, 200],
    ]);
    // A refused request changes nothing.
    await expect(
      wrong.rest.issues.createComment({ owner, repo, issue_number: 1, body: 'x' }),
    ).rejects.toMatchObject({ status: 401 });
    expect(fake.comments(1)).toHaveLength(1);
  });
});

describe('failure injection', () => {
  it('fails the next matching request only', async () => {
    const { fake, octokit } = await start();
    fake.failNext('POST', /\/issues\/\d+\/comments$/, 502);
    await expect(
      octokit.rest.issues.createComment({ owner, repo, issue_number: 1, body: 'x' }),
    ).rejects.toMatchObject({ status: 502 });
    expect(fake.comments(1)).toHaveLength(1);
    await octokit.rest.issues.createComment({ owner, repo, issue_number: 1, body: 'y' });
    expect(fake.comments(1).map((comment) => comment.body)).toEqual(['/gemini why?', 'y']);
    expect(fake.requests.map((request) => [request.status, request.injected])).toEqual([
      [502, true],
      [201, false],
    ]);
  });

  it('lets the retrying client recover, with the body and headers given', async () => {
    const { fake } = await start();
    const octokit = createOctokit({
      token: FAKE_GITHUB_TOKEN,
      baseUrl: fake.url,
      logger: silentLogger,
      retry: { retries: 2, retryAfterBaseMs: 1 },
      throttle: { enabled: false },
    });
    fake.failNext('GET', /^\/repos\/[^/]+\/[^/]+$/, 503, { message: 'Unicorn' }, { times: 2 });
    const { data } = await octokit.rest.repos.get({ owner, repo });
    expect(data.default_branch).toBe('main');
    expect(fake.requests.map((request) => request.status)).toEqual([503, 503, 200]);

    fake.failNext(
      'GET',
      /\/issues\/1$/,
      403,
      { message: 'Resource not accessible by integration' },
      {
        headers: { 'x-ratelimit-remaining': '4000' },
      },
    );
    await expect(octokit.rest.issues.get({ owner, repo, issue_number: 1 })).rejects.toMatchObject({
      status: 403,
      message: containing('Resource not accessible by integration'),
      response: { headers: { 'x-ratelimit-remaining': '4000' } },
    });
  });
});

describe('what GitHub would not accept', () => {
  it('records unknown endpoints as unexpected and answers 404', async () => {
    const { fake, octokit } = await start();
    await expect(octokit.rest.repos.listBranches({ owner, repo })).rejects.toMatchObject({
      status: 404,
    });
    expect(fake.unexpected.map((request) => `${request.method} ${request.path}`)).toEqual([
      `GET /repos/${owner}/${repo}/branches`,
    ]);
    // Another repository is a known endpoint without that resource, not an unexpected call.
    await expect(octokit.rest.repos.get({ owner, repo: 'other' })).rejects.toMatchObject({
      status: 404,
    });
    expect(fake.unexpected).toHaveLength(1);
  });

  it('checks requests against GitHub’s REST API description and refuses violations', async () => {
    const { fake, octokit } = await start();
    await expect(
      octokit.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
        owner,
        repo,
        issue_number: 1,
        body: 'x',
        bodyy: 'typo',
      }),
    ).rejects.toMatchObject({ status: 422 });
    expect(fake.violations).toEqual([
      expect.objectContaining({
        method: 'POST',
        pathWithQuery: `/repos/${owner}/${repo}/issues/1/comments`,
        message: containing('bodyy'),
      }),
    ]);
    expect(fake.comments(1)).toHaveLength(1);
  });

  it('calls a validator of its own, or none', async () => {
    const seen: string[] = [];
    const { fake, octokit } = await start({
      validate: (method, pathWithQuery, body) => {
        seen.push(`${method} ${pathWithQuery} ${JSON.stringify(body)}`);
        if (pathWithQuery.includes('/labels')) throw new Error('no labels today');
      },
      rejectViolations: false,
    });
    await octokit.rest.issues.createComment({ owner, repo, issue_number: 1, body: 'hi' });
    await octokit.rest.issues.listLabelsForRepo({ owner, repo, per_page: 5 });
    expect(seen).toEqual([
      `POST /repos/${owner}/${repo}/issues/1/comments {"body":"hi"}`,
      `GET /repos/${owner}/${repo}/labels?per_page=5 undefined`,
    ]);
    expect(fake.violations.map((violation) => violation.message)).toEqual(['no labels today']);

    const { fake: unchecked, octokit: client } = await start({ validate: false });
    await client.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      owner,
      repo,
      issue_number: 1,
      body: 'x',
      extra: true,
    });
    expect(unchecked.violations).toEqual([]);
  });
});

describe('GitHub Enterprise', () => {
  it('serves the API under a path prefix', async () => {
    const { fake, octokit } = await start({
      pathPrefix: '/api/v3',
      serverUrl: 'https://ghe.example.com',
    });
    expect(fake.url).toMatch(/\/api\/v3$/);
    const { data } = await octokit.rest.issues.createComment({
      owner,
      repo,
      issue_number: 1,
      body: 'x',
    });
    expect(data.html_url).toMatch(
      /^https:\/\/ghe\.example\.com\/octo-org\/hello-world\/issues\/1#/,
    );
    expect(data.url.startsWith(`${fake.url}/repos/`)).toBe(true);
    const outside = await fetch(`${new URL(fake.url).origin}/repos/${owner}/${repo}`, {
      headers: { authorization: `token ${FAKE_GITHUB_TOKEN}` },
    });
    expect(outside.status).toBe(404);
    expect(fake.unexpected.map((request) => request.path)).toEqual([`/repos/${owner}/${repo}`]);
  });
});

describe('git references and search', () => {
  it('creates, reads and moves branches', async () => {
    const { fake, octokit } = await start();
    await octokit.rest.git.createRef({ owner, repo, ref: 'refs/heads/gemini/x', sha: HEAD });
    const { data } = await octokit.rest.git.getRef({ owner, repo, ref: 'heads/gemini/x' });
    expect(data.object.sha).toBe(HEAD);
    await expect(
      octokit.rest.git.createRef({ owner, repo, ref: 'refs/heads/gemini/x', sha: HEAD }),
    ).rejects.toMatchObject({ status: 422 });
    await octokit.rest.git.updateRef({
      owner,
      repo,
      ref: 'heads/gemini/x',
      sha: BASE,
      force: true,
    });
    const moved = await octokit.rest.git.getRef({ owner, repo, ref: 'heads/gemini/x' });
    expect(moved.data.object.sha).toBe(BASE);
    await expect(octokit.rest.git.getRef({ owner, repo, ref: 'heads/nope' })).rejects.toMatchObject(
      { status: 404 },
    );
    expectClean(fake);
  });

  it('finds issues and pull requests with a subset of the search syntax', async () => {
    const { fake, octokit } = await start();
    const search = (q: string) =>
      octokit.rest.search.issuesAndPullRequests({ q }).then(({ data }) => ({
        total: data.total_count,
        numbers: data.items.map((item) => item.number),
      }));
    expect(await search(`repo:${owner}/${repo} is:pr is:open`)).toEqual({
      total: 2,
      numbers: [8, 7],
    });
    expect(await search(`repo:${owner}/${repo} is:issue crash`)).toEqual({
      total: 1,
      numbers: [1],
    });
    expect(await search(`repo:${owner}/${repo} "line two"`)).toEqual({ total: 1, numbers: [7] });
    expect(await search(`repo:${owner}/${repo} "two line"`)).toEqual({ total: 0, numbers: [] });
    expect(await search(`repo:someone/else is:pr`)).toEqual({ total: 0, numbers: [] });
    expectClean(fake);
  });
});

describe('workflow runs', () => {
  const runs: FakeGitHubOptions['workflowRuns'] = [
    {
      id: 4242,
      runNumber: 10,
      workflowFile: 'review.yml',
      event: 'pull_request',
      headBranch: 'feature',
      headSha: HEAD,
      pullRequests: [2],
    },
    {
      id: 4300,
      runNumber: 11,
      workflowFile: 'review.yml',
      event: 'pull_request',
      headBranch: 'feature',
      headSha: FORK_HEAD,
      pullRequests: [2],
      status: 'completed',
      conclusion: 'success',
    },
    {
      id: 4350,
      runNumber: 12,
      workflowFile: 'review.yml',
      event: 'pull_request',
      headBranch: 'other',
      headSha: BASE,
    },
    {
      id: 4400,
      runNumber: 3,
      workflowFile: 'triage.yml',
      event: 'issues',
      headBranch: 'main',
      headSha: BASE,
    },
  ];

  it('answers runs with every field of GitHub’s example run, newest first, filtered as GitHub filters', async () => {
    const { fake, octokit } = await start({ workflowRuns: runs });

    const { data: own } = await octokit.rest.actions.getWorkflowRun({ owner, repo, run_id: 4242 });
    expect(Object.keys(own).sort()).toEqual(Object.keys(WORKFLOW_RUN_EXAMPLE).sort());
    expect(own).toMatchObject({
      id: 4242,
      run_number: 10,
      path: '.github/workflows/review.yml',
      html_url: `https://github.com/${owner}/${repo}/actions/runs/4242`,
      pull_requests: [expect.objectContaining({ number: 2 })],
    });
    const { data: byFile } = await octokit.rest.actions.listWorkflowRuns({
      owner,
      repo,
      workflow_id: 'review.yml',
      event: 'pull_request',
      branch: 'feature',
    });
    expect(byFile.workflow_runs.map((run) => run.id)).toEqual([4300, 4242]);
    expect(byFile.workflow_runs[0]).toMatchObject({ status: 'completed', conclusion: 'success' });
    const { data: byId } = await octokit.rest.actions.listWorkflowRuns({
      owner,
      repo,
      workflow_id: own.workflow_id,
    });
    expect(byId.total_count).toBe(3);
    await expect(
      octokit.rest.actions.listWorkflowRuns({ owner, repo, workflow_id: 'missing.yml' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      octokit.rest.actions.getWorkflowRun({ owner, repo, run_id: 1 }),
    ).rejects.toMatchObject({ status: 404 });
    expectClean(fake);
  });

  it('moves a pull request’s head on a push from outside the run', async () => {
    const { fake, octokit } = await start();
    fake.pushToPull(7, 'd'.repeat(40));
    const { data } = await octokit.rest.pulls.get({ owner, repo, pull_number: 7 });
    expect(data.head.sha).toBe('d'.repeat(40));
    const { data: branch } = await octokit.rest.git.getRef({ owner, repo, ref: 'heads/feature' });
    expect(branch.object.sha).toBe('d'.repeat(40));
  });
});
