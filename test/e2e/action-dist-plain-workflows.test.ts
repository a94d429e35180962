// The committed Action bundle in the workflows people actually write: a plain actions/checkout of
// the default branch under a `/gemini` on a pull request, an answer longer than a comment can
// hold, and a triage whose model names a label the repository lacks (with the run's record
// uploaded to the runner's artifact service). Run as the runner would (see
// support/run-action-dist.ts), against the fake GitHub serving git over HTTP and the fake Gemini.
import { execFileSync } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useFakeGitHub } from '../support/fake-github-server.js';
import {
  fakeRuntimeToken,
  useFakeArtifactService,
  zipEntries,
} from '../support/fake-artifact-service.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { tempRepo } from '../support/temp-repo.js';
import { issueCommentOnPullRequest, webhookExample } from '../support/webhook-payloads.js';
import { E2E_API_KEY, runActionDist } from './support/run-action-dist.js';
import { commentSeedFrom, seedFromPayload } from '../support/payload-seeds.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=Dev', '-c', 'user.email=dev@example.com', ...args], {
    cwd,
    encoding: 'utf8',
  }).trim();
}

describe('dist/index.js in plain workflows', () => {
  it('pushes a fast-forward commit to a same-repository pull request from a checkout of the default branch', async () => {
    // GitHub's side: master, and the pull request's branch one commit ahead of it.
    const origin = await tempRepo({ 'README.md': '# Hello-World\n' }, { git: true });
    git(origin, 'branch', '-m', 'master');
    const base = git(origin, 'rev-parse', 'HEAD');
    git(origin, 'checkout', '-q', '-b', 'feature');
    await writeFile(path.join(origin, 'greeting.txt'), 'Helo, world\n');
    git(origin, 'add', '-A');
    git(origin, 'commit', '-qm', 'Add a greeting');
    const head = git(origin, 'rev-parse', 'HEAD');
    git(origin, 'checkout', '-q', 'master');
    // The job's checkout: what actions/checkout gives an issue_comment event — the default
    // branch, one commit deep, without the pull request's objects.
    const checkoutDir = await tempRepo();
    git(checkoutDir, 'clone', '-q', '--depth', '1', '--branch', 'master', `file://${origin}`, 'w');
    const workspace = path.join(checkoutDir, 'w');

    const payload = issueCommentOnPullRequest();
    payload.comment.body = '/gemini fix the spelling in greeting.txt';
    const number = payload.issue.number;
    const github = await useFakeGitHub({
      repo: REPO,
      pulls: [
        {
          number,
          title: payload.issue.title,
          user: 'Codertocat',
          head: { ref: 'feature', sha: head },
          base: { ref: 'master', sha: base },
          files: [
            { filename: 'greeting.txt', status: 'added', patch: '@@ -0,0 +1 @@\n+Helo, world' },
          ],
          comments: [commentSeedFrom(payload)],
        },
      ],
    });
    const gemini = await useFakeGemini([
      callsReply([
        {
          id: 'w1',
          name: 'write_file',
          args: { file_path: `${workspace}/greeting.txt`, content: 'Hello, world\n' },
        },
      ]),
      textReply('Fixed the spelling of "Hello".'),
    ]);

    const result = await runActionDist({
      payload,
      inputs: { gemini_api_key: E2E_API_KEY },
      github,
      gemini,
      workspace,
      remoteFrom: origin,
      remoteRefs: { [`refs/pull/${number}/head`]: head },
    });

    expect(result.code).toBe(0);
    expect(result.outputs.conclusion).toBe('success');
    expect(result.outputs.branch_name).toBe('feature');
    // A fast-forward of the pull request's branch: the new commit's parent is its head.
    const pushed = git(result.remote, 'rev-parse', 'refs/heads/feature');
    expect(pushed).toBe(result.outputs.commit_sha);
    expect(git(result.remote, 'rev-parse', `${pushed}^`)).toBe(head);
    expect(git(result.remote, 'show', `${pushed}:greeting.txt`)).toBe('Hello, world');
    expect(git(result.remote, 'rev-parse', 'refs/heads/master')).toBe(base);
    expect(github.createdPulls).toEqual([]);
    expect(result.stdout).toContain(
      `checked out feature at the pull request's head ${head.slice(0, 7)}`,
    );
    const final = github.comments(number).find((comment) => !comment.seeded);
    expect(final?.body).toContain('**Changes pushed** to [`feature`]');
    // The token went to git only as the fetch's and the push's header.
    const config = await readFile(path.join(workspace, '.git', 'config'), 'utf8');
    expect(config).not.toContain(github.token);
    expect(config).not.toMatch(/extraheader/i);
  });

  it('keeps the beginning of an 81,000-character answer in a final comment within the limit', async () => {
    const payload = webhookExample('issue_comment', { action: 'created' });
    payload.comment.body = '/gemini write the whole design down';
    const github = await useFakeGitHub(seedFromPayload(payload));
    const words = Array.from({ length: 10_000 }, (_, i) => `part${i}`).join(' ');
    const answer = `${`The design, in one paragraph: ${words}`.slice(0, 80_999)}.`;
    expect(answer.length).toBe(81_000);
    const gemini = await useFakeGemini([textReply(answer)]);

    const result = await runActionDist({
      payload,
      inputs: { gemini_api_key: E2E_API_KEY },
      github,
      gemini,
    });

    expect(result.code).toBe(0);
    const final = github.comments(1).find((comment) => !comment.seeded);
    const body = final?.body ?? '';
    expect(body.length).toBeLessThanOrEqual(65_536);
    expect(body).toMatch(/^\*\*Gemini finished @Codertocat's task in \d+s\*\*\n\n/);
    const shown = body.split('\n\n')[1] ?? '';
    expect(shown.startsWith('The design, in one paragraph: part0 part1 part2')).toBe(true);
    expect(shown.length).toBeGreaterThan(60_000);
    expect(answer.startsWith(shown.replace(/…$/, ''))).toBe(true);
    expect(body).toContain(
      `> ✂️ The answer was cut to fit GitHub's 65,536-character comment limit. The full record is in the [job run](${result.runUrl}).`,
    );
    // Nothing lost: the job summary and the answer file hold all of it.
    console.log(
      result.summary.length,
      result.summary.includes('part9000'),
      JSON.stringify(result.summary.slice(75000, 75400)),
      JSON.stringify(answer.slice(-100)),
    );
    expect(result.summary).toContain(answer.slice(-100));
    const answerFile = path.join(path.dirname(result.outputs.transcript_file ?? ''), 'answer.md');
    expect(await readFile(answerFile, 'utf8')).toBe(`${answer}\n`);
  });

  it('applies the labels a triage names that exist, reports the one that does not, and uploads the record', async () => {
    const payload = webhookExample('issues', { action: 'opened' });
    const number = payload.issue.number;
    const github = await useFakeGitHub({
      repo: REPO,
      labels: [
        { name: 'bug', description: 'Something is broken' },
        { name: 'documentation', description: 'Docs only' },
      ],
      issues: [{ number, title: payload.issue.title, body: payload.issue.body ?? '' }],
    });
    const gemini = await useFakeGemini([
      callsReply([{ id: 'l1', name: 'set_labels', args: { labels: ['documentation', 'typo'] } }]),
      textReply('A typo in the docs.'),
    ]);

    // The runner's artifact service, reached by the bundled @actions/artifact client. (A triage
    // pushes nothing, so GitHub's server URL can be github.com's, which the client requires.)
    const runtimeToken = fakeRuntimeToken();
    const artifacts = await useFakeArtifactService({ token: runtimeToken, artifactId: 31 });

    const result = await runActionDist({
      eventName: 'issues',
      payload,
      inputs: { gemini_api_key: E2E_API_KEY },
      github,
      gemini,
      env: {
        GITHUB_SERVER_URL: 'https://github.com',
        ACTIONS_RUNTIME_TOKEN: runtimeToken,
        ACTIONS_RESULTS_URL: artifacts.url,
      },
    });

    expect(result.code).toBe(0);
    expect(github.labels(number)).toEqual(['documentation']);
    expect(JSON.parse(result.outputs.labels ?? '{}')).toEqual({ [number]: ['documentation'] });
    expect(result.summary).toContain('left out, not labels of this repository: `typo`');
    const zip = artifacts.artifacts.values().next().value;
    expect(zipEntries(zip ?? Buffer.alloc(0)).get('transcript.jsonl')).toContain('set_labels');
    expect(result.summary).toContain(
      '[Full answer and transcript](https://github.com/Codertocat/Hello-World/actions/runs/777/artifacts/31)',
    );
    expect(result.stdout).toContain(`::add-mask::${runtimeToken}`);
  });
});
