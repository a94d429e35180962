/**
 * Whether a newer run of the same workflow is doing the same work: another run for the same pull
 * request, started after this one. A review such a run supersedes must not be posted (the newer
 * run posts its own), and a review cancelled by `cancel-in-progress` says which run replaced it.
 *
 * One request when the runner says which workflow file and run number this is
 * (`GITHUB_WORKFLOW_REF`, `GITHUB_RUN_NUMBER`): the workflow's runs for the pull request's branch,
 * newest first (`GET /repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs`, which takes the
 * file name as `workflow_id`). Otherwise this run is read first (`GET …/actions/runs/{run_id}`)
 * for its workflow and number. Run numbers count up per workflow and a re-run keeps its number,
 * so "newer" is a higher number: a re-run of an old run is superseded by the runs after it.
 *
 * The token needs `actions: read`. This is a courtesy check, never a reason to fail: every
 * failure (no permission, not found, the network, the deadline) is an answer of "none found",
 * with the reason at debug level. It is asked under a deadline too, since a cancelled run asks
 * it in the seconds between SIGINT and SIGTERM.
 */
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { Octokit } from '@octokit/rest';
import { serverUrl } from './urls.js';
import { workflowFileName } from './workflow-ref.js';
import { githubStatus } from './error-status.js';

/** The run in hand, as the runner and the trigger describe it. */
export interface RunInHand {
  owner: string;
  repo: string;
  /** `GITHUB_RUN_ID`. */
  runId: number;
  /** `GITHUB_RUN_NUMBER`; read from the run itself when unknown. */
  runNumber?: number | undefined;
  /** The workflow file's name (`gemini-review.yml`) or id; read from the run itself when unknown. */
  workflow?: string | number | undefined;
  /** `GITHUB_EVENT_NAME`. */
  event: string;
  /** `GITHUB_SERVER_URL`, for the newer run's link. */
  serverUrl: string;
  pullRequest: {
    number: number;
    /** The head branch's name. */
    headRef: string;
    /** `owner/name` of the head's repository; null when a fork was deleted. */
    headRepoFullName: string | null;
  };
}

export interface NewerRun {
  /** The newer run's page. */
  url: string;
  runId: number;
  runNumber: number;
  /** The commit the newer run works on. */
  headSha: string;
}

export interface FindNewerRunOptions {
  logger: Logger;
  /** Ends the question early (the run is being cancelled); the answer is then undefined. */
  signal?: AbortSignal | undefined;
  /** The longest the question may take, in milliseconds. Default 10 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/** Runs whose end says they did not do the work. A cancelled one was replaced, or stopped. */
const NOT_DONE = new Set(['cancelled', 'skipped']);

/** The events whose runs GitHub ties to a pull request (the runs' `pull_requests`, their branch). */
const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

/** The newer run doing this run's work, or undefined (none, or it cannot be known). */
export async function findNewerRun(
  client: Octokit,
  run: RunInHand,
  options: FindNewerRunOptions,
): Promise<NewerRun | undefined> {
  const { logger } = options;
  const timeout = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  if (!PULL_REQUEST_EVENTS.has(run.event)) {
    logger.debug(
      `No look for a newer run: runs of a ${run.event} event are not tied to a pull request.`,
    );
    return undefined;
  }
  let stopped: (() => void) | undefined;
  const aborted = new Promise<undefined>((resolve) => {
    stopped = () => {
      resolve(undefined);
    };
    if (signal.aborted) resolve(undefined);
    else signal.addEventListener('abort', stopped, { once: true });
  });
  try {
    // A rate-limit wait can outlast the deadline inside the client: the race ends it, and the
    // request's own end, later, is nobody's concern.
    const asked = ask(client, run, signal);
    asked.catch(() => undefined);
    const found = await Promise.race([asked, aborted]);
    if (found === undefined) {
      logger.debug('No newer run found in time: the look was cut short.');
      return undefined;
    }
    if (typeof found === 'string') {
      logger.debug(found);
      return undefined;
    }
    return found;
  } catch (error) {
    logger.debug(`Could not look for a newer run: ${describeFailure(error)}`);
    return undefined;
  } finally {
    if (stopped) signal.removeEventListener('abort', stopped);
  }
}

/** The newer run, or a sentence saying why there is none. */
async function ask(
  client: Octokit,
  run: RunInHand,
  signal: AbortSignal,
): Promise<NewerRun | string> {
  const request = { signal, retries: 0 };
  let { runNumber, workflow } = run;
  if (runNumber === undefined || workflow === undefined) {
    const { data } = await client.rest.actions.getWorkflowRun({
      owner: run.owner,
      repo: run.repo,
      run_id: run.runId,
      exclude_pull_requests: true,
      request,
    });
    runNumber = data.run_number;
    workflow = data.workflow_id;
  }
  const { data } = await client.rest.actions.listWorkflowRuns({
    owner: run.owner,
    repo: run.repo,
    workflow_id: workflow,
    event: run.event,
    // A pull_request run's branch is the pull request's head branch; a pull_request_target
    // run's is the base branch, shared with every other pull request.
    ...(run.event === 'pull_request' ? { branch: run.pullRequest.headRef } : {}),
    per_page: 100,
    request,
  });
  const ownNumber = runNumber;
  const newer = data.workflow_runs
    .filter((candidate) => candidate.id !== run.runId && candidate.run_number > ownNumber)
    .filter((candidate) => !NOT_DONE.has(candidate.conclusion ?? ''))
    .filter((candidate) => samePullRequest(candidate, run.pullRequest))
    // The newest one: the run that will post last.
    .sort((a, b) => b.run_number - a.run_number)[0];
  if (newer === undefined) {
    return `No newer run of this workflow for pull request #${run.pullRequest.number}.`;
  }
  return {
    // Built from numbers, not taken from the answer: a link that can only point where it says.
    url: `${run.serverUrl}/${encodeURIComponent(run.owner)}/${encodeURIComponent(run.repo)}/actions/runs/${newer.id}`,
    runId: newer.id,
    runNumber: newer.run_number,
    headSha: newer.head_sha,
  };
}

interface RunShape {
  head_branch: string | null;
  head_repository?: { full_name: string } | null;
  pull_requests: { number: number }[] | null;
}

/**
 * The run is for this pull request: GitHub lists it among the run's pull requests, or (for a
 * fork's, which GitHub does not list) the run's head is the pull request's head branch.
 */
function samePullRequest(candidate: RunShape, pullRequest: RunInHand['pullRequest']): boolean {
  const listed = candidate.pull_requests ?? [];
  if (listed.length > 0) return listed.some((pr) => pr.number === pullRequest.number);
  const headRepo = candidate.head_repository?.full_name;
  return (
    pullRequest.headRepoFullName !== null &&
    headRepo !== undefined &&
    headRepo.toLowerCase() === pullRequest.headRepoFullName.toLowerCase() &&
    candidate.head_branch === pullRequest.headRef
  );
}

function describeFailure(error: unknown): string {
  const status = githubStatus(error);
  const message = errorMessage(error);
  if (status === 403 || status === 401) {
    return `${message} (HTTP ${status}; the token needs \`actions: read\` under \`permissions:\` in the workflow).`;
  }
  return typeof status === 'number' ? `${message} (HTTP ${status}).` : message;
}

/**
 * The facts of the run in hand that the runner's environment holds, or undefined outside a
 * runner (the CLI's local run has no workflow run to compare with).
 */
export interface WorkflowRunFacts {
  runId: number;
  runNumber: number | undefined;
  /** The workflow file's name, from `GITHUB_WORKFLOW_REF`. */
  workflowFile: string | undefined;
  event: string;
  serverUrl: string;
}

export function workflowRunFacts(
  env: Readonly<Record<string, string | undefined>>,
): WorkflowRunFacts | undefined {
  const runId = positiveInteger(env.GITHUB_RUN_ID);
  const event = env.GITHUB_EVENT_NAME?.trim();
  if (runId === undefined || event === undefined || event === '') return undefined;
  let server: string;
  try {
    server = serverUrl(env);
  } catch {
    return undefined;
  }
  return {
    runId,
    runNumber: positiveInteger(env.GITHUB_RUN_NUMBER),
    workflowFile: workflowFileName(env.GITHUB_WORKFLOW_REF, env.GITHUB_REPOSITORY),
    event,
    serverUrl: server,
  };
}

/** The run in hand for a pull request, from the runner's facts. */
export function runInHand(
  facts: WorkflowRunFacts,
  repo: { owner: string; repo: string },
  pullRequest: RunInHand['pullRequest'],
): RunInHand {
  return {
    ...repo,
    runId: facts.runId,
    runNumber: facts.runNumber,
    workflow: facts.workflowFile,
    event: facts.event,
    serverUrl: facts.serverUrl,
    pullRequest,
  };
}

function positiveInteger(value: string | undefined): number | undefined {
  if (value === undefined || !/^\d{1,15}$/.test(value.trim())) return undefined;
  const number = Number(value.trim());
  return number > 0 ? number : undefined;
}
