import { describe, expect, it } from 'vitest';
import { retry, RetryError } from '../src/retry.js';

describe('retry', () => {
  it('returns the first success', async () => {
    let calls = 0;
    const value = await retry(
      async () => {
        calls += 1;
        if (calls < 3) throw new Error('not yet');
        return 'done';
      },
      { attempts: 5, baseDelayMs: 1, sleep: async () => {} },
    );
    expect(value).toBe('done');
    expect(calls).toBe(3);
  });

  it('waits with exponential backoff between attempts', async () => {
    const waits: number[] = [];
    await expect(
      retry(async () => Promise.reject(new Error('down')), {
        attempts: 4,
        baseDelayMs: 100,
        sleep: async (ms) => {
          waits.push(ms);
        },
      }),
    ).rejects.toBeInstanceOf(RetryError);
    expect(waits).toEqual([100, 200, 400]);
  });

  it('keeps the last error as the cause', async () => {
    const error = await retry(async (n) => Promise.reject(new Error(`attempt ${n}`)), {
      attempts: 2,
      baseDelayMs: 1,
      sleep: async () => {},
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RetryError);
    expect(((error as RetryError).cause as Error).message).toBe('attempt 2');
  });
});
