import type { Sleep } from './types.js';
import { realSleep } from './types.js';

export interface RetryOptions {
  attempts: number;
  baseDelayMs: number;
  sleep?: Sleep;
}

/** Thrown when every attempt failed; `cause` is the last attempt's error. */
export class RetryError extends Error {
  constructor(
    message: string,
    readonly attempts: number,
    options: { cause: unknown },
  ) {
    super(message, options);
    this.name = 'RetryError';
  }
}

/**
 * Calls `attempt` until it resolves, at most `options.attempts` times, waiting
 * `baseDelayMs * 2^(n-1)` after the n-th failure.
 */
export async function retry<T>(attempt: (n: number) => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? realSleep;
  let lastError: unknown;
  for (let n = 1; n <= options.attempts; n++) {
    try {
      return await attempt(n);
    } catch (error) {
      lastError = error;
    }
    if (n < options.attempts) {
      await sleep(options.baseDelayMs * 2 ** (n - 1));
    }
  }
  throw new RetryError(`failed after ${options.attempts} attempts`, options.attempts, { cause: lastError });
}
