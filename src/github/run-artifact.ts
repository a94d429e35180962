/**
 * The run's record as one workflow artifact: the whole answer (`answer.md`), the transcript of
 * every agent event (`transcript.jsonl`) and an unpushed change's patch (`changes.patch`), so
 * nothing a comment had to cut is lost when the runner goes away. The final comment and the job
 * summary link to the artifact's page, never to a path on the runner.
 *
 * The upload is @actions/artifact's (the client of upload-artifact v4 and later): a Twirp call to
 * the results service (`ACTIONS_RESULTS_URL`, authorised by `ACTIONS_RUNTIME_TOKEN`) creates the
 * artifact and answers with a signed blob-storage URL, the zip goes there, and a second call
 * finalises it. That client reads its settings from `process.env` only, while main.ts took the
 * runtime token out of `process.env` so no other code of this process finds it; the variables are
 * put back for the upload alone. A failure, or an upload still running after a bounded time, is
 * reported and the run goes on.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { errorMessage } from '../platform/errors.js';
import { isRegularFile } from '../platform/file-entries.js';
import type { Logger } from '../platform/logger.js';
import { artifactUrl } from './urls.js';

/** Where a run keeps its record on the runner: one folder under `RUNNER_TEMP`. */
export interface RunRecordPaths {
  dir: string;
  /** Every agent event as a JSON line (the `transcript_file` output). */
  transcript: string;
  /** The model's whole answer, redacted, as Markdown. */
  answer: string;
  /** The accepted change as a unified diff, when it was not pushed. */
  patch: string;
}

export function runRecordPaths(tempRoot: string, sessionId: string): RunRecordPaths {
  const dir = path.join(tempRoot, `gemini-agent-${sessionId}`);
  return {
    dir,
    transcript: path.join(dir, 'transcript.jsonl'),
    answer: path.join(dir, 'answer.md'),
    patch: path.join(dir, 'changes.patch'),
  };
}

/** Writes the (already redacted) answer into the record; a failure is a warning. */
export async function writeAnswer(
  paths: RunRecordPaths,
  answer: string,
  logger: Logger,
): Promise<void> {
  if (answer.trim() === '') return;
  try {
    await mkdir(paths.dir, { recursive: true });
    await writeFile(paths.answer, answer.endsWith('\n') ? answer : `${answer}\n`);
  } catch (error) {
    logger.warning(`Could not write the answer to ${paths.answer}: ${errorMessage(error)}`);
  }
}

/** Uploads `files` (under `rootDirectory`) as the artifact `name`; resolves with its id. */
export type ArtifactUploader = (
  name: string,
  files: readonly string[],
  rootDirectory: string,
) => Promise<{ id: number | undefined }>;

export type ArtifactOutcome =
  | { status: 'uploaded'; name: string; id: number; url: string }
  /** Nothing to upload, or no artifact service to upload to (outside a runner). */
  | { status: 'skipped'; reason: string }
  | { status: 'failed'; error: string };

/** How long the final comment waits for the upload. */
export const DEFAULT_UPLOAD_TIMEOUT_MS = 120_000;

export interface UploadRunRecordOptions {
  paths: RunRecordPaths;
  /** Unique within the workflow run. */
  name: string;
  /** The run's environment (the private copy that still holds the runtime token). */
  env: NodeJS.ProcessEnv;
  logger: Logger;
  /** Default: @actions/artifact with the run's environment. */
  upload?: ArtifactUploader;
  timeoutMs?: number;
}

/** Uploads what the record holds; never throws (a failure is the outcome). */
export async function uploadRunRecord(options: UploadRunRecordOptions): Promise<ArtifactOutcome> {
  const { paths, logger } = options;
  const files: string[] = [];
  // Only the record's own regular files: a link planted in place of one (a command without a
  // sandbox can reach the runner's temporary folder) would upload whatever it points at.
  for (const file of [paths.answer, paths.transcript, paths.patch]) {
    if (await isRegularFile(file)) files.push(file);
  }
  if (files.length === 0) return { status: 'skipped', reason: 'the record is empty' };
  if (options.upload === undefined && !hasArtifactService(options.env)) {
    // A step of a real runner always has one; a local run (the CLI, act) does not.
    const reason = `the runner gave this step no artifact service (ACTIONS_RUNTIME_TOKEN and ACTIONS_RESULTS_URL are not set); the record stays in ${paths.dir}`;
    logger.warning(`The run's record was not uploaded as an artifact: ${reason}.`);
    return { status: 'skipped', reason };
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS;
  const upload = options.upload ?? actionsArtifactUploader(options.env, timeoutMs);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`it did not finish within ${Math.round(timeoutMs / 1000)} seconds`));
    }, timeoutMs);
    // A stuck upload must not keep the process alive once the run is over either.
    timer.unref();
  });
  try {
    const { id } = await Promise.race([upload(options.name, files, paths.dir), timeout]);
    if (id === undefined) throw new Error('the artifact service returned no artifact id');
    const url = artifactUrl(options.env, id);
    if (url === undefined) throw new Error('GITHUB_REPOSITORY or GITHUB_RUN_ID is not set');
    logger.info(`Uploaded the run's record as the artifact ${options.name}: ${url}`);
    return { status: 'uploaded', name: options.name, id, url };
  } catch (error) {
    const text = withoutQueries(errorMessage(error));
    logger.warning(`The run's record was not uploaded as an artifact: ${text}`);
    return { status: 'failed', error: text };
  } finally {
    clearTimeout(timer);
  }
}

/**
 * What @actions/artifact reads from `process.env`: the results service and its token, its own
 * tuning variables, and the server URL (on GitHub Enterprise Server it refuses to upload).
 */
function artifactVariables(env: NodeJS.ProcessEnv, timeoutMs: number): Record<string, string> {
  const names = Object.keys(env).filter(
    (name) =>
      name === 'ACTIONS_RESULTS_URL' ||
      name === 'ACTIONS_RUNTIME_TOKEN' ||
      name === 'GITHUB_SERVER_URL' ||
      name.startsWith('ACTIONS_ARTIFACT_'),
  );
  return {
    // The client aborts a blob upload without progress for this long (its default is 5 minutes),
    // so an upload the run stopped waiting for does not hold the process much longer either.
    ACTIONS_ARTIFACT_UPLOAD_TIMEOUT_MS: String(timeoutMs),
    ...Object.fromEntries(names.map((name) => [name, env[name] ?? ''])),
  };
}

/** The uploader of @actions/artifact, given the run's variables for the length of one upload. */
export function actionsArtifactUploader(
  env: NodeJS.ProcessEnv,
  timeoutMs = DEFAULT_UPLOAD_TIMEOUT_MS,
): ArtifactUploader {
  return async (name, files, rootDirectory) => {
    const variables = artifactVariables(env, timeoutMs);
    // Loaded on first use: the client and its storage SDK are large, and most code paths
    // (the CLI, runs with the upload turned off) never need them.
    const { DefaultArtifactClient } = await import('@actions/artifact');
    const restore = setVariables(variables);
    try {
      const client = new DefaultArtifactClient();
      const response = await client.uploadArtifact(name, [...files], rootDirectory);
      return { id: response.id };
    } finally {
      // The client read the token when it started; from here on no code finds it again.
      restore();
    }
  };
}

function hasArtifactService(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.ACTIONS_RUNTIME_TOKEN?.trim() && env.ACTIONS_RESULTS_URL?.trim());
}

/** Sets variables in `process.env`; the returned function puts back what was there. */
function setVariables(variables: Record<string, string>): () => void {
  const before = new Map<string, string | undefined>();
  for (const [name, value] of Object.entries(variables)) {
    before.set(name, process.env[name]);
    process.env[name] = value;
  }
  return () => {
    for (const [name, value] of before) {
      if (value === undefined) Reflect.deleteProperty(process.env, name);
      else process.env[name] = value;
    }
  };
}

/** A signed storage URL carries its credential in the query; error text keeps only the path. */
function withoutQueries(text: string): string {
  return text.replace(/(https?:\/\/[^\s?#]+)[?#]\S*/g, '$1?…');
}

/** An artifact name unique within the workflow run: the task and the session. */
export function artifactName(
  subject: { number: number | undefined; mode: string },
  sessionId: string,
): string {
  const task = subject.number === undefined ? subject.mode : `${subject.mode}-${subject.number}`;
  return `gemini-agent-${task}-${sessionId.slice(0, 8)}`;
}
