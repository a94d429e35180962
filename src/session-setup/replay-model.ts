/**
 * `--replay FILE`: a recorded model session ({method, response} JSON lines, the Gemini CLI's
 * format) served by the local fake Gemini server, so a replayed run goes through the same
 * `@google/genai` client, retries and wire format as a live one. Shared by `-p` and `run`.
 */
import type { ModelAuth } from '../model/model-auth.js';
import { readRecordedSession } from '../model/recording.js';
import { errorMessage, UsageError } from '../platform/errors.js';
import { scriptFromRecording, startFakeGeminiServer } from '../fake-gemini/fake-gemini-server.js';
import { ReplayComparison } from './replay-divergence.js';

export interface ReplayedSession {
  /** Where the model is reached: the local server, with a placeholder key. */
  auth: ModelAuth;
  /** Stops the server; call when the run is over. */
  close(): Promise<void>;
  /** The replayed session's tool calls against the recording's (hand it to `startAgent`). */
  comparison: ReplayComparison;
}

/** The key the replay server is reached with; long and odd, so redacting it masks nothing else. */
export const REPLAY_API_KEY = 'gemini-agent-replay-placeholder-key';

/** Starts serving the recording in `file`; a missing or malformed file is a usage error. */
export async function serveRecordedSession(file: string): Promise<ReplayedSession> {
  const calls = await readRecordedSession(file).catch((error: unknown) => {
    throw new UsageError(`--replay: ${errorMessage(error)}`);
  });
  const server = await startFakeGeminiServer({ script: scriptFromRecording(calls) });
  return {
    auth: { type: 'gemini-api-key', apiKey: REPLAY_API_KEY, baseUrl: server.url },
    close: () => server.close(),
    comparison: new ReplayComparison(calls),
  };
}
