/**
 * The post step's share of a run whose main step ended without its report (killed by SIGKILL,
 * crashed, or out of time while reporting): from the record the main step saved
 * (record-state.ts) and the files it kept on the runner as it went (live-record.ts), it uploads
 * the run's artifact — the transcript, the answer so far, the patch of the work so far — and
 * turns a comment still showing progress into "stopped unexpectedly", with the tool calls made,
 * the change left and the link to the job's log. Whatever the main step finished itself is left
 * alone. Nothing here fails the job: a problem is a warning.
 */
import path from 'node:path';
import type { AgentEvent } from '../agent/events.js';
import type { CreateOctokitOptions, GitHubClient } from '../github/octokit.js';
import { createOctokit } from '../github/octokit.js';
import { readOwnMarker } from '../github/own-marker.js';
import type { ArtifactUploader, RunRecordPaths } from '../github/run-artifact.js';
import { runRecordPaths, uploadRunRecord } from '../github/run-artifact.js';
import type { PostedComment } from '../github/sink.js';
import { createOctokitSink } from '../github/sink.js';
import { apiUrl } from '../github/urls.js';
import { errorMessage } from '../platform/errors.js';
import { readRegularFile } from '../platform/file-entries.js';
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
  // The saved state is a file on the runner: where a command could reach it, it could name any
  // file to upload or any comment to overwrite. Only the record's own folder and this run's own
  // comment are used.
  const files = ownRecordFiles(saved.files, env);
  if (files === undefined) {
    logger.warning(
      `The saved run record names files outside the run's own record folder; nothing is uploaded or posted from it.`,
    );
    return result;
  }
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
      paths: files,
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
  const events = await readTranscript(files.transcript);
  const progress = stoppedEarly(
    progressFromEvents(events),
    'Stopped: the run stopped unexpectedly.',
  );
  const patch = await readRegularFile(files.patch);
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
    const refusal = await notThisRunsComment(octokit, comment.posted, env);
    if (refusal !== undefined) {
      logger.warning(`The run's comment was not ended: ${refusal}.`);
      return result;
    }
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

/**
 * The record's files when the saved state names exactly those the main step keeps —
 * `gemini-agent-<session id>/` in the runner's temporary folder (run-record.ts) — else undefined.
 */
function ownRecordFiles(saved: RunRecordPaths, env: NodeJS.ProcessEnv): RunRecordPaths | undefined {
  const base = env.RUNNER_TEMP ?? env.GITHUB_WORKSPACE;
  if (base === undefined) return undefined;
  const session =
    /^gemini-agent-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(
      path.basename(saved.dir),
    )?.[1];
  if (session === undefined) return undefined;
  const own = runRecordPaths(base, session);
  const same =
    own.dir === saved.dir &&
    own.transcript === saved.transcript &&
    own.answer === saved.answer &&
    own.patch === saved.patch;
  return same ? own : undefined;
}

/**
 * Why the saved comment is not one this run may end (undefined when it is): it must be in this
 * repository and carry this run's progress marker (github/trigger-claim.ts), so a state that
 * names someone else's comment cannot have it overwritten.
 */
async function notThisRunsComment(
  octokit: GitHubClient,
  posted: PostedComment,
  env: NodeJS.ProcessEnv,
): Promise<string | undefined> {
  const repository = `${posted.owner}/${posted.repo}`;
  if (repository.toLowerCase() !== (env.GITHUB_REPOSITORY ?? '').toLowerCase()) {
    return `it is in ${repository}, not in this run's repository`;
  }
  const params = { owner: posted.owner, repo: posted.repo, comment_id: posted.id };
  const { data } =
    posted.kind === 'issue_comment'
      ? await octokit.rest.issues.getComment(params)
      : await octokit.rest.pulls.getReviewComment(params);
  const marker = readOwnMarker(data.body, 'progress');
  const runId = env.GITHUB_RUN_ID;
  if (marker === undefined || (runId !== undefined && marker.run !== runId)) {
    return `comment ${posted.id} is not the progress comment of this workflow run`;
  }
  return undefined;
}

/** The transcript's events; lines that do not parse (one cut off by a kill) are left out. */
async function readTranscript(file: string): Promise<AgentEvent[]> {
  const text = (await readRegularFile(file)) ?? '';
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
