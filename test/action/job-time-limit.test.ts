// The job's own limit, read from the workflow file at the commit the run started from (real git,
// a real checkout), and the warning when `timeout_minutes` leaves no time to wrap up.
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_JOB_TIMEOUT_MINUTES,
  readJobTimeLimit,
  timeLimitWarning,
  workflowFileFromCheckout,
} from '../../src/action/job-time-limit.js';
import { tempRepo } from '../support/temp-repo.js';

const REVIEW = `name: review
on: pull_request
jobs:
  review:
    runs-on: ubuntu-latest
    timeout-minutes: 20
    steps:
      - uses: actions/checkout@v4
      - id: gemini
        uses: owner/gemini-agent-action@v1
`;

async function checkout(workflow: string, file = '.github/workflows/review.yml') {
  const workspace = await tempRepo({ [file]: workflow }, { git: true });
  const sha = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: workspace, encoding: 'utf8' });
  const env = {
    GITHUB_REPOSITORY: 'octo/app',
    GITHUB_WORKFLOW_REF: `octo/app/${file}@refs/pull/7/merge`,
    GITHUB_WORKFLOW_SHA: sha.trim(),
    GITHUB_JOB: 'review',
    GITHUB_ACTION: 'gemini',
  };
  const read = (overrides: Record<string, string | undefined> = {}) => {
    const merged = { ...env, ...overrides };
    return readJobTimeLimit({
      env: merged,
      readWorkflowFile: workflowFileFromCheckout(workspace, { PATH: process.env.PATH }),
    });
  };
  return { read };
}

describe("the job's time limit", () => {
  it('is read from the job in the workflow file at the run’s commit', async () => {
    const { read } = await checkout(REVIEW);
    expect(await read()).toEqual({
      minutes: 20,
      source: '.github/workflows/review.yml, job review',
      isDefault: false,
    });
  });

  it("is the step's own limit when it is shorter than the job's", async () => {
    const { read } = await checkout(
      REVIEW.replace(
        'uses: owner/gemini-agent-action@v1',
        'uses: x@v1\n        timeout-minutes: 9',
      ),
    );
    expect(await read()).toEqual({
      minutes: 9,
      source: '.github/workflows/review.yml, job review, this step',
      isDefault: false,
    });
  });

  it("is GitHub's default of 360 minutes for a job that sets none", async () => {
    const { read } = await checkout(REVIEW.replace('    timeout-minutes: 20\n', ''));
    expect(await read()).toMatchObject({ minutes: DEFAULT_JOB_TIMEOUT_MINUTES, isDefault: true });
  });

  it('is unknown for an expression, another job, a commit the checkout lacks, or a reusable workflow of another repository', async () => {
    const expression = await checkout(
      REVIEW.replace('timeout-minutes: 20', 'timeout-minutes: ${{ inputs.limit }}'),
    );
    expect(await expression.read()).toBeUndefined();
    const { read } = await checkout(REVIEW);
    expect(await read({ GITHUB_JOB: 'other' })).toBeUndefined();
    expect(await read({ GITHUB_WORKFLOW_SHA: 'f'.repeat(40) })).toBeUndefined();
    expect(await read({ GITHUB_WORKFLOW_SHA: 'HEAD~3' })).toBeUndefined();
    expect(
      await read({
        GITHUB_WORKFLOW_REF: 'octo/shared/.github/workflows/review.yml@refs/heads/main',
      }),
    ).toBeUndefined();
  });
});

describe('the warning when timeout_minutes leaves no time to wrap up', () => {
  const limit = {
    minutes: 20,
    source: '.github/workflows/review.yml, job review',
    isDefault: false,
  };

  it('is silent when the session ends at least a minute before the job', () => {
    expect(timeLimitWarning(19, limit)).toBeUndefined();
    expect(timeLimitWarning(30, { ...limit, minutes: 360, isDefault: true })).toBeUndefined();
  });

  it('says what to set when it does not', () => {
    expect(timeLimitWarning(20, limit)).toContain('Set timeout_minutes to 19 or less');
    expect(timeLimitWarning(30, limit)).toContain(
      "the job's own limit is 20 minutes (timeout-minutes in .github/workflows/review.yml, job review)",
    );
    expect(timeLimitWarning(5, { ...limit, minutes: 1 })).toContain(
      "Raise the job's timeout-minutes",
    );
  });
});
