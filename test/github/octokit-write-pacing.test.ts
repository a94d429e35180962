// How the client paces writes to GitHub: a run's few writes at a time go at once, and a long run
// of them is held to one a second (octokit.ts). Fake time, so nothing here waits or is timed.
import nock from 'nock';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createOctokit } from '../../src/github/octokit.js';
import { memoryLogger } from '../../src/platform/logger.js';

const API = 'https://api.github.com';

afterEach(() => {
  vi.useRealTimers();
  nock.cleanAll();
});

/** Fake time moves on in small steps, each followed by real turns of the event loop (I/O). */
async function pass(ms: number): Promise<void> {
  for (let done = 0; done < ms; done += 10) {
    await vi.advanceTimersByTimeAsync(10);
    for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
  }
}

describe('writes', () => {
  it("sends a run's first three writes at once, then one a second", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'Date'] });
    const arrived: number[] = [];
    nock(API)
      .patch(/\/repos\/o\/r\/issues\/comments\/\d+/)
      .times(5)
      .reply(200, (uri) => {
        arrived.push(Number(/comments\/(\d+)/.exec(uri)?.[1]));
        return { id: 1 };
      });
    const octokit = createOctokit({
      token: 'ghs_x',
      logger: memoryLogger(),
      throttle: { retryAfterBaseMs: 1 },
    });
    const writes = [1, 2, 3, 4, 5].map((n) =>
      octokit.rest.issues.updateComment({ owner: 'o', repo: 'r', comment_id: n, body: 'x' }),
    );
    await pass(200);
    expect(arrived).toEqual([1, 2, 3]);
    await pass(1000);
    expect(arrived).toEqual([1, 2, 3, 4]);
    await pass(1000);
    await Promise.all(writes);
    expect(arrived).toEqual([1, 2, 3, 4, 5]);
  });
});
