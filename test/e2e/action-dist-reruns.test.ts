// The committed Action bundle through a re-run of a finished job, as the runner does it: the same
// event payload, the same GITHUB_RUN_ID and GITHUB_RUN_ATTEMPT 2, a fresh checkout of the commit
// the first attempt started from, and GitHub (API and git) as the first attempt left it.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { commentSeedFrom } from '../support/payload-seeds.js';
import { tempRepo } from '../support/temp-repo.js';
import { webhookExample } from '../support/webhook-payloads.js';
import { E2E_API_KEY, runActionDist } from './support/run-action-dist.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' }).trim();
}

/** The model's answer: README.md rewritten with `text`. */
function fixReadme(workspace: string, text: string) {
  return [
    callsReply([
      {
        id: 'w1',
        name: 'write_file',
        args: { file_path: `${workspace}/README.md`, content: `# Hello-World\n\n${text}\n` },
      },
    ]),
    textReply(`Fixed the spelling: ${text}.`),
  ];
}

describe('dist/index.js re-run', () => {
  it('a re-run of a finished /gemini job updates the same comment, branch and pull request', async () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini fix the spelling';
    const github = await useFakeGitHub({
      repo: REPO,
      issues: [{ number: 1, title: payload.issue.title, comments: [commentSeedFrom(payload)] }],
    });
    const first = await tempRepo({ 'README.md': '# Hello-World\n\nComit\n' }, { git: true });
    const attempt1 = await runActionDist({
      payload,
      inputs: { gemini_api_key: E2E_API_KEY },
      github,
      gemini: await useFakeGemini(fixReadme(first, 'Commit')),
      workspace: first,
      env: { GITHUB_RUN_ATTEMPT: '1' },
    });
    expect(attempt1.code).toBe(0);

    // The re-run checks out the commit the first attempt started from, in a new workspace.
    const second = path.join(await tempRepo(), 'checkout');
    git(path.dirname(second), 'clone', '-q', first, second);
    const attempt2 = await runActionDist({
      payload,
      inputs: { gemini_api_key: E2E_API_KEY },
      github,
      gemini: await useFakeGemini(fixReadme(second, 'Commit, spelled right')),
      workspace: second,
      remote: attempt1.remote,
      env: { GITHUB_RUN_ATTEMPT: '2' },
    });

    expect(attempt2.code).toBe(0);
    expect(github.violations).toEqual([]);
    expect(github.unexpected).toEqual([]);
    // One branch, moved forward by the re-run; one pull request, updated.
    const branch = attempt1.outputs.branch_name ?? '';
    expect(branch).toBe('gemini/issue-1-spelling-error-in-the-readme-file');
    expect(attempt2.outputs.branch_name).toBe(branch);
    expect(git(attempt1.remote, 'for-each-ref', '--format=%(refname)', 'refs/heads/gemini/')).toBe(
      `refs/heads/${branch}`,
    );
    expect(git(attempt1.remote, 'rev-parse', `${branch}^`)).toBe(attempt1.outputs.commit_sha);
    expect(git(attempt1.remote, 'show', `${branch}:README.md`)).toBe(
      '# Hello-World\n\nCommit, spelled right',
    );
    expect(github.createdPulls).toHaveLength(1);
    expect(attempt2.outputs.pr_number).toBe(attempt1.outputs.pr_number);
    // One comment: the first attempt's, continued and marked as the second attempt.
    const posted = github.comments(1).filter((comment) => !comment.seeded);
    expect(posted).toHaveLength(1);
    expect(posted[0]?.bodies.some((body) => body.includes('Fixed the spelling: Commit.'))).toBe(
      true,
    );
    expect(posted[0]?.body).toContain('**Attempt 2**');
    expect(posted[0]?.body).toContain('Fixed the spelling: Commit, spelled right.');
    expect(attempt2.outputs.comment_url).toBe(attempt1.outputs.comment_url);
    expect(attempt2.summary).toContain('Attempt 2');
    // Nothing secret in what the re-run wrote (the log's `::add-mask::` lines hand the runner the
    // values to hide).
    const log = attempt2.stdout
      .split('\n')
      .filter((line) => !line.startsWith('::add-mask::'))
      .join('\n');
    const written = [
      ...github.requests.map((request) => JSON.stringify(request.body)),
      attempt2.summary,
      log,
    ].join('\n');
    expect(written).not.toContain(E2E_API_KEY);
    expect(written).not.toContain(github.token);
  });

  it('a second delivery of the same comment is skipped, naming the run that answers it', async () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini fix the spelling';
    const github = await useFakeGitHub({
      repo: REPO,
      issues: [{ number: 1, title: payload.issue.title, comments: [commentSeedFrom(payload)] }],
    });
    const first = await tempRepo({ 'README.md': '# Hello-World\n\nComit\n' }, { git: true });
    const answered = await runActionDist({
      payload,
      inputs: { gemini_api_key: E2E_API_KEY },
      github,
      gemini: await useFakeGemini(fixReadme(first, 'Commit')),
      workspace: first,
    });
    const second = path.join(await tempRepo(), 'checkout');
    git(path.dirname(second), 'clone', '-q', first, second);
    const gemini = await useFakeGemini(fixReadme(second, 'Commit again'));

    const duplicate = await runActionDist({
      payload,
      inputs: { gemini_api_key: E2E_API_KEY },
      github,
      gemini,
      workspace: second,
      remote: answered.remote,
      env: { GITHUB_RUN_ID: '778' },
    });

    expect(duplicate.code).toBe(0);
    expect(duplicate.outputs.conclusion).toBe('skipped');
    expect(duplicate.summary).toContain('workflow run 777 answers this event already');
    expect(gemini.generateRequests()).toHaveLength(0);
    expect(github.comments(1).filter((comment) => !comment.seeded)).toHaveLength(1);
    expect(github.createdPulls).toHaveLength(1);
    expect(github.violations).toEqual([]);
  });
});
