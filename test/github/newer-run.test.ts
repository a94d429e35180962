// Whether a newer run of the same workflow does this run's work (the same pull request): what a
// superseded review and a review cancelled by `cancel-in-progress` need to know. GitHub's answers
// are the workflow-run example of its REST API description, changed only where a test says so.
import nock from 'nock';
import { afterEach, describe, expect, it } from 'vitest';
import type { RunInHand } from '../../src/github/newer-run.js';
import { findNewerRun, runInHand, workflowRunFacts } from '../../src/github/newer-run.js';
import { createOctokit } from '../../src/github/octokit.js';
import { memoryLogger } from '../../src/platform/logger.js';
import { githubApi } from '../support/github-api.js';
import { WORKFLOW_RUN_EXAMPLE } from '../support/workflow-run-example.js';

const RUNS = '/repos/octo-org/octo-repo/actions/workflows/gemini-review.yml/runs';
const QUERY = { event: 'pull_request', branch: 'feature', per_page: '100' };
const OWN_ID = 30433600;

afterEach(() => {
  nock.cleanAll();
});

const hand: RunInHand = {
  owner: 'octo-org',
  repo: 'octo-repo',
  runId: OWN_ID,
  runNumber: 561,
  workflow: 'gemini-review.yml',
  event: 'pull_request',
  serverUrl: 'https://github.com',
  pullRequest: { number: 7, headRef: 'feature', headRepoFullName: 'octo-org/octo-repo' },
};

function sha(n: number): string {
  return n.toString(16).padStart(40, 'a');
}

/** The example run, for pull request `pull` (or a fork's, which GitHub lists with none). */
function run(
  id: number,
  runNumber: number,
  options: {
    pull?: number | 'fork';
    headRepo?: string;
    branch?: string;
    status?: string;
    conclusion?: string | null;
  } = {},
) {
  const branch = options.branch ?? 'feature';
  const headRepo = options.headRepo ?? 'octo-org/octo-repo';
  const pull = options.pull ?? 7;
  return {
    ...structuredClone(WORKFLOW_RUN_EXAMPLE),
    id,
    run_number: runNumber,
    event: 'pull_request',
    head_branch: branch,
    head_sha: sha(runNumber),
    status: options.status ?? 'in_progress',
    conclusion: options.conclusion ?? null,
    html_url: `https://github.com/octo-org/octo-repo/actions/runs/${id}`,
    pull_requests:
      pull === 'fork'
        ? []
        : [
            {
              id: 1000 + pull,
              number: pull,
              url: `https://api.github.com/repos/octo-org/octo-repo/pulls/${pull}`,
              head: {
                ref: branch,
                sha: sha(runNumber),
                repo: {
                  id: 1296269,
                  url: 'https://api.github.com/repos/octo-org/octo-repo',
                  name: 'octo-repo',
                },
              },
              base: {
                ref: 'main',
                sha: sha(1),
                repo: {
                  id: 1296269,
                  url: 'https://api.github.com/repos/octo-org/octo-repo',
                  name: 'octo-repo',
                },
              },
            },
          ],
    head_repository: {
      ...structuredClone(WORKFLOW_RUN_EXAMPLE.head_repository),
      full_name: headRepo,
    },
  };
}

function listing(...runs: ReturnType<typeof run>[]) {
  return { total_count: runs.length, workflow_runs: runs };
}

function client() {
  return createOctokit({ token: 'ghs_test', logger: memoryLogger() });
}

describe('findNewerRun', () => {
  it('finds the newest run of the workflow for the same pull request, started after this one', async () => {
    githubApi()
      .get(RUNS)
      .query(QUERY)
      .reply(
        200,
        listing(
          run(30433650, 564, { pull: 8 }),
          run(30433640, 563),
          run(30433620, 562, { status: 'queued' }),
          run(OWN_ID, 561),
          run(30433500, 560, { status: 'completed', conclusion: 'cancelled' }),
        ),
      );
    const logger = memoryLogger();

    const found = await findNewerRun(client(), hand, { logger });

    expect(found).toEqual({
      url: 'https://github.com/octo-org/octo-repo/actions/runs/30433640',
      runId: 30433640,
      runNumber: 563,
      headSha: sha(563),
    });
  });

  it('finds none among its own run, older runs, other pull requests, and newer runs that were skipped or cancelled', async () => {
    githubApi()
      .get(RUNS)
      .query(QUERY)
      .reply(
        200,
        listing(
          run(30433680, 566, { status: 'completed', conclusion: 'skipped' }),
          run(30433670, 565, { status: 'completed', conclusion: 'cancelled' }),
          run(30433650, 564, { pull: 8 }),
          run(OWN_ID, 561),
          run(30433500, 560),
        ),
      );
    const logger = memoryLogger();

    expect(await findNewerRun(client(), hand, { logger })).toBeUndefined();
    expect(logger.lines).toEqual([
      { level: 'debug', message: 'No newer run of this workflow for pull request #7.' },
    ]);
  });

  it('counts a newer run that finished, so a re-run of an old run is superseded too', async () => {
    githubApi()
      .get(RUNS)
      .query(QUERY)
      .reply(200, listing(run(30433640, 563, { status: 'completed', conclusion: 'success' })));

    const found = await findNewerRun(client(), hand, { logger: memoryLogger() });

    expect(found?.runNumber).toBe(563);
  });

  it('recognises a fork’s pull request, which GitHub lists with no pull requests, by its head', async () => {
    githubApi()
      .get(RUNS)
      .query(QUERY)
      .reply(
        200,
        listing(
          // Another fork's branch of the same name.
          run(30433660, 565, { pull: 'fork', headRepo: 'someone-else/octo-repo' }),
          run(30433640, 563, { pull: 'fork', headRepo: 'contributor/octo-repo' }),
        ),
      );
    const fork = {
      ...hand,
      pullRequest: { number: 7, headRef: 'feature', headRepoFullName: 'Contributor/octo-repo' },
    };

    const found = await findNewerRun(client(), fork, { logger: memoryLogger() });

    expect(found?.runId).toBe(30433640);
  });

  it('reads its own run first when the runner does not say which workflow or number it is', async () => {
    githubApi()
      .get(`/repos/octo-org/octo-repo/actions/runs/${OWN_ID}`)
      .query({ exclude_pull_requests: 'true' })
      .reply(200, { ...run(OWN_ID, 561), pull_requests: [], workflow_id: 159038 })
      .get('/repos/octo-org/octo-repo/actions/workflows/159038/runs')
      .query(QUERY)
      .reply(200, listing(run(30433640, 563), run(OWN_ID, 561)));

    const found = await findNewerRun(
      client(),
      { ...hand, runNumber: undefined, workflow: undefined },
      { logger: memoryLogger() },
    );

    expect(found?.runNumber).toBe(563);
  });

  it('lists a pull_request_target workflow’s runs without a branch, which is the base branch there', async () => {
    githubApi()
      .get(RUNS)
      .query({ event: 'pull_request_target', per_page: '100' })
      .reply(
        200,
        listing(
          { ...run(30433650, 564, { pull: 8, branch: 'main' }), event: 'pull_request_target' },
          { ...run(30433640, 563, { branch: 'main' }), event: 'pull_request_target' },
        ),
      );

    const found = await findNewerRun(
      client(),
      { ...hand, event: 'pull_request_target' },
      { logger: memoryLogger() },
    );

    expect(found?.runId).toBe(30433640);
  });

  it('asks nothing for an event whose runs GitHub does not tie to a pull request', async () => {
    const scope = githubApi()
      .get(RUNS)
      .query(true)
      .reply(200, listing(run(30433640, 563)));
    const logger = memoryLogger();

    expect(await findNewerRun(client(), { ...hand, event: 'issue_comment' }, { logger })).toBe(
      undefined,
    );
    expect(scope.isDone()).toBe(false);
    expect(logger.lines.map((line) => line.level)).toEqual(['debug']);
  });

  it.each([
    [403, 'Resource not accessible by integration', /actions: read/],
    [404, 'Not Found', /Not Found/],
    [500, 'Server Error', /Server Error/],
  ])(
    'answers none when GitHub answers %i, saying why at debug level only',
    async (status, message, why) => {
      let asked = 0;
      githubApi()
        .get(RUNS)
        .query(QUERY)
        .times(4)
        .reply(status, () => {
          asked++;
          return { message, documentation_url: 'https://docs.github.com/rest' };
        });
      const logger = memoryLogger();

      expect(await findNewerRun(client(), hand, { logger })).toBeUndefined();
      expect(logger.lines.filter((line) => line.level !== 'debug')).toEqual([]);
      expect(logger.lines.map((line) => line.message).join('\n')).toMatch(why);
      // Asked once: no retry may outlast a cancelled run's last seconds.
      expect(asked).toBe(1);
    },
  );

  it('answers none when the network fails', async () => {
    githubApi().get(RUNS).query(QUERY).replyWithError('socket hang up');
    const logger = memoryLogger();

    expect(await findNewerRun(client(), hand, { logger })).toBeUndefined();
    expect(logger.lines.map((line) => line.message).join('\n')).toContain('socket hang up');
  });

  it('gives up at its deadline', async () => {
    githubApi()
      .get(RUNS)
      .query(QUERY)
      .delay(5_000)
      .reply(200, listing(run(30433640, 563)));
    const started = Date.now();

    const found = await findNewerRun(client(), hand, { logger: memoryLogger(), timeoutMs: 300 });

    expect(found).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('gives up at its deadline while the client waits out a rate limit', async () => {
    githubApi().get(RUNS).query(QUERY).times(3).reply(
      403,
      {
        message: 'You have exceeded a secondary rate limit.',
        documentation_url: 'https://docs.github.com/rest',
      },
      { 'retry-after': '30' },
    );
    const started = Date.now();

    const found = await findNewerRun(client(), hand, { logger: memoryLogger(), timeoutMs: 300 });

    expect(found).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('stops when its caller does (the run is being cancelled)', async () => {
    githubApi()
      .get(RUNS)
      .query(QUERY)
      .delay(5_000)
      .reply(200, listing(run(30433640, 563)));
    const controller = new AbortController();
    setTimeout(() => {
      controller.abort();
    }, 100);
    const started = Date.now();

    const found = await findNewerRun(client(), hand, {
      logger: memoryLogger(),
      signal: controller.signal,
    });

    expect(found).toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe('workflowRunFacts', () => {
  const env = {
    GITHUB_RUN_ID: '30433600',
    GITHUB_RUN_NUMBER: '561',
    GITHUB_EVENT_NAME: 'pull_request',
    GITHUB_REPOSITORY: 'octo-org/octo-repo',
    GITHUB_WORKFLOW_REF: 'octo-org/octo-repo/.github/workflows/gemini-review.yml@refs/pull/7/merge',
    GITHUB_SERVER_URL: 'https://ghe.example.com',
  };

  it('reads the run, its number, its workflow file and event from the runner', () => {
    const facts = workflowRunFacts(env);
    expect(facts).toEqual({
      runId: 30433600,
      runNumber: 561,
      workflowFile: 'gemini-review.yml',
      event: 'pull_request',
      serverUrl: 'https://ghe.example.com',
    });
    expect(
      facts &&
        runInHand(facts, { owner: 'octo-org', repo: 'octo-repo' }, hand.pullRequest).workflow,
    ).toBe('gemini-review.yml');
  });

  it('leaves to the run itself what the runner does not say plainly', () => {
    expect(
      workflowRunFacts({
        ...env,
        GITHUB_RUN_NUMBER: undefined,
        GITHUB_WORKFLOW_REF: 'other-org/shared/.github/workflows/review.yml@v1',
      }),
    ).toMatchObject({ runNumber: undefined, workflowFile: undefined });
  });

  it('is undefined outside a runner', () => {
    expect(workflowRunFacts({ GITHUB_EVENT_NAME: 'pull_request' })).toBeUndefined();
    expect(workflowRunFacts({ ...env, GITHUB_RUN_ID: 'x' })).toBeUndefined();
  });
});
