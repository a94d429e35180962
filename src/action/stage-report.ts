/**
 * Stage "report", from the record alone: the run's artifact (the whole answer, the transcript and
 * an unpushed patch), the final comment, the job summary and the outputs. A skip nobody watched
 * stays one line. Also what every ending shares: letting go of what the run holds, uploading the
 * record, and the outputs.
 */
import { usdFigure } from '../model/model-cost.js';
import type { ArtifactOutcome } from '../github/run-artifact.js';
import { uploadRunRecord, writeAnswer } from '../github/run-artifact.js';
import type { ModeOutputName } from '../modes/mode-plan.js';
import { errorMessage } from '../platform/errors.js';
import { removeLaunchDirectory } from '../github/pull-request-code.js';
import type { Logger } from '../platform/logger.js';
import type { JobSummaryWriter } from '../report/job-summary.js';
import { renderJobSummary, writeJobSummary } from '../report/job-summary.js';
import { inlineText } from '../report/markdown.js';
import type { FinalOutcome } from '../report/progress-comment.js';
import { renderFinalComment } from '../report/progress-comment.js';
import type { ProgressState } from '../report/progress-state.js';
import { finalText } from '../report/progress-state.js';
import type { AuthorizedRun } from './authorized-run.js';
import type { RunHeld, RunRecord } from './run-record.js';
import { saveRecord } from './run-record.js';
import { untilStopped } from './run-stop.js';
import type { ActionConclusion, ActionResult } from './types.js';

/** How long a run told to stop while it reports waits for the artifact's upload. */
const STOPPING_UPLOAD_MS = 2000;

/** How long the end of a run waits for the live comment's creation once it is stopped. */
const REPORTING_GRACE_MS = 1000;

export async function reportStage(
  run: AuthorizedRun,
  record: RunRecord,
  held: RunHeld,
): Promise<ActionResult> {
  const { deps, logger, redact } = run;
  // The progress comment exists (or failed) before anything ends it.
  await untilStopped(held.reporting, run.stop, REPORTING_GRACE_MS).catch(() => undefined);
  // Another delivery of the event answers it: this run ends as skipped (trigger-claim.ts).
  const duplicate = await untilStopped(held.claimLost, run.stop, REPORTING_GRACE_MS).catch(
    () => undefined,
  );
  if (duplicate !== undefined) return run.skip(duplicate);
  if (record.skipped !== undefined && !record.comment.live) return run.skip(record.skipped);
  const outcome = record.outcome ?? { reason: 'crash', error: 'the run left no outcome' };
  await keepRecord(run, record, redact(outcome.summary ?? finalText(record.progress)));
  if (record.artifact?.status === 'failed') {
    outcome.results = [
      ...(outcome.results ?? []),
      `⚠️ The full answer and transcript could not be uploaded as an artifact: ${inlineText(record.artifact.error, { maxLength: 500 })}. The job summary still has the whole answer.`,
    ];
  }
  const succeeded = outcome.reason === 'completed';
  // A run nobody watches live comments only to report a failure.
  const updater = held.updater;
  if (updater !== undefined && (record.comment.live || !succeeded)) {
    const posted = await updater.finish(
      renderFinalComment(record.progress, outcome, record.links, record.render),
    );
    if (posted !== undefined) record.comment.posted = posted;
  }
  record.done.comment = true;
  saveRecord(run, record);
  await writeSummary(run, record, held, outcome);
  const errorText = succeeded ? '' : failureText(outcome, record.progress);
  const conclusion: ActionConclusion = !succeeded
    ? 'failure'
    : record.skipped !== undefined
      ? 'skipped'
      : 'success';
  if (record.skipped !== undefined) logger.info(`Nothing to do: ${record.skipped}.`);
  setOutputs(run, record, held, { conclusion, summary: outcome.summary, error: errorText });
  // Last: an unreachable collector costs the run a bounded wait at its very end, nothing more.
  await held.telemetry?.shutdown();
  if (succeeded) return { conclusion, outputs: run.outputs };
  // A budget stop is a failure too: the task was not finished, and the reason says which budget.
  const error = run.outputs.error ?? redact(errorText);
  deps.setFailed(error);
  return { conclusion: 'failure', outputs: run.outputs, error };
}

/** The job summary: the final report, the sandbox the commands ran in, the extensions. */
export async function writeSummary(
  run: AuthorizedRun,
  record: RunRecord,
  held: RunHeld,
  outcome: FinalOutcome,
): Promise<void> {
  // No line when nothing started the probe: no command could have run.
  const probed = record.sandboxLine !== undefined && held.sandboxProbe?.isStarted === true;
  const summaryOutcome: FinalOutcome = {
    ...outcome,
    results: [
      ...(outcome.results ?? []),
      ...(probed && record.sandboxLine !== undefined ? [await record.sandboxLine] : []),
      ...record.summaryLines,
      ...(held.claim?.summaryLines ?? []),
    ],
  };
  await writeSummarySafely(
    run.deps.summary,
    renderJobSummary(record.progress, summaryOutcome, record.links, record.render),
    run.logger,
  );
}

/** Every output the run sets at its end, from the record. */
export function setOutputs(
  run: AuthorizedRun,
  record: RunRecord,
  held: RunHeld,
  end: { conclusion: ActionConclusion; summary: string | undefined; error: string },
): void {
  const { setOutput } = run;
  setOutput('conclusion', end.conclusion);
  setOutput('summary', end.summary ?? finalText(record.progress));
  setOutput('transcript_file', held.transcript === undefined ? '' : record.files.transcript);
  setOutput('comment_url', record.comment.posted?.url ?? '');
  const usage = record.stats.streamStats();
  setOutput('input_tokens', String(usage.input_tokens));
  setOutput('output_tokens', String(usage.output_tokens));
  setOutput('cached_input_tokens', String(usage.cached_input_tokens));
  setOutput('thought_tokens', String(usage.thought_tokens));
  // Empty when any request's price is unknown: a number would read as a complete figure.
  setOutput('cost_usd', usage.cost_usd === null ? '' : usdFigure(usage.cost_usd));
  setOutput('tool_calls', String(usage.tool_calls));
  for (const [name, value] of Object.entries(record.result.outputs)) {
    setOutput(name as ModeOutputName, value);
  }
  setOutput('error', end.error);
}

/**
 * Writes the whole answer beside the transcript and uploads the record as the run's artifact
 * (unless `upload_artifact` is false). Runs after the session whatever its end — a crash or a
 * failed model call included — and before the final comment, which links the artifact.
 */
export async function keepRecord(
  run: AuthorizedRun,
  record: RunRecord,
  answer: string,
  options: { timeoutMs?: number } = {},
): Promise<ArtifactOutcome> {
  await writeAnswer(record.files, answer, run.logger);
  if (!run.inputs.uploadArtifact) {
    record.done.artifact = 'skipped';
    record.artifact = { status: 'skipped', reason: 'the upload_artifact input is false' };
    return record.artifact;
  }
  record.done.artifact = 'started';
  saveRecord(run, record);
  // A run told to stop while it reports leaves what does not fit to the post step.
  const timeoutMs =
    options.timeoutMs ??
    (run.stop.ending !== undefined ? STOPPING_UPLOAD_MS : run.deps.artifactTimeoutMs);
  const artifact = await uploadRunRecord({
    paths: record.files,
    name: record.artifactName,
    env: run.deps.env,
    logger: run.logger,
    ...(run.deps.uploadArtifact !== undefined ? { upload: run.deps.uploadArtifact } : {}),
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
  });
  record.artifact = artifact;
  if (artifact.status === 'uploaded') {
    record.links.artifactUrl = artifact.url;
    record.done.artifact = 'uploaded';
  } else if (artifact.status === 'skipped') {
    record.done.artifact = 'skipped';
  }
  saveRecord(run, record);
  return artifact;
}

/**
 * Lets go of what the run holds: the transcript file, the session the sandbox probe set up (when
 * no agent session took it over), the checkout's credential (put back for later steps), the
 * private folder of the base branch's copies. Each is tried whatever the others do.
 */
export async function releaseHeld(run: AuthorizedRun, held: RunHeld): Promise<void> {
  const steps: [string, () => Promise<void> | void][] = [
    ['close the transcript', () => held.transcript?.close()],
    ['release the sandbox', () => held.sandboxProbe?.release()],
    ['put back the checkout credential', () => held.restoreCredential?.()],
    [
      'remove the folder of the base branch copies',
      () =>
        held.launchDirectory === undefined
          ? undefined
          : removeLaunchDirectory(held.launchDirectory),
    ],
  ];
  for (const [what, step] of steps) {
    try {
      await step();
    } catch (error) {
      run.logger.warning(`Could not ${what}: ${errorMessage(error)}`);
    }
  }
}

/** The error output for an outcome that did not complete. */
export function failureText(outcome: FinalOutcome, state: ProgressState): string {
  const reason = outcome.reason ?? state.endReason ?? 'crash';
  const detail = outcome.error ?? state.endMessage;
  return detail !== undefined && detail.trim() !== '' ? detail : `The agent stopped: ${reason}.`;
}

/** Writes the job summary; a failure to write it is only a warning. */
export async function writeSummarySafely(
  summary: JobSummaryWriter,
  markdown: string,
  logger: Logger,
): Promise<void> {
  try {
    await writeJobSummary(summary, markdown);
  } catch (error) {
    logger.warning(`Could not write the job summary: ${errorMessage(error)}`);
  }
}
