// The dry-run GitHub through the real Octokit client the pipeline uses (createOctokit with its
// fetch): reads answered from the payload and a real git repository, writes remembered and
// answered the way GitHub answers them.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { listBaseTrees, readBaseFiles } from '../../src/github/base-tree.js';
import { createOctokit } from '../../src/github/octokit.js';
import type { GitHubClient } from '../../src/github/octokit.js';
import type { DryRunGitHubOptions, DryRunWrite } from '../../src/local/dry-run-github.js';
import { createDryRunGitHub } from '../../src/local/dry-run-github.js';
import { eventFacts } from '../../src/local/event-facts.js';
import { LocalRepository } from '../../src/local/local-git.js';
import { localPullRequest } from '../../src/local/local-workspace.js';
import { memoryLogger, silentLogger } from '../../src/platform/logger.js';
import { createGit } from '../../src/publish/git.js';
import { tempRepo } from '../support/temp-repo.js';
import { issueCommentOnPullRequest, webhookExample } from '../support/webhook-payloads.js';
import { commitAll, git } from './support.js';

const OWNER = 'Codertocat';
const REPO = 'Hello-World';

/** A repository with `master` and a `changes` branch one commit ahead of it. */
async function repositoryWithPullRequest() {
  const dir = await tempRepo(
    {
      'README.md': '# Hello\n',
      'src/app.js': 'export const a = 1;\nexport const b = 2;\n',
      'docs/old.md': 'Moved without a change.\n',
      'gone.txt': 'deleted\n',
    },
    { git: true },
  );
  git(dir, 'branch', '-m', 'master');
  const base = git(dir, 'rev-parse', 'HEAD');
  git(dir, 'checkout', '-q', '-b', 'changes');
  await writeFile(path.join(dir, 'src/app.js'), 'export const a = 1;\nexport const b = 3;\n');
  await writeFile(path.join(dir, 'src/new.js'), 'export const c = 4;\n');
  await mkdir(path.join(dir, 'docs/guide'), { recursive: true });
  await rename(path.join(dir, 'docs/old.md'), path.join(dir, 'docs/guide/renamed.md'));
  await rm(path.join(dir, 'gone.txt'));
  const head = commitAll(dir, 'changes');
  git(dir, 'checkout', '-q', 'master');
  return { dir, base, head };
}

function pullRequestPayload(base: string, head: string) {
  const payload = webhookExample('pull_request', { action: 'opened' });
  payload.pull_request.base.sha = base;
  payload.pull_request.head.sha = head;
  return payload;
}

function setUp(
  dir: string,
  eventName: string,
  payload: unknown,
  options: Partial<DryRunGitHubOptions> = {},
) {
  const writes: DryRunWrite[] = [];
  const facts = eventFacts(eventName, payload, { file: 'event.json' });
  const gitHub = createDryRunGitHub({
    facts,
    repository: new LocalRepository(dir, createGit()),
    logger: silentLogger,
    observer: { onWrite: (write) => writes.push(write) },
    ...options,
  });
  const octokit: GitHubClient = createOctokit({
    token: 'unused',
    logger: silentLogger,
    fetch: gitHub.fetch,
    retry: { retries: 0 },
    throttle: { enabled: false },
  });
  return { gitHub, octokit, writes, facts };
}

async function pullRequestSetUp(options: Partial<DryRunGitHubOptions> = {}) {
  const { dir, base, head } = await repositoryWithPullRequest();
  const payload = pullRequestPayload(base, head);
  const facts = eventFacts('pull_request', payload, { file: 'event.json' });
  const pullRequest = await localPullRequest(
    facts,
    new LocalRepository(dir, createGit()),
    silentLogger,
  );
  return {
    dir,
    base,
    head,
    payload,
    ...setUp(dir, 'pull_request', payload, {
      ...(pullRequest ? { pullRequest } : {}),
      ...options,
    }),
  };
}

const repo = { owner: OWNER, repo: REPO };

describe('the dry-run GitHub: reads', () => {
  it('answers the repository, the pull request and its issue side from the payload', async () => {
    const { octokit, head, payload } = await pullRequestSetUp();

    const { data: repository } = await octokit.rest.repos.get(repo);
    expect(repository.default_branch).toBe('master');
    const { data: pull } = await octokit.rest.pulls.get({ ...repo, pull_number: 2 });
    expect(pull.head.sha).toBe(head);
    expect(pull.title).toBe(payload.pull_request.title);
    const { data: issue } = await octokit.rest.issues.get({ ...repo, issue_number: 2 });
    expect(issue.title).toBe(payload.pull_request.title);
    expect(issue.pull_request?.html_url).toBe(payload.pull_request.html_url);
    await expect(octokit.rest.issues.get({ ...repo, issue_number: 99 })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("lists the pull request's files as GitHub does, computed with git from base...head", async () => {
    const { octokit } = await pullRequestSetUp();

    const files = await octokit.paginate(octokit.rest.pulls.listFiles, {
      ...repo,
      pull_number: 2,
    });

    const byName = new Map(files.map((file) => [file.filename, file]));
    expect([...byName.keys()].sort()).toEqual([
      'docs/guide/renamed.md',
      'gone.txt',
      'src/app.js',
      'src/new.js',
    ]);
    expect(byName.get('src/app.js')).toMatchObject({
      status: 'modified',
      additions: 1,
      deletions: 1,
      patch: '@@ -1,2 +1,2 @@\n export const a = 1;\n-export const b = 2;\n+export const b = 3;',
    });
    expect(byName.get('src/new.js')).toMatchObject({ status: 'added', additions: 1 });
    expect(byName.get('gone.txt')).toMatchObject({ status: 'removed', deletions: 1 });
    expect(byName.get('docs/guide/renamed.md')).toMatchObject({
      status: 'renamed',
      previous_filename: 'docs/old.md',
    });
  });

  it('lists no files, with a warning, when the commits are not in the repository', async () => {
    const { dir } = await repositoryWithPullRequest();
    const payload = pullRequestPayload('a'.repeat(40), 'b'.repeat(40));
    const logger = memoryLogger();
    const facts = eventFacts('pull_request', payload, { file: 'event.json' });
    const pullRequest = await localPullRequest(
      facts,
      new LocalRepository(dir, createGit()),
      logger,
    );
    const { octokit } = setUp(dir, 'pull_request', payload, {
      logger,
      ...(pullRequest ? { pullRequest } : {}),
    });

    const files = await octokit.rest.pulls.listFiles({ ...repo, pull_number: 2 });

    expect(files.data).toEqual([]);
    expect(logger.lines.map((line) => line.message).join('\n')).toMatch(
      /base aaaaaaaaaaaa and head bbbbbbbbbbbb are not in/,
    );
  });

  it('serves files, folders, branches and comparisons from the local repository', async () => {
    const { octokit, dir, base, head } = await pullRequestSetUp();

    const { data: file } = await octokit.rest.repos.getContent({
      ...repo,
      path: 'src/app.js',
      ref: head,
    });
    expect(Buffer.from((file as { content: string }).content, 'base64').toString()).toBe(
      'export const a = 1;\nexport const b = 3;\n',
    );
    const { data: folder } = await octokit.rest.repos.getContent({
      ...repo,
      path: 'src',
      ref: base,
    });
    expect((folder as { name: string; type: string }[]).map((entry) => entry.name)).toEqual([
      'app.js',
    ]);
    await expect(
      octokit.rest.repos.getContent({ ...repo, path: 'src/new.js', ref: base }),
    ).rejects.toMatchObject({ status: 404 });

    const { data: ref } = await octokit.rest.git.getRef({ ...repo, ref: 'heads/changes' });
    expect(ref.object.sha).toBe(head);
    // Branches by the start of their name, as a re-run looks for its task's earlier branch.
    git(dir, 'branch', 'gemini/issue-4-first', base);
    git(dir, 'branch', 'gemini/issue-41-other', head);
    git(dir, 'update-ref', 'refs/remotes/origin/gemini/issue-4-tracking', base);
    const { data: matching } = await octokit.rest.git.listMatchingRefs({
      ...repo,
      ref: 'heads/gemini/issue-4-',
    });
    expect(
      matching.map((entry) => [entry.ref, entry.object.sha, entry.object.type, entry.url]),
    ).toEqual([
      [
        'refs/heads/gemini/issue-4-first',
        base,
        'commit',
        `https://api.github.com/repos/${OWNER}/${REPO}/git/refs/heads/gemini/issue-4-first`,
      ],
    ]);
    const { data: none } = await octokit.rest.git.listMatchingRefs({ ...repo, ref: 'heads/x' });
    expect(none).toEqual([]);
    const { data: comparison } = await octokit.rest.repos.compareCommitsWithBasehead({
      ...repo,
      basehead: `${base}...${head}`,
    });
    expect(comparison).toMatchObject({ status: 'ahead', ahead_by: 1, behind_by: 0 });
    expect(comparison.files?.map((entry) => entry.filename)).toContain('src/new.js');
  });

  it('answers the base-branch tree queries through GraphQL from the local repository', async () => {
    const { octokit, base, head } = await pullRequestSetUp();

    const listing = await listBaseTrees(octokit, { ...repo, sha: base }, [
      { path: 'src', depth: 2, withText: true },
      { path: 'docs', depth: 0, withText: false },
      { path: 'missing', depth: 1, withText: false },
    ]);
    expect(listing).toEqual({
      files: [
        {
          path: 'src/app.js',
          byteSize: 40,
          text: 'export const a = 1;\nexport const b = 2;\n',
        },
        { path: 'docs/old.md', byteSize: 0 },
      ],
      missing: ['missing'],
      skipped: [],
    });
    expect(await readBaseFiles(octokit, { ...repo, sha: head }, ['src/new.js'])).toEqual([
      { path: 'src/new.js', byteSize: 20, text: 'export const c = 4;\n' },
    ]);
  });

  it("answers the actor's permission as given, and 404 for none", async () => {
    const { dir, base, head } = await repositoryWithPullRequest();
    const payload = pullRequestPayload(base, head);
    const ask = (permission: DryRunGitHubOptions['permission']) =>
      setUp(dir, 'pull_request', payload, { ...(permission ? { permission } : {}) })
        .octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: 'someone' })
        .then((response) => response.data);

    expect(await ask(undefined)).toMatchObject({ permission: 'write', role_name: 'write' });
    expect(await ask('maintain')).toMatchObject({ permission: 'write', role_name: 'maintain' });
    expect(await ask('triage')).toMatchObject({ permission: 'read', role_name: 'triage' });
    await expect(ask('none')).rejects.toMatchObject({ status: 404 });
  });

  it("lists GitHub's default labels, or the ones given", async () => {
    const { dir, base, head } = await repositoryWithPullRequest();
    const payload = pullRequestPayload(base, head);
    const names = async (options: Partial<DryRunGitHubOptions>) =>
      (
        await setUp(dir, 'pull_request', payload, options).octokit.rest.issues.listLabelsForRepo(
          repo,
        )
      ).data.map((label) => label.name);

    expect(await names({})).toEqual(expect.arrayContaining(['bug', 'documentation', 'question']));
    expect(
      await names({ labels: [{ name: 'area: cli', description: '', color: 'ededed' }] }),
    ).toEqual(['area: cli']);
  });

  it("makes a comment's pull request from the local repository: HEAD as head, the default branch as base", async () => {
    const { dir, base, head } = await repositoryWithPullRequest();
    git(dir, 'checkout', '-q', 'changes');
    const payload = issueCommentOnPullRequest();
    const facts = eventFacts('issue_comment', payload, { file: 'event.json' });
    const logger = memoryLogger();
    const pullRequest = await localPullRequest(
      facts,
      new LocalRepository(dir, createGit()),
      logger,
    );
    const { octokit } = setUp(dir, 'issue_comment', payload, {
      ...(pullRequest ? { pullRequest } : {}),
    });

    const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: 2 });

    expect(data.head).toMatchObject({ ref: 'changes', sha: head });
    expect(data.base).toMatchObject({ ref: 'master', sha: base });
    expect(logger.lines[0]?.message).toContain('takes changes (HEAD of --repo) as its head');
  });
});

describe('the dry-run GitHub: writes', () => {
  it('keeps every state of a comment and answers with GitHub-shaped ids and addresses', async () => {
    const { octokit, gitHub, writes } = await pullRequestSetUp();

    const { data: created } = await octokit.rest.issues.createComment({
      ...repo,
      issue_number: 2,
      body: 'Working…',
    });
    await octokit.rest.issues.updateComment({ ...repo, comment_id: created.id, body: 'Still…' });
    const { data: edited } = await octokit.rest.issues.updateComment({
      ...repo,
      comment_id: created.id,
      body: 'Done.',
    });

    expect(created.html_url).toBe(
      `https://github.com/${OWNER}/${REPO}/pull/2#issuecomment-${created.id}`,
    );
    expect(edited.body).toBe('Done.');
    expect(gitHub.store.comments[0]?.states).toEqual(['Working…', 'Still…', 'Done.']);
    expect(writes.map((write) => write.kind === 'comment' && write.action)).toEqual([
      'created',
      'updated',
      'updated',
    ]);
    const comments = await octokit.rest.issues.listComments({ ...repo, issue_number: 2 });
    expect(comments.data.map((comment) => comment.body)).toEqual(['Done.']);
    await expect(
      octokit.rest.issues.updateComment({ ...repo, comment_id: 12345, body: 'x' }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(
      octokit.rest.issues.createComment({ ...repo, issue_number: 77, body: 'x' }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('records reviews, labels and reactions', async () => {
    const { octokit, gitHub, head } = await pullRequestSetUp();

    const { data: review } = await octokit.rest.pulls.createReview({
      ...repo,
      pull_number: 2,
      commit_id: head,
      event: 'COMMENT',
      body: 'One finding.',
      comments: [{ path: 'src/app.js', line: 2, side: 'RIGHT', body: 'Why 3?' }],
    });
    await octokit.rest.issues.addLabels({ ...repo, issue_number: 2, labels: ['bug'] });
    const { data: labels } = await octokit.rest.issues.addLabels({
      ...repo,
      issue_number: 2,
      labels: ['bug', 'question'],
    });
    await octokit.rest.reactions.createForIssue({ ...repo, issue_number: 2, content: 'eyes' });

    expect(review.html_url).toBe(
      `https://github.com/${OWNER}/${REPO}/pull/2#pullrequestreview-${review.id}`,
    );
    expect(gitHub.store.reviews[0]).toMatchObject({
      commitId: head,
      event: 'COMMENT',
      comments: [{ path: 'src/app.js', line: 2, side: 'RIGHT', body: 'Why 3?' }],
    });
    expect(labels.map((label) => label.name)).toEqual(['bug', 'question']);
    expect(gitHub.store.addedLabels.get(2)).toEqual(['bug', 'question']);
    const reviews = await octokit.rest.pulls.listReviews({ ...repo, pull_number: 2 });
    expect(reviews.data.map((item) => item.id)).toEqual([review.id]);
  });

  it('opens a pull request only from a branch that exists, and finds it by its head', async () => {
    const { octokit } = await pullRequestSetUp();

    await expect(
      octokit.rest.pulls.create({ ...repo, head: 'never-pushed', base: 'master', title: 't' }),
    ).rejects.toMatchObject({ status: 422 });
    const { data: created } = await octokit.rest.pulls.create({
      ...repo,
      head: 'changes',
      base: 'master',
      title: 'Changes',
      body: 'Body',
      draft: true,
    });
    const { data: open } = await octokit.rest.pulls.list({
      ...repo,
      head: `${OWNER}:changes`,
      state: 'open',
    });

    expect(created.number).toBe(3);
    expect(created.html_url).toBe(`https://github.com/${OWNER}/${REPO}/pull/3`);
    expect(open.map((pull) => pull.number)).toEqual([3]);
  });

  it('commits through the git data API to a new branch of the local repository, fast-forward only', async () => {
    const { octokit, dir, base } = await pullRequestSetUp();

    const { data: parent } = await octokit.rest.git.getCommit({ ...repo, commit_sha: base });
    const { data: blob } = await octokit.rest.git.createBlob({
      ...repo,
      content: 'signed\n',
      encoding: 'utf-8',
    });
    const { data: tree } = await octokit.rest.git.createTree({
      ...repo,
      base_tree: parent.tree.sha,
      tree: [
        { path: 'notes/new.txt', mode: '100644', type: 'blob', sha: blob.sha },
        { path: 'gone.txt', mode: '100644', type: 'blob', sha: null },
      ],
    });
    const { data: commit } = await octokit.rest.git.createCommit({
      ...repo,
      message: 'Add a note',
      tree: tree.sha,
      parents: [base],
    });
    await octokit.rest.git.createRef({ ...repo, ref: 'refs/heads/bot', sha: commit.sha });

    expect(git(dir, 'show', 'bot:notes/new.txt')).toBe('signed');
    expect(git(dir, 'ls-tree', '--name-only', 'bot')).not.toContain('gone.txt');
    expect(git(dir, 'log', '-1', '--format=%an', 'bot')).toBe('github-actions[bot]');
    await expect(
      octokit.rest.git.updateRef({ ...repo, ref: 'heads/bot', sha: base, force: false }),
    ).rejects.toMatchObject({ status: 422 });
    await expect(
      octokit.rest.git.updateRef({ ...repo, ref: 'heads/master', sha: commit.sha }),
    ).rejects.toThrow(/checked out/);
    expect(git(dir, 'rev-parse', 'master')).toBe(base);
  });

  it('replies in a review thread and edits the reply', async () => {
    const { dir, base, head } = await repositoryWithPullRequest();
    const payload = webhookExample('pull_request_review_comment', { action: 'created' });
    payload.pull_request.base.sha = base;
    payload.pull_request.head.sha = head;
    const { octokit, gitHub } = setUp(dir, 'pull_request_review_comment', payload);
    const number = payload.pull_request.number;

    const { data: reply } = await octokit.rest.pulls.createReplyForReviewComment({
      ...repo,
      pull_number: number,
      comment_id: payload.comment.id,
      body: 'On it.',
    });
    await octokit.rest.pulls.updateReviewComment({ ...repo, comment_id: reply.id, body: 'Done.' });
    const thread = await octokit.paginate(octokit.rest.pulls.listReviewComments, {
      ...repo,
      pull_number: number,
    });

    expect(reply.html_url).toBe(
      `https://github.com/${OWNER}/${REPO}/pull/${number}#discussion_r${reply.id}`,
    );
    expect(thread.map((comment) => comment.id)).toEqual([payload.comment.id, reply.id]);
    expect(gitHub.store.comments[0]).toMatchObject({
      kind: 'review_comment',
      inReplyTo: payload.comment.id,
      states: ['On it.', 'Done.'],
    });
  });

  it('opens, finds and updates an issue (the maintenance report)', async () => {
    const { octokit } = await pullRequestSetUp();

    const { data: opened } = await octokit.rest.issues.create({
      ...repo,
      title: 'Maintenance report',
      body: 'First run.',
      labels: ['report'],
    });
    const mine = await octokit.rest.issues.listForRepo({
      ...repo,
      state: 'open',
      creator: 'github-actions[bot]',
    });
    const others = await octokit.rest.issues.listForRepo({ ...repo, creator: 'someone' });
    const { data: updated } = await octokit.rest.issues.update({
      ...repo,
      issue_number: opened.number,
      body: 'Second run.',
    });
    const search = await octokit.rest.search.issuesAndPullRequests({ q: 'is:open' });

    expect(opened.html_url).toBe(`https://github.com/${OWNER}/${REPO}/issues/3`);
    expect(mine.data.map((issue) => issue.number)).toEqual([3]);
    expect(others.data).toEqual([]);
    expect(updated.body).toBe('Second run.');
    expect(search.data.total_count).toBe(0);
    await expect(
      octokit.rest.issues.update({ ...repo, issue_number: 2, body: 'x' }),
    ).rejects.toMatchObject({ status: 404 });
  });

  it('refuses what the pipeline is not known to call, naming the endpoint', async () => {
    const { octokit } = await pullRequestSetUp();

    await expect(octokit.request('GET /repos/{owner}/{repo}/hooks', repo)).rejects.toMatchObject({
      status: 501,
      message: expect.stringContaining(`GET /repos/${OWNER}/${REPO}/hooks`) as unknown,
    });
    await expect(octokit.rest.repos.get({ owner: 'someone', repo: 'else' })).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('event facts', () => {
  it('names the event file when a payload is not what GitHub sends', () => {
    expect(() =>
      eventFacts('issue_comment', { action: 'created' }, { file: 'my-event.json' }),
    ).toThrow(/my-event\.json/);
    expect(() => eventFacts('issue', {}, { file: 'e.json' })).toThrow(
      /--event-name expects one of/,
    );
  });
});
