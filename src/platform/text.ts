/** Small text helpers every layer uses, defined once so their output is the same everywhere. */

/** `1 finding`, `3 findings`: a count with its noun (nouns with a regular plural only). */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
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
