/**
 * How a run learns that it must end before it finishes, and how its stages give way.
 *
 * GitHub's runner cancels a step by sending its process SIGINT, then SIGTERM 7.5 s later, then
 * killing the process tree 2.5 s after that; post steps run afterwards
 * (https://docs.github.com/en/actions/reference/workflow-cancellation-reference). So the first
 * signal ends the run: the stages stop waiting, the agent's model request and tools are aborted,
 * and the run reports from its record (finalise-early.ts). A second signal hurries that report:
 * what is nice to have is skipped. What SIGKILL cuts off, the post step finishes (post-run.ts).
 *
 * The same stop carries the other early ends (a time limit, a newer run taking over) as
 * `EarlyEnd`s of their own kind.
 */
import type { EarlyEnd } from '../report/early-end.js';
import { earlyEndTitle } from '../report/early-end.js';

export interface RunStop {
  /** Aborted, with the `EarlyEnd` as its reason, when the run must end now. */
  readonly signal: AbortSignal;
  /** Aborted when the ending itself must hurry: only what matters most is still written. */
  readonly hurry: AbortSignal;
  /** How the run is ending, once it is. */
  readonly ending: EarlyEnd | undefined;
}

export interface RunStopController {
  readonly stop: RunStop;
  /** Ends the run; the first call decides how, a later one hurries the ending. */
  end(ending: EarlyEnd): void;
  hurry(): void;
}

export function createRunStop(): RunStopController {
  const ended = new AbortController();
  const hurried = new AbortController();
  let ending: EarlyEnd | undefined;
  const stop: RunStop = {
    signal: ended.signal,
    hurry: hurried.signal,
    get ending() {
      return ending;
    },
  };
  return {
    stop,
    end(next) {
      if (ending !== undefined) {
        hurried.abort();
        return;
      }
      ending = next;
      ended.abort(next);
    },
    hurry() {
      hurried.abort();
    },
  };
}

/** What a stage cut short by the stop throws; the run then ends from its record. */
export class RunStopped extends Error {
  constructor(readonly ending: EarlyEnd) {
    super(`The run ${earlyEndTitle(ending)}.`);
    this.name = 'RunStopped';
  }
}

/**
 * Settles with `promise`, or rejects with `RunStopped` once the run has been stopped for
 * `graceMs` (at once when the ending is hurried): a stage that can finish cleanly in a moment
 * (the session reporting its cancellation) gets that moment, none gets more. The promise left
 * behind is silenced.
 */
export function untilStopped<T>(promise: Promise<T>, stop: RunStop, graceMs = 0): Promise<T> {
  promise.catch(() => undefined);
  return new Promise<T>((resolve, reject) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const giveUp = () => {
      cleanUp();
      reject(new RunStopped(stop.ending ?? { kind: 'cancelled', at: Date.now() }));
    };
    const onStop = () => {
      if (graceMs <= 0 || stop.hurry.aborted) {
        giveUp();
        return;
      }
      timer ??= setTimeout(giveUp, graceMs);
      stop.hurry.addEventListener('abort', giveUp, { once: true });
    };
    const cleanUp = () => {
      stop.signal.removeEventListener('abort', onStop);
      stop.hurry.removeEventListener('abort', giveUp);
      if (timer !== undefined) clearTimeout(timer);
    };
    promise.then(
      (value) => {
        cleanUp();
        resolve(value);
      },
      (error: unknown) => {
        cleanUp();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
    if (stop.signal.aborted) onStop();
    else stop.signal.addEventListener('abort', onStop, { once: true });
  });
}

/** The signals the runner stops a step with, in the order it sends them. */
export const STOP_SIGNALS = ['SIGINT', 'SIGTERM'] as const;

/**
 * Ends the run on the runner's first signal and hurries its ending on the next. Returns a
 * function that stops listening.
 */
export function stopOnSignals(
  controller: RunStopController,
  options: {
    /** `process.on`, or a stand-in. */
    on: (signal: NodeJS.Signals, listener: () => void) => void;
    off: (signal: NodeJS.Signals, listener: () => void) => void;
    now?: () => number;
    /** Says in the step's log what the run does about the signal. */
    log: (message: string) => void;
  },
): () => void {
  const now = options.now ?? Date.now;
  const listeners = STOP_SIGNALS.map((signal) => {
    const listener = () => {
      if (controller.stop.ending === undefined) {
        options.log(
          `Received ${signal}: the run is cancelled. Stopping the agent and writing its report (the comment, the record, the outputs) before the runner ends the step.`,
        );
        controller.end({ kind: 'cancelled', at: now(), signal });
        // SIGTERM first: the runner is shutting down, and SIGKILL is 2.5 s away.
        if (signal === 'SIGTERM') controller.hurry();
      } else {
        options.log(
          `Received ${signal} again: writing only what is left of the report, and nothing more.`,
        );
        controller.hurry();
      }
    };
    options.on(signal, listener);
    return [signal, listener] as const;
  });
  return () => {
    for (const [signal, listener] of listeners) options.off(signal, listener);
  };
}
