import Bottleneck from 'bottleneck/light.js';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOctokit } from '../../src/github/octokit.js';
import { silentLogger } from '../../src/platform/logger.js';

/** Bottleneck's yield, which every request's scheduling takes several times. */
function yieldOf(limiter: Bottleneck): (delayMs?: number) => Promise<void> {
  const store = (limiter as unknown as { _store: { yieldLoop(t?: number): Promise<void> } })._store;
  return (delayMs) => store.yieldLoop(delayMs);
}

/** Whether `promise` settles while only microtasks and immediates run (timers frozen). */
async function settlesWithoutTimers(promise: Promise<unknown>): Promise<boolean> {
  const state = { settled: false };
  void promise.then(() => {
    state.settled = true;
  });
  for (let turn = 0; turn < 5; turn++) {
    await new Promise<void>((resolve) => {
      setImmediate(resolve);
    });
  }
  return state.settled;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("the GitHub client's scheduler", () => {
  it('yields for one turn of the event loop, not for a clamped timer, once a client exists', async () => {
    createOctokit({ token: 'ghs_test_token_value', logger: silentLogger });
    vi.useFakeTimers({ toFake: ['setTimeout'] });

    // Without the change this waits for a 1 ms timer, which never fires while timers are frozen.
    expect(await settlesWithoutTimers(yieldOf(new Bottleneck())())).toBe(true);
  });

  it('keeps real waits on their timers', async () => {
    createOctokit({ token: 'ghs_test_token_value', logger: silentLogger });
    vi.useFakeTimers({ toFake: ['setTimeout'] });

    const waiting = yieldOf(new Bottleneck())(50);
    expect(await settlesWithoutTimers(waiting)).toBe(false);
    await vi.advanceTimersByTimeAsync(50);
    expect(await settlesWithoutTimers(waiting)).toBe(true);
  });
});
