/**
 * The end of a run that stops before it finishes — cancelled (the runner's SIGINT or SIGTERM),
 * timed out (`timeout_minutes`), or stopped by a newer run — written from the run's record,
 * whichever stage it was in.
 *
 * The runner gives a cancelled step 7.5 s before SIGTERM and 2.5 s more before SIGKILL, so the
 * order is what matters most first: the work so far kept (pushed as work in progress where the
 * run may push, else a patch in the record), the final comment saying how and when the run ended
 * with the tool calls made and where the work went, the record saved for the post step, the
 * outputs and the job summary; then what is nice to have, the artifact upload. Every GitHub write
 * has a deadline inside that budget, and a second signal hurries what is left. What is cut off the
 * post step finishes from the saved record (post-run.ts). A timeout is the calm case: no signal
 * is coming, so the ending has time to push.
 */
import { createOctokit } from '../github/octokit.js';
import { writeAnswer } from '../github/run-artifact.js';
import type { GitHubSink } from '../github/sink.js';
import { createOctokitSink } from '../github/sink.js';
import { apiUrl } from '../github/urls.js';
import type { ModeResult } from '../modes/mode-plan.js';
import { errorMessage } from '../platform/errors.js';
import type { EarlyEnd } from '../report/early-end.js';
import { earlyEndText, earlyEndTitle } from '../report/early-end.js';
import { renderFinalComment } from '../report/progress-comment.js';
import { answerSoFar, stoppedEarly } from '../report/progress-state.js';
import type { AuthorizedRun } from './authorized-run.js';
import { askForNewerRun } from './newer-run-seam.js';
import type { RunHeld, RunRecord } from './run-record.js';
import { saveRecord } from './run-record.js';
import type { Prepared } from './stage-context.js';
import { keepWorkSoFar } from './stage-publish.js';
import { keepRecord, releaseHeld, setOutputs, writeSummary } from './stage-report.js';
import type { ActionResult } from './types.js';

/** From the first signal: the whole ending, inside the runner's 7.5 s before SIGTERM. */
export const ENDING_BUDGET_MS = 6500;
/** A timeout's ending: no signal is coming, but the job's own limit is (a minute later at best). */
const CALM_ENDING_BUDGET_MS = 40_000;
/** What is left once the ending is hurried (a second signal): SIGKILL follows 2.5 s later. */
const HURRIED_BUDGET_MS = 1500;
/** Kept for the final comment: the work is pushed only if that leaves this much. */
const COMMENT_RESERVE_MS = 2500;
/** One GitHub write of the ending, at most. */
const WRITE_TIMEOUT_MS = 3000;

export async function finaliseEarly(
  run: AuthorizedRun,
  record: RunRecord,
  held: RunHeld,
  prepared: Prepared | undefined,
): Promise<ActionResult> {
  const { deps, logger, redact } = run;
  const now = deps.now ?? Date.now;
  const first = run.stop.ending ?? { kind: 'cancelled', at: now() };
  const budget =
    first.kind === 'timed-out' ? CALM_ENDING_BUDGET_MS : (deps.endingBudgetMs ?? ENDING_BUDGET_MS);
  const clock = deadlineClock(now, now() + budget, run.stop.hurry);

  // A newer run of the same work took over: say so and link it, when that is known in time.
  let ending: EarlyEnd = first;
  if (first.kind === 'cancelled') {
    const newer = await askForNewerRun(deps.findNewerRun, {
      octokit: run.octokit,
      trigger: run.trigger,
      env: deps.env,
    });
    if (newer !== undefined) ending = { kind: 'superseded', at: first.at, newerRunUrl: newer };
  }
  record.ending = ending;
  logger.warning(`${earlyEndText(ending)} Writing its report from what it did so far.`);
  saveRecord(run, record);

  // The live comment's creation, if it is under way, gets a moment; then its edits stop, and the
  // comment as last written is the one to end.
  await within(held.reporting, Math.min(1000, clock.left()));
  const updates = await held.updater?.stop(Math.min(1000, clock.left()));
  if (updates?.comment !== undefined) record.comment.posted = updates.comment;
  record.done.comment = false;

  const why = `Stopped: the run ${earlyEndTitle(ending)}.`;
  record.progress = stoppedEarly(record.progress, why);
  const summary = answerSoFar(record.progress);
  record.outcome = {
    ...(record.outcome ?? {}),
    reason: ending.kind === 'timed-out' ? 'timeout' : 'cancelled',
    ending,
    summary,
    durationMs: now() - record.startedAt,
  };
  await writeAnswer(record.files, redact(summary), logger).catch(() => undefined);

  // 1. The work so far: pushed as work in progress where the run may push, else a patch.
  await keepWork(run, record, held, prepared, clock);

  // 2. The final comment: how and when the run ended, the tool calls, where the work went.
  const sink = endingSink(run, clock);
  record.done.comment = await writeComment(run, record, sink, clock);
  saveRecord(run, record);

  // 3. The outputs and the job summary (files on the runner: quick).
  const error = redact(earlyEndText(ending));
  setOutputs(run, record, held, { conclusion: 'cancelled', summary, error });
  await writeSummary(run, record, held, record.outcome);

  // 4. What the run holds, then the artifact with the time that is left (else the post step).
  await releaseHeld(run, held);
  if (clock.left() > 500 && !run.stop.hurry.aborted) {
    await keepRecord(run, record, redact(summary), { timeoutMs: clock.left() }).catch(
      (failure: unknown) => {
        logger.warning(`Could not upload the run's record: ${errorMessage(failure)}`);
      },
    );
  } else {
    logger.warning(`No time left to upload the run's record: the post step uploads it.`);
  }
  deps.setFailed(error);
  return { conclusion: 'cancelled', outputs: run.outputs, error };
}

/** The time left before the ending's deadline, shortened once the ending is hurried. */
export interface DeadlineClock {
  left(): number;
}

function deadlineClock(now: () => number, deadline: number, hurry: AbortSignal): DeadlineClock {
  let end = deadline;
  const shorten = () => {
    end = Math.min(end, now() + HURRIED_BUDGET_MS);
  };
  if (hurry.aborted) shorten();
  else hurry.addEventListener('abort', shorten, { once: true });
  return { left: () => Math.max(0, end - now()) };
}

/** Settles with `promise`, or with undefined after `ms` (the promise left behind is silenced). */
export function within<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  promise.catch(() => undefined);
  let timer: ReturnType<typeof setTimeout> | undefined;
  return Promise.race([
    promise,
    new Promise<undefined>((resolve) => {
      timer = setTimeout(
        () => {
          resolve(undefined);
        },
        Math.max(0, ms),
      );
      timer.unref();
    }),
  ]).finally(() => {
    clearTimeout(timer);
  });
}

/**
 * Keeps the work so far by the mode's own publishing (checks and refusals included), marked work
 * in progress; where the mode has none, or the time is too short, or publishing fails, the change
 * stays in the record as a patch (the comment shows it when it fits, the artifact always has it).
 */
async function keepWork(
  run: AuthorizedRun,
  record: RunRecord,
  held: RunHeld,
  prepared: Prepared | undefined,
  clock: DeadlineClock,
): Promise<void> {
  const outcome = record.outcome;
  if (outcome === undefined) return;
  const keep = prepared?.plan.keepWork;
  const time = clock.left() - COMMENT_RESERVE_MS;
  if (keep !== undefined && held.live !== undefined && time > 0 && !run.stop.hurry.aborted) {
    // The live record stops; publishing decides what the record keeps of the change.
    await held.live.discard();
    let result: ModeResult | undefined;
    try {
      result = await within(keep({ completed: false, summary: outcome.summary ?? '' }), time);
    } catch (error) {
      run.logger.warning(`Could not keep the work so far: ${errorMessage(error)}`);
    }
    if (result !== undefined) {
      record.result = result;
      outcome.results = [...(outcome.results ?? []), ...result.sections];
      record.links.extra = result.links;
      return;
    }
    run.logger.warning(`The work so far was not pushed in time: it is kept as a patch.`);
  }
  await keepWorkSoFar(run, record, held).catch((error: unknown) => {
    run.logger.warning(`Could not keep the work so far as a patch: ${errorMessage(error)}`);
  });
}

/** A client for the ending's writes: no retries, no waiting behind the run's other writes. */
function endingSink(run: AuthorizedRun, clock: DeadlineClock): GitHubSink {
  const octokit = (run.deps.createOctokit ?? createOctokit)({
    token: run.inputs.githubToken,
    baseUrl: apiUrl(run.deps.env),
    logger: run.logger,
    requestTimeoutMs: Math.max(500, Math.min(WRITE_TIMEOUT_MS, clock.left())),
    retry: { retries: 0 },
    throttle: { enabled: false },
  });
  return createOctokitSink(octokit, { redact: run.redact });
}

/**
 * Ends the run's comment: the one it posted is edited; a run someone waits on whose comment was
 * never created gets one. A run nobody watched (an automatic review) posts nothing new.
 */
async function writeComment(
  run: AuthorizedRun,
  record: RunRecord,
  sink: GitHubSink,
  clock: DeadlineClock,
): Promise<boolean> {
  const outcome = record.outcome;
  const { target, live, posted } = record.comment;
  if (outcome === undefined || target === undefined) return true;
  if (posted === undefined && !live) return true;
  const body = renderFinalComment(record.progress, outcome, record.links, record.render);
  try {
    const written = await within(
      posted !== undefined ? sink.updateComment(posted, body) : sink.createComment(target, body),
      Math.max(500, clock.left()),
    );
    if (written === undefined) {
      run.logger.warning(`The final comment was not written in time: the post step ends it.`);
      return false;
    }
    record.comment.posted = written;
    return true;
  } catch (error) {
    run.logger.warning(`Could not write the final comment: ${errorMessage(error)}`);
    return false;
  }
}
