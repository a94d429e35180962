import type { AgentEventListener } from '../../agent/events.js';

/** The summary a CLI output needs when the session is over. */
export interface SessionOutcome {
  sessionId: string;
  model: string;
  /** All the model's text of the session. */
  response: string;
  /** 'completed' or the reason it stopped. */
  reason: string;
  /** A readable message when the session did not complete. */
  error: string | undefined;
  exitCode: number;
}

/** One `--output-format`: consumes the event stream, then prints what that format promises. */
export interface CliOutput {
  readonly listener: AgentEventListener;
  finish(outcome: SessionOutcome): void;
  /** An error before or outside the session (bad flags, missing key). */
  failBeforeStart(error: { type: string; message: string; code: number }): void;
}
