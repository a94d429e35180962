// A review's fan-out counts against the run's one cost cap: the reviewers' requests are the run's,
// so a reviewer that spends past max_cost_usd stops the whole review before the next request.
import { describe, expect, it } from 'vitest';
import { useFakeGitHub } from '../support/fake-github-server.js';
import { callsReply, lane, textReply, usage, useFakeGemini } from '../support/fake-gemini.js';
import { runActionInProcess } from '../support/action-harness.js';
import { tempRepo } from '../support/temp-repo.js';
import {
  CONFIRMED_FINDING,
  CONTRADICTED_FINDING,
  FANOUT_FILES,
  fanoutPullRequest,
  fanoutPullSeed,
} from '../support/review-fanout-scenario.js';

const REPO = { owner: 'Codertocat', name: 'Hello-World', defaultBranch: 'master' };
const REVIEWER = 'You are one of several reviewers of a pull request';
const VERIFIER = 'You verify the candidate findings of a pull request review';

describe('a review that fans out under max_cost_usd', () => {
  it('counts the reviewers’ spend against the cap and stops before the verifier', async () => {
    const payload = fanoutPullRequest();
    const github = await useFakeGitHub({ repo: REPO, pulls: [fanoutPullSeed(payload)] });
    const small = usage({ prompt: 1_000, candidates: 10 });
    const gemini = await useFakeGemini(
      [
        callsReply(
          [
            { id: 'r1', name: 'pr_reviewer', args: { group: 1 } },
            { id: 'r2', name: 'pr_reviewer', args: { group: 2 } },
          ],
          { usage: small },
        ),
        callsReply([{ id: 'v1', name: 'finding_verifier', args: {} }]),
        textReply('never requested'),
      ],
      {
        lanes: [
          // $0.40 on gemini-4-argon: past the cap of $0.10 by itself.
          lane('reviewer-1', { instruction: REVIEWER, userText: 'Review group 1 of 2' }, [
            callsReply(
              [{ id: 'g1', name: 'complete_task', args: { findings: [CONFIRMED_FINDING] } }],
              { usage: usage({ prompt: 100_000, candidates: 0 }) },
            ),
          ]),
          lane('reviewer-2', { instruction: REVIEWER, userText: 'Review group 2 of 2' }, [
            callsReply(
              [{ id: 'g2', name: 'complete_task', args: { findings: [CONTRADICTED_FINDING] } }],
              { usage: small },
            ),
          ]),
          lane('verifier', { instruction: VERIFIER }, [textReply('never requested')]),
        ],
      },
    );
    const workspace = await tempRepo({ 'README.md': '# demo\n', ...FANOUT_FILES }, { git: true });

    const run = await runActionInProcess({
      eventName: 'pull_request',
      payload,
      github,
      gemini,
      workspace,
      inputs: { review_fanout_lines: '10', model: 'gemini-4-argon', max_cost_usd: '0.10' },
    });

    const lanes = gemini.generateRequests().map((request) => request.lane ?? 'main');
    expect(lanes.filter((name) => name === 'main')).toHaveLength(1);
    expect(lanes).not.toContain('verifier');
    // One account: the main agent's $0.0042 and both reviewers' ($0.40 + $0.0042).
    expect(run.outputs.cost_usd).toBe('0.4084');
    expect(run.summary).toContain('**Budget reached: the cost cap**');
    expect(run.summary).toContain('the run has cost an estimated $0.408 (list prices)');
    expect(run.summary).toContain('the cost cap of $0.100 (max cost)');
  });
});
