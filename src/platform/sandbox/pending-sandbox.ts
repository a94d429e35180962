/**
 * A sandbox still to be found, whose probe (resolveSandbox) starts when something first asks for
 * it, not when it is made.
 *
 * Setting up the namespace starts a few dozen short programs (the mounts of a private /tmp, /root
 * and read-only system folders). Under `sandbox: auto` nothing needs it before the session's first
 * command, which can only come after the model's first answer; run beside the session's
 * preparation, those programs only compete with it for the processor (on a two-core runner the
 * first model request came about 35 ms later). So the session starts the probe once its first
 * model request is on its way (startAgent), and the first process waits for it (ToolProcesses)
 * as before. A sandbox asked for by name must work before any request, so it starts at once
 * (`pendingSandbox`).
 */
import type { Sandbox, SandboxMode } from './sandbox-types.js';

/**
 * The sandbox `mode` asks for, found by `probe`: under `auto` when something first asks for it;
 * under any other mode at once, beside the session's preparation, since the session waits for it.
 */
export function pendingSandbox(mode: SandboxMode, probe: () => Promise<Sandbox>): PendingSandbox {
  const pending = new PendingSandbox(probe);
  if (mode !== 'auto') void pending.find();
  return pending;
}

export class PendingSandbox {
  /**
   * The probe's answer once something has started it; waiting on it starts nothing (a report of
   * which sandbox runs is chained here). Never settles when nothing ever starts the probe.
   */
  readonly answer: Promise<Sandbox>;
  private readonly probe: () => Promise<Sandbox>;
  private started = false;
  private settle: (found: Promise<Sandbox>) => void = () => undefined;

  constructor(probe: () => Promise<Sandbox>) {
    this.probe = probe;
    this.answer = new Promise<Sandbox>((resolve) => {
      this.settle = resolve;
    });
    // A failed probe is reported to whoever asked (`find()`), never as an unhandled rejection.
    this.answer.catch(() => undefined);
  }

  /** Whether something has started the probe. */
  get isStarted(): boolean {
    return this.started;
  }

  /** Starts the probe if nothing has yet, and returns its answer. */
  find(): Promise<Sandbox> {
    if (!this.started) {
      this.started = true;
      // A probe that throws before its first step is a failed probe like any other.
      this.settle(Promise.resolve().then(this.probe));
    }
    return this.answer;
  }

  /**
   * Gives back the session the probe set up for the first process when no process came to use it;
   * nothing to do when the probe never started.
   */
  async release(): Promise<void> {
    if (!this.started) return;
    await this.answer.then((found) => found.release?.()).catch(() => undefined);
  }
}
