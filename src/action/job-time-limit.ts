/**
 * The job's own time limit, read from the workflow file the run started from, so the Action can
 * warn when its `timeout_minutes` leaves the job no time to wrap up.
 *
 * When a job reaches its `timeout-minutes`, the runner cancels it: SIGINT, SIGTERM 7.5 s later,
 * SIGKILL 2.5 s after that (docs.github.com, "Canceling a workflow"). The Action's own budget,
 * `timeout_minutes`, ends the session calmly instead — its work kept, its comment final — but only
 * if it comes first, with room for the wrap-up. GitHub tells a step nothing of its job's limit, so
 * it is read where it is written: `jobs.<GITHUB_JOB>.timeout-minutes` (and the step's own
 * `timeout-minutes` where the step has the id `GITHUB_ACTION` names) in the workflow file
 * `GITHUB_WORKFLOW_REF` names, at the commit `GITHUB_WORKFLOW_SHA`, from the checkout's git
 * objects. A job without one has GitHub's default of 360 minutes (docs.github.com, "Workflow
 * syntax for GitHub Actions", `jobs.<job_id>.timeout-minutes`). Anything that cannot be read —
 * another repository's reusable workflow, a commit the checkout does not have, an expression —
 * is left unknown: this only decides whether to warn.
 */
import { workflowFile } from '../github/workflow-ref.js';
import { createGit } from '../publish/git.js';

/** GitHub's limit for a job that sets none, in minutes. */
export const DEFAULT_JOB_TIMEOUT_MINUTES = 360;

/** How much of the job's limit the Action leaves for its wrap-up: comment, record, publishing. */
export const WRAP_UP_MINUTES = 1;

export interface JobTimeLimit {
  minutes: number;
  /** Where it was read, for the warning: `.github/workflows/review.yml, job review`. */
  source: string;
  /** True when the job sets none and GitHub's default applies. */
  isDefault: boolean;
}

export interface JobTimeLimitOptions {
  env: Readonly<Record<string, string | undefined>>;
  /** The workflow file's text at a commit; undefined when the checkout cannot show it. */
  readWorkflowFile: (sha: string, file: string) => Promise<string | undefined>;
}

/** The job's limit, or undefined where it cannot be read. */
export async function readJobTimeLimit(
  options: JobTimeLimitOptions,
): Promise<JobTimeLimit | undefined> {
  const { env } = options;
  const job = env.GITHUB_JOB;
  const sha = env.GITHUB_WORKFLOW_SHA;
  const file = workflowFile(env.GITHUB_WORKFLOW_REF, env.GITHUB_REPOSITORY);
  if (job === undefined || job === '' || sha === undefined || file === undefined) return undefined;
  const text = await options.readWorkflowFile(sha, file).catch(() => undefined);
  if (text === undefined) return undefined;
  const source = `${file}, job ${job}`;
  // Most workflows set no limit anywhere: no need to parse them.
  if (!text.includes('timeout-minutes')) {
    return { minutes: DEFAULT_JOB_TIMEOUT_MINUTES, source, isDefault: true };
  }
  const { parse } = await import('yaml');
  let workflow: unknown;
  try {
    workflow = parse(text, { maxAliasCount: 100 });
  } catch {
    return undefined;
  }
  const jobEntry = field(field(workflow, 'jobs'), job);
  if (jobEntry === undefined) return undefined;
  const jobLimit = minutesOf(field(jobEntry, 'timeout-minutes'));
  if (jobLimit === null) return undefined;
  const stepLimit = ownStepLimit(field(jobEntry, 'steps'), env.GITHUB_ACTION);
  if (stepLimit === null) return undefined;
  if (stepLimit !== undefined && stepLimit < (jobLimit ?? DEFAULT_JOB_TIMEOUT_MINUTES)) {
    return { minutes: stepLimit, source: `${source}, this step`, isDefault: false };
  }
  if (jobLimit === undefined) {
    return { minutes: DEFAULT_JOB_TIMEOUT_MINUTES, source, isDefault: true };
  }
  return { minutes: jobLimit, source, isDefault: false };
}

/**
 * The warning for a `timeout_minutes` that does not end the session at least
 * {@link WRAP_UP_MINUTES} before the job's limit, or undefined when it does.
 */
export function timeLimitWarning(timeoutMinutes: number, limit: JobTimeLimit): string | undefined {
  if (timeoutMinutes <= limit.minutes - WRAP_UP_MINUTES) return undefined;
  const most = limit.minutes - WRAP_UP_MINUTES;
  const limitText = limit.isDefault
    ? `GitHub's default of ${limit.minutes} minutes (${limit.source} sets no timeout-minutes)`
    : `${limit.minutes} minutes (timeout-minutes in ${limit.source})`;
  const advice =
    most >= 1
      ? `Set timeout_minutes to ${most} or less, or raise the job's timeout-minutes`
      : "Raise the job's timeout-minutes";
  return `timeout_minutes is ${timeoutMinutes}, but the job's own limit is ${limitText}: the runner would cancel the job before the session ends by itself, with less time to keep the work and finish the comment. ${advice}, so that the session ends at least ${WRAP_UP_MINUTES} minute before the job's limit.`;
}

function field(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return undefined;
  return (value as Record<string, unknown>)[key];
}

/** Minutes when written as a number; undefined when absent; null when not readable here. */
function minutesOf(value: unknown): number | undefined | null {
  if (value === undefined) return undefined;
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  // An expression (`${{ inputs.limit }}`) is decided when the job starts, not here.
  return null;
}

/** The limit of the step whose id is `stepId` (GITHUB_ACTION), when it has one. */
function ownStepLimit(steps: unknown, stepId: string | undefined): number | undefined | null {
  if (!Array.isArray(steps) || stepId === undefined) return undefined;
  const own: unknown = (steps as unknown[]).find((step) => field(step, 'id') === stepId);
  return own === undefined ? undefined : minutesOf(field(own, 'timeout-minutes'));
}

/** A workflow file bigger than this is not read (the real ones are a few kilobytes). */
const MAX_WORKFLOW_FILE_BYTES = 1024 * 1024;

/**
 * Reads a file at a commit from the checkout's git objects (`git show <sha>:<file>`), through
 * the hardened git of the publishing step; undefined when the checkout does not have it.
 */
export function workflowFileFromCheckout(
  workspace: string,
  parentEnv: Readonly<Record<string, string | undefined>>,
): (sha: string, file: string) => Promise<string | undefined> {
  const git = createGit({ parentEnv, timeoutMs: 10_000 });
  return async (sha, file) => {
    if (!/^[0-9a-f]{40,64}$/u.test(sha)) return undefined;
    try {
      return await git.run(['show', `${sha}:${file}`], {
        cwd: workspace,
        maxBuffer: MAX_WORKFLOW_FILE_BYTES,
      });
    } catch {
      return undefined;
    }
  };
}
