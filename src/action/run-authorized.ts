/**
 * The Action's run once the trigger is authorized, as named stages over one record of what has
 * happened (run-record.ts):
 *
 * 1. reporting — which delivery of the event this is (a re-run continues its first attempt, a
 *    second delivery steps aside), then the reaction and the live comment, beside what follows; a
 *    read-only token on a fork's review event stops the run here (stage-context.ts);
 * 2. context — the task's context, the workspace's baseline, the mode's plan (stage-context.ts);
 * 3. session — the policy, the model and the agent run the task (stage-session.ts);
 * 4. publish — trusted code publishes what the session left (stage-publish.ts);
 * 5. report — the artifact, the final comment, the job summary, the outputs (stage-report.ts).
 *
 * (Inputs, trigger and authorization come before, in run-action.ts.) Each stage reads and extends
 * the record; none keeps a result of its own. So a run that must end early — the runner's signal,
 * the `timeout_minutes` budget, a newer run — ends from the record, whichever stage it was in
 * (finalise-early.ts), and a step that is killed leaves the record for its post step (post-run.ts).
 */
import { UnknownCommandError } from '../custom-commands/run-commands.js';
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import { availableCommandsSection } from '../report/command-lines.js';
import type { AuthorizedRun } from './authorized-run.js';
import { finaliseEarly } from './finalise-early.js';
import type { RunHeld, RunRecord } from './run-record.js';
import { newRunHeld, newRunRecord, saveRecord } from './run-record.js';
import { RunStopped, untilStopped } from './run-stop.js';
import type { Prepared } from './stage-context.js';
import { contextStage, startReporting } from './stage-context.js';
import { publishStage } from './stage-publish.js';
import { releaseHeld, reportStage } from './stage-report.js';
import { sessionStage, startTimeLimit } from './stage-session.js';
import type { ActionResult } from './types.js';

export type { AuthorizedRun } from './authorized-run.js';
export { writeSummarySafely } from './stage-report.js';

/** How long a stopped session gets to end by itself (its tools and model request aborted). */
const SESSION_GRACE_MS = 1500;

export async function runAuthorized(run: AuthorizedRun): Promise<ActionResult> {
  const record = newRunRecord(run);
  const held: RunHeld = newRunHeld();
  // First: where the record will be, so the post step finds it whatever happens to this step.
  saveRecord(run, record);
  let prepared: Prepared | undefined;
  /** Publishing ran to its end: a stop after it only shortens the report. */
  let published = false;
  const timeLimit = startTimeLimit(run);
  try {
    const refused = await startReporting(run, record, held);
    if (refused !== undefined) {
      await releaseHeld(run, held);
      return 'skip' in refused ? await run.skip(refused.skip) : await run.fail(refused.fail);
    }
    const context = await untilStopped(contextStage(run, record, held), run.stop);
    if ('skip' in context) {
      record.skipped = context.skip;
      record.outcome = {
        reason: 'completed',
        summary: `Nothing to do: ${context.skip}.`,
        durationMs: 0,
      };
    } else {
      prepared = context;
      timeLimit.start();
      await untilStopped(sessionStage(run, record, held, context), run.stop, SESSION_GRACE_MS);
      timeLimit.cancel();
      if (run.stop.ending === undefined) {
        await publishStage(run, record, held, context);
        published = true;
      }
    }
  } catch (error) {
    if (!(error instanceof RunStopped) && run.stop.ending === undefined) {
      run.logger.error(`The run failed: ${errorMessage(error)}`);
      record.outcome = failedOutcome(record, error, run.deps.now ?? Date.now);
    }
  } finally {
    timeLimit.cancel();
  }
  if (run.stop.ending !== undefined && !published) {
    return finaliseEarly(run, record, held, prepared);
  }
  await releaseHeld(run, held);
  return reportStage(run, record, held);
}

/** The outcome of a stage that failed: a configuration error or a crash, with what it left. */
function failedOutcome(
  record: RunRecord,
  error: unknown,
  now: () => number,
): NonNullable<RunRecord['outcome']> {
  return {
    reason: error instanceof ConfigurationError ? 'configuration' : 'crash',
    error: errorMessage(error),
    durationMs: now() - record.startedAt,
    results:
      error instanceof UnknownCommandError
        ? [
            ...record.result.sections,
            availableCommandsSection(error.available, record.render.redact),
          ]
        : record.result.sections,
  };
}
