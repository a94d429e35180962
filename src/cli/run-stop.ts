/**
 * How a CLI run (`-p`) and `serve` are stopped from outside, and what each stop is called.
 *
 * The first Ctrl-C (SIGINT) or SIGTERM cancels: the abort reason carries the cancellation (by
 * what, when), so the session stops its model request and its tools' process groups and its last
 * event says why; the run then ends normally from what it recorded (the transcript's last line,
 * the changed files on stderr, the exit code). A second signal stops at once: the caller's
 * `onForce` kills the tools' processes without a grace period, writes what it still can, and
 * exits.
 *
 * Exit codes (exit-codes.ts): 130 for Ctrl-C, as the Gemini CLI's `FatalCancellationError`
 * (packages/core/src/utils/errors.ts in google-gemini/gemini-cli). The Gemini CLI ends on SIGTERM
 * with 0 (`gracefulShutdown` in packages/cli/src/utils/cleanup.ts), which would tell a script that
 * a stopped run succeeded; 143 (128 + 15) is what a shell reports for a process SIGTERM ended.
 */
import type {
  AgentEvent,
  AgentEventListener,
  Cancellation,
  CancellationCause,
} from '../agent/events.js';
import { cancellationReason } from '../agent/events.js';
import type { TextSink } from '../platform/logger.js';
import { exitCodeForCancellation } from './exit-codes.js';

/** The signals the CLI handles; a handler called without one was given Ctrl-C. */
export type StopSignal = 'SIGINT' | 'SIGTERM';

/** What a cancellation is called, for people: whole sentences with the time. */
export function describeCancellation(
  by: CancellationCause,
  at: Date,
  subject = 'The run',
): Cancellation {
  const when = at.toISOString();
  const what =
    by === 'interrupt'
      ? 'Ctrl-C (SIGINT)'
      : by === 'terminate'
        ? 'SIGTERM'
        : 'its client (A2A tasks/cancel)';
  return { by, at: when, message: `${subject} was cancelled by ${what} at ${when}.` };
}

export function causeOfSignal(signal: StopSignal | undefined): CancellationCause {
  return signal === 'SIGTERM' ? 'terminate' : 'interrupt';
}

export interface RunStopOptions {
  stderr: TextSink;
  /** Registers a handler for Ctrl-C / SIGTERM; returns a function that removes it. */
  onInterrupt(handler: (signal?: StopSignal) => void): () => void;
  /** A second signal: stop at once. Resolves with the exit code. */
  onForce(cancellation: Cancellation): Promise<number>;
  now?: () => Date;
}

/** The run's stop: listens for the signals from creation until `dispose`. */
export class RunStop {
  private readonly controller = new AbortController();
  private current: Cancellation | undefined;
  private forcedCode: Promise<number> | undefined;
  private resolveForced: (code: number) => void = () => undefined;
  /** Settles with the exit code once a second signal stopped the run at once; never otherwise. */
  readonly forced: Promise<number>;
  private readonly stopListening: () => void;

  constructor(private readonly options: RunStopOptions) {
    this.forced = new Promise<number>((resolve) => {
      this.resolveForced = resolve;
    });
    this.stopListening = options.onInterrupt((signal) => {
      this.receive(signal);
    });
  }

  /** Aborted, with `cancellationReason(cancellation)` as reason, on the first signal. */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get cancellation(): Cancellation | undefined {
    return this.current;
  }

  /** Between the stages of a run: a cancelled run goes no further. */
  throwIfCancelled(): void {
    if (this.current !== undefined) throw new RunCancelled(this.current);
  }

  dispose(): void {
    this.stopListening();
  }

  private receive(signal: StopSignal | undefined): void {
    if (this.current === undefined) {
      const now = this.options.now?.() ?? new Date();
      this.current = describeCancellation(causeOfSignal(signal), now);
      this.options.stderr.write(
        `\n${this.current.message} Stopping the model request and the tools; press Ctrl-C again to stop at once.\n`,
      );
      this.controller.abort(cancellationReason(this.current));
      return;
    }
    if (this.forcedCode !== undefined) return;
    this.forcedCode = this.options.onForce(this.current);
    const code = exitCodeForCancellation(this.current);
    this.forcedCode.then(this.resolveForced, () => {
      this.resolveForced(code);
    });
  }
}

/** Thrown between stages when the run was cancelled before its session started. */
export class RunCancelled extends Error {
  constructor(readonly cancellation: Cancellation) {
    super(cancellation.message);
    this.name = 'RunCancelled';
  }
}

/**
 * The session's events passed on to `listener` (the transcript), followed so that a run stopped
 * at once can still end them with its cancellation when the session had no time to.
 */
export function followSessionEnd(listener: AgentEventListener, sessionId: string) {
  let ended = false;
  let turn = 0;
  let model = '';
  const follow: AgentEventListener = (event: AgentEvent) => {
    turn = event.turn;
    if (event.kind === 'state_change') {
      model = event.model;
      if (event.final) ended = true;
    }
    listener(event);
  };
  return {
    listener: follow,
    /** Writes the final cancelled event unless the session wrote its own. */
    endWith(cancellation: Cancellation, fallbackModel: string): void {
      if (ended) return;
      ended = true;
      listener({
        kind: 'state_change',
        session_id: sessionId,
        timestamp: new Date().toISOString(),
        turn,
        state: 'failed',
        final: true,
        model: model === '' ? fallbackModel : model,
        reason: 'cancelled',
        message: cancellation.message,
        cancellation,
      });
    },
  };
}
