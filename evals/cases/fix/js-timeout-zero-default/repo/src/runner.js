import { resolveOptions } from './options.js';

function withTimeout(promise, ms) {
  if (ms === 0) return promise;
  let timer;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** A runner that calls `job()` with the timeout and retries of `options`. */
export function createRunner(options) {
  const { timeoutMs, retries } = resolveOptions(options);
  return {
    options: { timeoutMs, retries },
    async run(job) {
      let attempt = 0;
      for (;;) {
        try {
          return await withTimeout(job(), timeoutMs);
        } catch (error) {
          if (attempt >= retries) throw error;
          attempt += 1;
        }
      }
    },
  };
}
