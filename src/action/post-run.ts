/**
 * The post step's share of a run whose main step ended without its report (killed by SIGKILL,
 * crashed, or out of time while reporting): from the record the main step saved
 * (record-state.ts) and the files it kept on the runner as it went (live-record.ts), it uploads
 * the run's artifact — the transcript, the answer so far, the patch of the work so far — and
 * turns a comment still showing progress into "stopped unexpectedly", with the tool calls made,
 * the change left and the link to the job's log. Whatever the main step finished itself is left
 * alone. Nothing here fails the job: a problem is a warning.
 */
import { readFile } from 'node:fs/promises';
import type { AgentEvent } from '../agent/events.js';
import type { CreateOctokitOptions, GitHubClient } from '../github/octokit.js';
import { createOctokit } from '../github/octokit.js';
import type { ArtifactUploader } from '../github/run-artifact.js';
import { uploadRunRecord } from '../github/run-artifact.js';
import { createOctokitSink } from '../github/sink.js';
import { apiUrl } from '../github/urls.js';
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import { createRedactor, secretEnvironmentValues } from '../platform/redaction.js';
import type { EarlyEnd } from '../report/early-end.js';
import { codeSpan } from '../report/markdown.js';
import type { FinalOutcome, ReportLinks } from '../report/progress-comment.js';
import { renderFinalComment } from '../report/progress-comment.js';
import { progressFromEvents, stoppedEarly } from '../report/progress-state.js';
import type { SavedRunRecord } from './record-state.js';
import { RUN_RECORD_STATE, decodeRunRecord } from './record-state.js';

/** How long the post step waits for one GitHub write, and for the upload. */
const WRITE_TIMEOUT_MS = 15_000;
const UPLOAD_TIMEOUT_MS = 60_000;

export interface FinishRecordOptions {
  getState: (name: string) => string;
  getInput: (name: string) => string;
  env: NodeJS.ProcessEnv;
  logger: Logger;
  now?: () => number;
  createOctokit?: (options: CreateOctokitOptions) => GitHubClient;
  upload?: ArtifactUploader;
}

export interface FinishRecordResult {
  uploaded: boolean;
  /** The comment was turned into "stopped unexpectedly". */
  commentEnded: boolean;
}

export async function finishRunRecord(options: FinishRecordOptions): Promise<FinishRecordResult> {
  const { logger, env } = options;
  const result: FinishRecordResult = { uploaded: false, commentEnded: false };
  let saved: SavedRunRecord | undefined;
  try {
    saved = decodeRunRecord(options.getState(RUN_RECORD_STATE));
  } catch (error) {
    logger.warning(`The run's record could not be read: ${errorMessage(error)}`);
    return result;
  }
  if (saved === undefined) return result;
  const token = options.getInput('github_token');
  const redactor = createRedactor({
    secrets: [...secretEnvironmentValues(env), ...(token === '' ? [] : [token])],
    setSecret: () => undefined,
  });
  const links: ReportLinks = saved.runUrl === undefined ? {} : { runUrl: saved.runUrl };
  if (saved.done.artifactUrl !== undefined) links.artifactUrl = saved.done.artifactUrl;

  const uploadDone = saved.done.artifact === 'uploaded' || saved.done.artifact === 'skipped';
  if (saved.upload && !uploadDone) {
    const artifact = await uploadRunRecord({
      paths: saved.files,
      name: saved.artifactName,
      env,
      logger,
      timeoutMs: UPLOAD_TIMEOUT_MS,
      ...(options.upload !== undefined ? { upload: options.upload } : {}),
    });
    if (artifact.status === 'uploaded') {
      links.artifactUrl = artifact.url;
      result.uploaded = true;
    }
  }

  const comment = saved.comment;
  if (comment?.posted === undefined || saved.done.comment) return result;
  if (token === '') {
    logger.warning(`The run's comment still shows progress, and there is no token to end it.`);
    return result;
  }
  const now = options.now ?? Date.now;
  const ending: EarlyEnd = {
    kind: 'stopped',
    at: now(),
    ...(saved.ending !== undefined && saved.ending.kind !== 'stopped'
      ? { cause: saved.ending }
      : {}),
  };
  const events = await readTranscript(saved.files.transcript);
  const progress = stoppedEarly(
    progressFromEvents(events),
    'Stopped: the run stopped unexpectedly.',
  );
  const patch = await readFile(saved.files.patch, 'utf8').catch(() => undefined);
  const outcome: FinalOutcome = {
    reason: 'cancelled',
    ending,
    durationMs: now() - saved.startedAt,
    results:
      patch === undefined || patch.trim() === ''
        ? []
        : [
            `**Changes:** not published, because the run stopped before it finished. They are kept as a patch: ${codeSpan('changes.patch')} in the run's artifact ${codeSpan(saved.artifactName)}; the diff is below.`,
          ],
    ...(patch === undefined || patch.trim() === '' ? {} : { diff: { stat: '', patch } }),
  };
  const body = renderFinalComment(progress, outcome, links, {
    redact: redactor.redact,
    ...(saved.actor !== undefined ? { actor: saved.actor } : {}),
  });
  try {
    const octokit = (options.createOctokit ?? createOctokit)({
      token,
      baseUrl: apiUrl(env),
      logger,
      requestTimeoutMs: WRITE_TIMEOUT_MS,
      retry: { retries: 1 },
    });
    await createOctokitSink(octokit, { redact: redactor.redact }).updateComment(
      comment.posted,
      body,
    );
    result.commentEnded = true;
    logger.info(`The run's comment now says it stopped unexpectedly: ${comment.posted.url}`);
  } catch (error) {
    logger.warning(`Could not end the run's comment: ${errorMessage(error)}`);
  }
  return result;
}

/** The transcript's events; lines that do not parse (one cut off by a kill) are left out. */
async function readTranscript(file: string): Promise<AgentEvent[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const events: AgentEvent[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      events.push(JSON.parse(line) as AgentEvent);
    } catch {
      // The last line of a killed step may be cut off.
    }
  }
  return events;
}
