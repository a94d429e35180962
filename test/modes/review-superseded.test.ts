// Only the newest review of a pull request is posted. A review run that finishes after a newer
// run of its workflow started for the same pull request, or after the pull request's head moved
// on, posts nothing and says what replaced it: in the job summary, and in its comment when it
// has one (`/gemini review`). Driven in-process against the fake GitHub, whose Actions endpoints
// list the workflow's runs as GitHub does.
import { describe, expect, it } from 'vitest';
import { useFakeGitHub } from '../support/fake-github-server.js';
import type { FakePullSeed, FakeWorkflowRunSeed } from '../support/fake-github-server.js';
import { callsReply, textReply, useFakeGemini } from '../support/fake-gemini.js';
import type { FakeStep } from '../support/fake-gemini.js';
import { runActionInProcess } from '../support/action-harness.js';
import { commentSeedFrom } from '../support/payload-seeds.js';
import { issueCommentOnPullRequest, webhookExample } from '../support/webhook-payloads.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };
const PATCH = ['@@ -1,2 +1,3 @@', ' export const a = 1;', '+export const b = a as any;', ' '].join(
  '\n',
);
/** The commit a push moves the head to. */
const PUSHED = 'b1e2d3c4f5a6978877665544332211ffeeddccbb';
/** The harness's GITHUB_RUN_ID. */
const OWN_RUN = 4242;

function pullRequestEvent() {
  return webhookExample('pull_request', { action: 'synchronize' });
}

function pullSeed(pr: ReturnType<typeof pullRequestEvent>['pull_request']): FakePullSeed {
  return {
    number: pr.number,
    title: pr.title,
    body: pr.body ?? '',
    user: 'Codertocat',
    head: { ref: pr.head.ref, sha: pr.head.sha },
    base: { ref: pr.base.ref, sha: pr.base.sha },
    files: [{ filename: 'src/a.ts', patch: PATCH }],
  };
}

function reviewRun(
  id: number,
  runNumber: number,
  headSha: string,
  extra: Partial<FakeWorkflowRunSeed> = {},
): FakeWorkflowRunSeed {
  return {
    id,
    runNumber,
    workflowFile: 'gemini-review.yml',
    event: 'pull_request',
    headBranch: 'changes',
    headSha,
    pullRequests: [2],
    ...extra,
  };
}

const handIn = (first?: () => void): FakeStep[] => [
  () => {
    first?.();
    return callsReply([
      {
        id: 'r1',
        name: 'submit_review',
        args: {
          summary: 'One typing problem.',
          findings: [
            { path: 'src/a.ts', line: 2, severity: 'high', body: '`as any` hides the type.' },
          ],
        },
      },
    ]);
  },
  textReply('Review handed in.'),
];

/** What the runner sets for a run of examples/workflows/gemini-review.yml. */
const RUNNER = {
  GITHUB_RUN_NUMBER: '10',
  GITHUB_WORKFLOW_REF:
    'Codertocat/Hello-World/.github/workflows/gemini-review.yml@refs/pull/2/merge',
};

describe('a superseded review', () => {
  it('is not posted when a newer run of the workflow reviews the same pull request', async () => {
    const payload = pullRequestEvent();
    const github = await useFakeGitHub({
      repo: REPO,
      pulls: [pullSeed(payload.pull_request)],
      workflowRuns: [
        reviewRun(OWN_RUN, 10, payload.pull_request.head.sha),
        // Another pull request's newer run changes nothing.
        reviewRun(4400, 12, PUSHED, { pullRequests: [3], headBranch: 'other' }),
        reviewRun(4300, 11, PUSHED),
      ],
    });
    const gemini = await useFakeGemini(handIn());

    const run = await runActionInProcess({
      eventName: 'pull_request',
      payload,
      github,
      gemini,
      env: RUNNER,
    });

    expect(run.result.conclusion).toBe('success');
    expect(github.violations).toEqual([]);
    expect(github.reviews).toEqual([]);
    expect(github.comments(2).filter((comment) => !comment.seeded)).toEqual([]);
    expect(run.summary).toContain(
      '**Review:** not posted — superseded by a newer run, [run #11](https://github.com/Codertocat/Hello-World/actions/runs/4300) for commit `b1e2d3c`, which posts its own review.',
    );
    expect(run.outputs.review_url ?? '').toBe('');
    // One question to GitHub: the runner said which workflow and run number this is.
    expect(
      github.requests.filter((request) => request.path.includes('/actions/')).map((r) => r.path),
    ).toEqual(['/repos/Codertocat/Hello-World/actions/workflows/gemini-review.yml/runs']);
  });

  it('asks GitHub which workflow and number the run has when the runner does not say', async () => {
    const payload = pullRequestEvent();
    const github = await useFakeGitHub({
      repo: REPO,
      pulls: [pullSeed(payload.pull_request)],
      workflowRuns: [
        reviewRun(OWN_RUN, 10, payload.pull_request.head.sha),
        reviewRun(4300, 11, PUSHED),
      ],
    });
    const gemini = await useFakeGemini(handIn());

    const run = await runActionInProcess({ eventName: 'pull_request', payload, github, gemini });

    expect(github.reviews).toEqual([]);
    expect(run.summary).toContain('superseded by a newer run, [run #11]');
  });

  it('is not posted when the pull request’s head moved on while it ran', async () => {
    const payload = pullRequestEvent();
    const github = await useFakeGitHub({ repo: REPO, pulls: [pullSeed(payload.pull_request)] });
    const gemini = await useFakeGemini(
      handIn(() => {
        github.pushToPull(2, PUSHED);
      }),
    );

    const run = await runActionInProcess({ eventName: 'pull_request', payload, github, gemini });

    expect(run.result.conclusion).toBe('success');
    expect(github.reviews).toEqual([]);
    expect(run.summary).toContain(
      `**Review:** not posted — superseded by a newer push (\`b1e2d3c\`) while this review of \`${payload.pull_request.head.sha.slice(0, 7)}\` ran; the run that push starts reviews the new head.`,
    );
  });

  it('of a commit the head had left before the run started is posted, unless a newer run reviews the new head', async () => {
    const payload = pullRequestEvent();
    const pr = payload.pull_request;
    // The push came before this run started: the run still reviews the commit its event named.
    const moved: FakePullSeed = {
      ...pullSeed(pr),
      head: { ref: pr.head.ref, sha: PUSHED },
      previousHeadShas: [pr.head.sha],
      compare: { [`${pr.base.sha}...${pr.head.sha}`]: [{ filename: 'src/a.ts', patch: PATCH }] },
    };
    const alone = await useFakeGitHub({ repo: REPO, pulls: [moved] });
    const posted = await runActionInProcess({
      eventName: 'pull_request',
      payload,
      github: alone,
      gemini: await useFakeGemini(handIn()),
    });
    expect(alone.reviews.map((review) => review.commitId)).toEqual([pr.head.sha]);
    expect(posted.summary).toContain('**Review:** [posted]');

    const withNewer = await useFakeGitHub({
      repo: REPO,
      pulls: [moved],
      workflowRuns: [reviewRun(OWN_RUN, 10, pr.head.sha), reviewRun(4300, 11, PUSHED)],
    });
    const superseded = await runActionInProcess({
      eventName: 'pull_request',
      payload,
      github: withNewer,
      gemini: await useFakeGemini(handIn()),
      env: RUNNER,
    });
    expect(withNewer.reviews).toEqual([]);
    expect(superseded.summary).toContain('superseded by a newer run, [run #11]');
  });

  it('says so in the live comment of a review someone asked for', async () => {
    const payload = issueCommentOnPullRequest();
    payload.comment.body = '/gemini review';
    const pr = pullRequestEvent().pull_request;
    const github = await useFakeGitHub({
      repo: REPO,
      pulls: [{ ...pullSeed(pr), comments: [commentSeedFrom(payload)] }],
    });
    const gemini = await useFakeGemini(
      handIn(() => {
        github.pushToPull(2, PUSHED);
      }),
    );

    const run = await runActionInProcess({
      eventName: 'issue_comment',
      payload,
      github,
      gemini,
      inputs: { sandbox: 'none' },
    });

    expect(run.result.conclusion).toBe('success');
    expect(github.reviews).toEqual([]);
    const comments = github.comments(2).filter((comment) => !comment.seeded);
    expect(comments).toHaveLength(1);
    expect(comments[0]?.body).toContain(
      '**Review:** not posted — superseded by a newer push (`b1e2d3c`)',
    );
    expect(comments[0]?.body).toContain('ask for a review again to review the new head.');
    expect(comments[0]?.body).not.toContain('⏳');
  });

  it('is posted as before when nothing newer exists, or GitHub will not say (no `actions: read`)', async () => {
    const payload = pullRequestEvent();
    const github = await useFakeGitHub({
      repo: REPO,
      pulls: [pullSeed(payload.pull_request)],
      workflowRuns: [reviewRun(OWN_RUN, 10, payload.pull_request.head.sha)],
    });
    github.failNext('GET', /\/actions\//, 403, {
      message: 'Resource not accessible by integration',
      documentation_url: 'https://docs.github.com/rest/actions/workflow-runs',
      status: '403',
    });
    const gemini = await useFakeGemini(handIn());

    const run = await runActionInProcess({
      eventName: 'pull_request',
      payload,
      github,
      gemini,
      env: RUNNER,
    });

    expect(run.result.conclusion).toBe('success');
    expect(github.reviews).toHaveLength(1);
    expect(run.summary).toContain('**Review:** [posted]');
    // Said in the log at debug level (the runner's step debug), never as a warning or failure.
    expect(run.logs.join('\n')).toContain('the token needs `actions: read`');
    expect(run.failed).toEqual([]);
  });
});
