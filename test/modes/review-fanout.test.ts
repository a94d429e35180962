// A large pull request's review in-process: the files split into groups, one reviewer subagent
// per group in parallel, a verifier that reads the code and drops the finding it contradicts,
// one review posted with the confirmed finding only, and the tally in the review and the summary.
import { describe, expect, it } from 'vitest';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import type { FakeRequest } from '../support/fake-gemini.js';
import { runActionInProcess } from '../support/action-harness.js';
import { tempRepo } from '../support/temp-repo.js';
import {
  CONFIRMED_FINDING,
  CONTRADICTED_FINDING,
  FANOUT_FILES,
  fanoutModel,
  fanoutPullRequest,
  fanoutPullSeed,
} from '../support/review-fanout-scenario.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };

function text(request: FakeRequest | undefined): string {
  return JSON.stringify(request?.body);
}

async function fanoutRun(submitted?: readonly object[], inputs: Record<string, string> = {}) {
  const payload = fanoutPullRequest();
  const github = await useFakeGitHub({ repo: REPO, pulls: [fanoutPullSeed(payload)] });
  const model = fanoutModel(submitted);
  const gemini = await useFakeGemini(model.script, { lanes: model.lanes });
  const workspace = await tempRepo({ 'README.md': '# demo\n', ...FANOUT_FILES }, { git: true });
  const run = await runActionInProcess({
    eventName: 'pull_request',
    payload,
    github,
    gemini,
    workspace,
    inputs: { review_fanout_lines: '10', ...inputs },
  });
  return { run, github, gemini, payload };
}

describe('a review that fans out', () => {
  it('reviews the groups in parallel, verifies, and posts only the confirmed finding', async () => {
    const { run, github, gemini } = await fanoutRun();

    expect(run.result.conclusion).toBe('success');
    expect(github.violations).toEqual([]);
    const main = gemini.generateRequests().filter((request) => request.lane === undefined);
    // The main agent was told how the pull request is split, and offered the review's agents.
    expect(text(main[0])).toContain('This pull request is reviewed in parallel');
    expect(text(main[0])).toContain('- group 1 (11 lines): `src/cache.ts`');
    expect(text(main[0])).toContain('"name":"pr_reviewer"');
    expect(text(main[0])).toContain('"name":"finding_verifier"');

    // Each reviewer got the pull request's context and, this diff being small, all of it; then
    // its own group. Everything before its own part is word for word the other reviewer's, so
    // their requests share that prefix (what implicit caching bills at the cached rate).
    const reviewer1 = gemini.generateRequests().find((request) => request.lane === 'reviewer-1');
    const reviewer2 = gemini.generateRequests().find((request) => request.lane === 'reviewer-2');
    expect(text(reviewer1)).toContain('Add a cache and retry limits');
    expect(text(reviewer1)).toContain('+export function cacheKey');
    expect(text(reviewer1)).toContain('+export function retryDelay');
    expect(text(reviewer1)).toContain('Review group 1 of 2. Your files (11 changed lines)');
    const shared = text(reviewer1).split('Review group 1 of 2')[0] ?? '';
    expect(shared).toContain('+export function retryDelay');
    expect(text(reviewer2).startsWith(shared)).toBe(true);
    // Both reviewers were asked before either answered: they ran in parallel.
    const firstOf = (name: string) =>
      gemini.generateRequests().find((request) => request.lane === name)?.index ?? Infinity;
    const secondOf = (name: string) =>
      gemini.generateRequests().filter((request) => request.lane === name)[1]?.index ?? Infinity;
    expect(firstOf('reviewer-2')).toBeLessThan(secondOf('reviewer-1'));

    // The verifier saw both candidates; the main agent read its verdicts.
    const verifier = gemini.generateRequests().find((request) => request.lane === 'verifier');
    expect(text(verifier)).toContain('F1.1');
    expect(text(verifier)).toContain('F2.1');
    expect(text(main[2])).toContain('Confirmed (1)');
    expect(text(main[2])).toContain('F2.1: src/limits.ts:5 caps the delay');

    // Exactly one review, with the confirmed finding only, and the tally.
    expect(github.reviews).toHaveLength(1);
    const review = github.reviews[0];
    expect(review?.comments).toEqual([
      expect.objectContaining({ path: CONFIRMED_FINDING.path, line: CONFIRMED_FINDING.line }),
    ]);
    expect(review?.body).toContain(
      '2 findings proposed by 2 reviewers of 2 file groups, 1 confirmed against the code, 1 dropped',
    );
    expect(run.summary).toContain('**Parallel review:** 2 findings proposed');
    expect(run.summary).toContain('Dropped by the verifier (1)');
    expect(run.summary).toContain('caps the delay at 30,000 ms');
    expect(gemini.remaining()).toBe(0);
    for (const name of ['reviewer-1', 'reviewer-2', 'verifier'])
      expect(gemini.remaining(name)).toBe(0);
  });

  it('leaves out a submitted finding the verifier dropped, whatever the main agent hands in', async () => {
    const { github, run } = await fanoutRun([CONFIRMED_FINDING, CONTRADICTED_FINDING]);

    expect(github.reviews).toHaveLength(1);
    expect(github.reviews[0]?.comments.map((comment) => comment.path)).toEqual(['src/cache.ts']);
    expect(github.reviews[0]?.body).not.toContain('grows without bound');
    expect(run.summary).toContain(
      '1 submitted finding was not among the confirmed ones and was left out.',
    );
  });

  it('keeps the single-agent review below the threshold', async () => {
    const payload = fanoutPullRequest();
    const github = await useFakeGitHub({ repo: REPO, pulls: [fanoutPullSeed(payload)] });
    const gemini = await useFakeGemini([
      callsReply([
        {
          id: 's',
          name: 'submit_review',
          args: { summary: 'Fine.', findings: [CONFIRMED_FINDING] },
        },
      ]),
      textReply('Done.'),
    ]);
    const run = await runActionInProcess({ eventName: 'pull_request', payload, github, gemini });

    expect(run.result.conclusion).toBe('success');
    const request = text(gemini.generateRequests()[0]);
    expect(request).not.toContain('reviewed in parallel');
    expect(request).not.toContain('"name":"pr_reviewer"');
    expect(github.reviews[0]?.comments).toHaveLength(1);
    expect(github.reviews[0]?.body).not.toContain('proposed by');
  });
});
