export const DEFAULT_TIMEOUT_MS = 5000;
export const DEFAULT_RETRIES = 3;

/** The runner's options with the defaults filled in. */
export function resolveOptions(options = {}) {
  return {
    timeoutMs: options.timeoutMs || DEFAULT_TIMEOUT_MS,
    retries: options.retries || DEFAULT_RETRIES,
  };
}
