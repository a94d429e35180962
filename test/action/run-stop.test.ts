// How the runner's signals reach the run: the first ends it (how, and when), the next hurries the
// ending; SIGTERM first is a runner shutting down, with SIGKILL 2.5 s away, so it hurries at once.
// And how a stage gives way: at once when hurried, after its grace otherwise.
import { describe, expect, it } from 'vitest';
import {
  RunStopped,
  createRunStop,
  stopOnSignals,
  untilStopped,
} from '../../src/action/run-stop.js';

function signals() {
  const listeners = new Map<NodeJS.Signals, () => void>();
  const logs: string[] = [];
  const controller = createRunStop();
  const stopListening = stopOnSignals(controller, {
    on: (signal, listener) => listeners.set(signal, listener),
    off: (signal) => listeners.delete(signal),
    now: () => 1_000,
    log: (message) => logs.push(message),
  });
  const send = (signal: NodeJS.Signals) => {
    listeners.get(signal)?.();
  };
  return { controller, send, logs, listeners, stopListening };
}

describe("the runner's signals", () => {
  it('SIGINT ends the run as cancelled; SIGTERM then hurries the ending', () => {
    const { controller, send, logs } = signals();
    send('SIGINT');
    expect(controller.stop.ending).toEqual({ kind: 'cancelled', at: 1_000, signal: 'SIGINT' });
    expect(controller.stop.signal.aborted).toBe(true);
    expect(controller.stop.hurry.aborted).toBe(false);
    send('SIGTERM');
    expect(controller.stop.hurry.aborted).toBe(true);
    expect(controller.stop.ending?.kind).toBe('cancelled');
    expect(logs[0]).toContain('Received SIGINT: the run is cancelled');
    expect(logs[1]).toContain('Received SIGTERM again');
  });

  it('SIGTERM first ends the run and hurries at once', () => {
    const { controller, send } = signals();
    send('SIGTERM');
    expect(controller.stop.ending).toMatchObject({ kind: 'cancelled', signal: 'SIGTERM' });
    expect(controller.stop.hurry.aborted).toBe(true);
  });

  it('stops listening when the run is over', () => {
    const { listeners, stopListening } = signals();
    expect([...listeners.keys()]).toEqual(['SIGINT', 'SIGTERM']);
    stopListening();
    expect(listeners.size).toBe(0);
  });
});

describe('a stage cut short', () => {
  it('gets its grace to end by itself, then gives way', async () => {
    const controller = createRunStop();
    const never = new Promise<string>(() => undefined);
    const waiting = untilStopped(never, controller.stop, 50);
    controller.end({ kind: 'timed-out', at: 5, limit: 'timeout_minutes (1)' });
    await expect(waiting).rejects.toBeInstanceOf(RunStopped);
    const soon = untilStopped(
      new Promise<string>((resolve) =>
        setTimeout(() => {
          resolve('done');
        }, 10),
      ),
      controller.stop,
      500,
    );
    await expect(soon).resolves.toBe('done');
  });

  it('gives way at once when the ending is hurried', async () => {
    const controller = createRunStop();
    controller.end({ kind: 'cancelled', at: 1 });
    controller.hurry();
    const started = Date.now();
    await expect(
      untilStopped(new Promise<never>(() => undefined), controller.stop, 10_000),
    ).rejects.toThrow('The run was cancelled.');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
