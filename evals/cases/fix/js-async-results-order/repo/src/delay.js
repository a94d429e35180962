/** Resolves with `value` after `ms` milliseconds. */
export function delay(ms, value) {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}
