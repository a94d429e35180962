// An invoke run end to end in-process: a /gemini comment on an issue, the model editing the
// workspace, and trusted code committing the change to a bot branch on the (local) remote and
// opening a pull request on the fake GitHub.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { runActionInProcess } from '../support/action-harness.js';
import { tempRepo } from '../support/temp-repo.js';
import { issueCommentOnPullRequest, webhookExample } from '../support/webhook-payloads.js';
import { commentSeedFrom, seedFromPayload } from '../support/payload-seeds.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

function commentEvent(body: string) {
  const payload = webhookExample('issue_comment', { action: 'created' });
  payload.comment.body = body;
  return payload;
}

async function githubFor(payload: ReturnType<typeof commentEvent>) {
  return useFakeGitHub(seedFromPayload(payload));
}

const fixReadme = (workspace: string) =>
  callsReply([
    {
      id: 'w1',
      name: 'write_file',
      args: {
        file_path: `${workspace}/README.md`,
        content: '# Hello-World\n\nCommit with one t.\n',
      },
    },
  ]);

describe('invoke runs', () => {
  it('commits the change to a bot branch, opens a draft pull request and links it', async () => {
    const payload = commentEvent('/gemini fix the spelling in the README');
    const github = await githubFor(payload);
    const workspace = await tempRepo(
      { 'README.md': '# Hello-World\n\nComit with two t.\n' },
      { git: true },
    );
    const gemini = await useFakeGemini([fixReadme(workspace), textReply('Fixed the spelling.')]);

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      workspace,
    });

    expect(run.result.conclusion).toBe('success');
    expect(github.violations).toEqual([]);
    const branch = 'gemini/issue-1-spelling-error-in-the-readme-file';
    expect(run.outputs.branch_name).toBe(branch);
    expect(git(run.remote, 'show', `${branch}:README.md`)).toBe(
      '# Hello-World\n\nCommit with one t.',
    );
    expect(git(run.remote, 'rev-parse', branch)).toBe(run.outputs.commit_sha);
    const message = git(run.remote, 'log', '-1', '--format=%an <%ae>%n%B', branch);
    expect(message).toContain(
      'github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>',
    );
    expect(message).toContain('Co-authored-by: Codertocat <Codertocat@users.noreply.github.com>');
    // The workspace's own branch and index are untouched: the commit exists only on the remote.
    expect(git(workspace, 'log', '--format=%s')).toBe('init');
    expect(github.createdPulls).toEqual([
      expect.objectContaining({ head: branch, base: 'master', draft: true }),
    ]);
    expect(github.createdPulls[0]?.body).toContain('#1');
    expect(run.outputs.pr_url).toMatch(/\/pull\/\d+$/);
    const final = github.comments(1).find((comment) => !comment.seeded);
    expect(final?.body).toContain(run.outputs.pr_url);
  });

  it('with signed_commits, makes the commit through the API so GitHub marks it verified', async () => {
    const payload = commentEvent('/gemini fix the spelling in the README');
    const workspace = await tempRepo(
      { 'README.md': '# Hello-World\n\nComit with two t.\n' },
      { git: true },
    );
    const github = await useFakeGitHub({
      ...seedFromPayload(payload),
      repo: { ...REPO, defaultBranchSha: git(workspace, 'rev-parse', 'HEAD') },
      files: { master: { 'README.md': '# Hello-World\n\nComit with two t.\n' } },
    });
    const gemini = await useFakeGemini([fixReadme(workspace), textReply('Fixed the spelling.')]);

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      workspace,
      inputs: { signed_commits: 'true' },
    });

    expect(run.result.conclusion).toBe('success');
    expect(github.violations).toEqual([]);
    const commit = github.gitCommit(run.outputs.commit_sha ?? '');
    expect(commit?.verified).toBe(true);
    expect(commit?.tree['README.md']).toBe('# Hello-World\n\nCommit with one t.\n');
    expect(github.refs[`refs/heads/${run.outputs.branch_name ?? ''}`]).toBe(run.outputs.commit_sha);
    // Nothing was pushed with git.
    expect(git(run.remote, 'branch', '--list')).toBe('* main');
  });

  it("keeps the checkout's stored token out of reach of the agent's commands, then puts it back", async () => {
    const payload = commentEvent('/gemini look at the git config');
    const github = await githubFor(payload);
    const workspace = await tempRepo({ 'README.md': '# Hello-World\n' }, { git: true });
    const header = 'AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46Z2hzX2NoZWNrb3V0Q2FuYXJ5';
    git(workspace, 'config', '--local', 'http.https://github.com/.extraheader', header);
    const gemini = await useFakeGemini([
      callsReply([{ id: 'c1', name: 'run_shell_command', args: { command: 'git config --list' } }]),
      textReply('Looked.'),
    ]);

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      workspace,
      inputs: { allowed_commands: 'git config --list' },
    });

    expect(run.result.conclusion).toBe('success');
    const toolOutput = JSON.stringify(gemini.generateRequests()[1]?.body);
    expect(toolOutput).toContain('core.bare');
    expect(toolOutput).not.toContain('eC1hY2Nlc3MtdG9rZW46');
    expect(
      git(workspace, 'config', '--local', '--get', 'http.https://github.com/.extraheader'),
    ).toBe(header);
  });

  it('a re-run for the same issue continues on its branch and updates the same pull request', async () => {
    const payload = commentEvent('/gemini fix the spelling in the README');
    const github = await githubFor(payload);
    const workspace = await tempRepo(
      { 'README.md': '# Hello-World\n\nComit with two t.\n' },
      { git: true },
    );
    const first = await useFakeGemini([fixReadme(workspace), textReply('Fixed the spelling.')]);
    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini: first,
      workspace,
    });
    expect(github.createdPulls).toHaveLength(1);

    // A fresh checkout of the default branch, as the next workflow run would have.
    const again = await tempRepo(
      { 'README.md': '# Hello-World\n\nComit with two t.\n' },
      { git: true },
    );
    const second = await useFakeGemini([
      callsReply([
        {
          id: 'w2',
          name: 'write_file',
          args: { file_path: `${again}/NOTES.md`, content: 'Spelling checked.\n' },
        },
      ]),
      textReply('Added a note.'),
    ]);
    const rerun = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini: second,
      workspace: again,
      remote: run.remote,
    });

    expect(rerun.result.conclusion).toBe('success');
    expect(github.createdPulls).toHaveLength(1);
    expect(rerun.outputs.pr_number).toBe(run.outputs.pr_number);
    const branch = run.outputs.branch_name ?? '';
    // Both runs' work is on the branch: the second commit sits on the first.
    expect(git(run.remote, 'show', `${branch}:README.md`)).toContain('one t');
    expect(git(run.remote, 'show', `${branch}:NOTES.md`)).toBe('Spelling checked.');
    expect(git(run.remote, 'rev-parse', `${branch}~1`)).toBe(run.outputs.commit_sha);
  });

  it('publishes nothing when the session stops early, and says so', async () => {
    const payload = commentEvent('/gemini fix the spelling in the README');
    const github = await githubFor(payload);
    const workspace = await tempRepo({ 'README.md': '# Hello-World\n' }, { git: true });
    const gemini = await useFakeGemini([fixReadme(workspace), textReply('never reached')]);

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      workspace,
      inputs: { max_turns: '1' },
    });

    expect(run.result.conclusion).toBe('failure');
    expect(git(run.remote, 'branch', '--list')).toBe('* main');
    expect(github.createdPulls).toEqual([]);
    const final = github.comments(1).find((comment) => !comment.seeded);
    expect(final?.body).toContain('not published, because the session did not finish');
  });

  it("puts a fork's change in the comment as a patch and pushes nothing", async () => {
    const payload = issueCommentOnPullRequest();
    payload.comment.body = '/gemini fix the spelling in the README';
    const github = await useFakeGitHub({
      repo: REPO,
      pulls: [
        {
          number: payload.issue.number,
          title: payload.issue.title,
          user: 'Codertocat',
          head: {
            ref: 'patch-1',
            sha: 'ec26c3e57ca3a959ca5aad62de7213c562f8c821',
            repo: { owner: 'mallory', name: 'Hello-World' },
          },
          base: { ref: 'master', sha: 'f95f852bd8fca8fcc58a9a2d6c842781e32a215e' },
          files: [{ filename: 'README.md', patch: '@@ -1 +1 @@\n-a\n+b' }],
          comments: [commentSeedFrom(payload)],
        },
      ],
    });
    const workspace = await tempRepo(
      { 'README.md': '# Hello-World\n\nComit with two t.\n' },
      { git: true },
    );
    const gemini = await useFakeGemini([fixReadme(workspace), textReply('Fixed the spelling.')]);

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      workspace,
    });

    expect(run.result.conclusion).toBe('success');
    expect(git(run.remote, 'branch', '--list')).toBe('* main');
    expect(github.createdPulls).toEqual([]);
    expect(run.outputs.branch_name).toBeUndefined();
    const final = github.comments(payload.issue.number).find((comment) => !comment.seeded);
    expect(final?.body).toContain('+Commit with one t.');
    expect(final?.body).toContain('fork');
    const patchFile = run.logs
      .map((line) => /its patch is in (\S+)\.$/.exec(line)?.[1])
      .find((file) => file !== undefined);
    expect(await readFile(patchFile ?? '', 'utf8')).toContain('+Commit with one t.');
  });
});
