/** Small text helpers every layer uses, defined once so their output is the same everywhere. */

/** `1 finding`, `3 findings`: a count with its noun (nouns with a regular plural only). */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `plural` with the count's thousands grouped: `12,345 tokens`. */
export function groupedPlural(count: number, noun: string): string {
  return `${groupDigits(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/** The text on one line: runs of whitespace (newlines included) become one space. */
export function oneLine(text: string): string {
  return text.replace(/\s+/gu, ' ').trim();
}

/**
 * `text` as a regular expression that matches it literally. Only syntax characters and `/` are
 * escaped, so the result is valid with and without the `u` flag.
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
}

/**
 * `12,345`: an integer with its thousands grouped as `toLocaleString('en-US')` writes it, without
 * ICU, whose data takes 7–15 ms to load on the first use in a process (once at every start, for a
 * label built when a module loads). Other numbers are left to ICU.
 */
export function groupDigits(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return value.toLocaleString('en-US');
  const grouped = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/gu, ',');
  return value < 0 ? `-${grouped}` : grouped;
}
