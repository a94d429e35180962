// A review run end to end in-process: the pull_request event, the fake GitHub serving the pull
// request's real diff, the model handing in findings through submit_review, one review posted.
import { describe, expect, it } from 'vitest';
import { useFakeGitHub } from '../support/fake-github-server.js';
import type { FakePullSeed } from '../support/fake-github-server.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import { runActionInProcess } from '../support/action-harness.js';
import { webhookExample } from '../support/webhook-payloads.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };
const PATCH = [
  '@@ -1,4 +1,6 @@',
  ' export function parse(input: string) {',
  '-  return JSON.parse(input);',
  '+  const value = JSON.parse(input);',
  '+  // TODO: validate',
  '+  return value as any;',
  ' }',
  ' ',
].join('\n');

function pullRequestEvent(options: { draft?: boolean } = {}) {
  const payload = webhookExample('pull_request', { action: 'opened' });
  payload.pull_request.draft = options.draft ?? false;
  return payload;
}

function pullSeed(payload: ReturnType<typeof pullRequestEvent>): FakePullSeed {
  const pr = payload.pull_request;
  return {
    number: pr.number,
    title: pr.title,
    body: pr.body ?? '',
    user: 'Codertocat',
    draft: pr.draft,
    head: { ref: pr.head.ref, sha: pr.head.sha },
    base: { ref: pr.base.ref, sha: pr.base.sha },
    files: [{ filename: 'src/parse.ts', patch: PATCH }],
  };
}

const finding = {
  path: 'src/parse.ts',
  line: 4,
  severity: 'high',
  body: '`as any` throws the type away; return `unknown` and let callers narrow it.',
  suggestion: '  return value as unknown;',
};

describe('review runs', () => {
  it('posts one review with the finding on its changed line, and no progress comment', async () => {
    const payload = pullRequestEvent();
    const github = await useFakeGitHub({ repo: REPO, pulls: [pullSeed(payload)] });
    const gemini = await useFakeGemini([
      callsReply([
        {
          id: 'r1',
          name: 'submit_review',
          args: { summary: 'One typing problem.', findings: [finding] },
        },
      ]),
      textReply('Review handed in.'),
    ]);

    const run = await runActionInProcess({ eventName: 'pull_request', payload, github, gemini });

    expect(run.result.conclusion).toBe('success');
    expect(github.violations).toEqual([]);
    expect(github.reviews).toHaveLength(1);
    const review = github.reviews[0];
    expect(review?.event).toBe('COMMENT');
    expect(review?.commitId).toBe(payload.pull_request.head.sha);
    expect(review?.body).toContain('One typing problem.');
    expect(review?.body).toMatch(/<!-- gemini-agent:review head=ec26c3e/);
    expect(review?.comments).toEqual([
      expect.objectContaining({ path: 'src/parse.ts', line: 4, side: 'RIGHT' }),
    ]);
    expect(review?.comments[0]?.body).toContain('```suggestion\n  return value as unknown;\n```');
    // The model was told how to hand in its review, and the tool was offered to it.
    const request = JSON.stringify(gemini.generateRequests()[0]?.body);
    expect(request).toContain('How to hand in your review');
    expect(request).toContain('"name":"submit_review"');
    expect(github.comments(payload.pull_request.number).filter((c) => !c.seeded)).toEqual([]);
    expect(run.outputs.review_url).toMatch(/#pullrequestreview-\d+$/);
    expect(run.summary).toContain('**Review:** [posted]');
  });

  it('skips a draft quietly, before asking the model anything', async () => {
    const payload = pullRequestEvent({ draft: true });
    const github = await useFakeGitHub({ repo: REPO, pulls: [pullSeed(payload)] });
    const gemini = await useFakeGemini([]);

    const run = await runActionInProcess({ eventName: 'pull_request', payload, github, gemini });

    expect(run.result.conclusion).toBe('skipped');
    expect(gemini.requests).toEqual([]);
    expect(github.reviews).toEqual([]);
    expect(github.requests.filter((request) => request.method !== 'GET')).toEqual([]);
    expect(run.summary).toBe(
      '⏭️ Skipped: pull request #2 is a draft; it is reviewed when marked ready for review\n',
    );
  });

  it('reviews a draft when review_skip_drafts is false', async () => {
    const payload = pullRequestEvent({ draft: true });
    const github = await useFakeGitHub({ repo: REPO, pulls: [pullSeed(payload)] });
    const gemini = await useFakeGemini([
      callsReply([{ id: 'r1', name: 'submit_review', args: { summary: 'Fine.', findings: [] } }]),
      textReply('Done.'),
    ]);

    const run = await runActionInProcess({
      eventName: 'pull_request',
      payload,
      github,
      gemini,
      inputs: { review_skip_drafts: 'false' },
    });

    expect(run.result.conclusion).toBe('success');
    expect(github.reviews.map((review) => review.body)).toEqual([expect.stringContaining('Fine.')]);
  });

  it('reviews only once per head: a re-run on the same head is skipped', async () => {
    const payload = pullRequestEvent();
    const github = await useFakeGitHub({ repo: REPO, pulls: [pullSeed(payload)] });
    const gemini = await useFakeGemini([
      callsReply([{ id: 'r1', name: 'submit_review', args: { summary: 'Fine.', findings: [] } }]),
      textReply('Done.'),
    ]);
    await runActionInProcess({ eventName: 'pull_request', payload, github, gemini });
    expect(github.reviews).toHaveLength(1);

    const again = await runActionInProcess({ eventName: 'pull_request', payload, github, gemini });

    expect(again.result.conclusion).toBe('skipped');
    expect(again.summary).toContain('was reviewed already');
    expect(github.reviews).toHaveLength(1);
  });

  it('reports a failed automatic review in a comment on the pull request', async () => {
    const payload = pullRequestEvent();
    const github = await useFakeGitHub({ repo: REPO, pulls: [pullSeed(payload)] });
    const gemini = await useFakeGemini([
      callsReply([{ id: 'c1', name: 'read_file', args: { absolute_path: 'README.md' } }]),
    ]);

    const run = await runActionInProcess({
      eventName: 'pull_request',
      payload,
      github,
      gemini,
      inputs: { max_turns: '1' },
    });

    expect(run.result.conclusion).toBe('failure');
    expect(github.reviews).toEqual([]);
    const comments = github.comments(payload.pull_request.number).filter((c) => !c.seeded);
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toContain('Budget reached: the turn limit');
  });
});
