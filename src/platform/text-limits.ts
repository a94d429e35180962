/**
 * The limits a parser holds before it trusts text from outside: how many bytes, how deeply
 * nested, how many entries. Configuration comes from repositories, base branches and extensions,
 * A2A requests from clients, recorded sessions from files: input like any other. Without limits,
 * 5,000 nested arrays overflow the stack of whatever walks the value ("Maximum call stack size
 * exceeded", from a library or from our own validation), and a dotted TOML key of 80,000 parts
 * exhausts the memory of the code that records where each part is.
 *
 * Each parser keeps its own numbers beside it, with the reason for them; this module words the
 * errors alike (each a `ConfigurationError` at the file, line and column of what went over, saying
 * the limit and what was found) and holds the one-pass JSON scan they share.
 */
import { ConfigurationError } from './errors.js';

export interface LimitLocation {
  file: string;
  line: number;
  column: number;
}

/** `what` (e.g. "an extension manifest") holds more than `limit` bytes. */
export function tooLargeError(
  what: string,
  limit: number,
  found: number,
  at: LimitLocation,
): ConfigurationError {
  return new ConfigurationError(
    `expected ${what} of at most ${limit} bytes; it has ${found} (the limit is passed here).`,
    at,
  );
}

/** Something opened at `at` lies deeper than `limit` levels of `what`. */
export function tooDeepError(
  what: string,
  limit: number,
  thing: string,
  at: LimitLocation,
): ConfigurationError {
  return new ConfigurationError(tooDeepMessage(what, limit, thing), at);
}

export function tooDeepMessage(what: string, limit: number, thing: string): string {
  return `expected ${what} nested at most ${limit} levels deep; ${thing} here is level ${limit + 1}.`;
}

/** The container at `at` holds more than `limit` entries. */
export function tooManyMessage(limit: number, entries: string, container: string): string {
  return `expected at most ${limit} ${entries} in one ${container}; this ${container} has more.`;
}

/** UTF-8 bytes of `text`. */
export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/**
 * The offset of the first character of `text` that ends past `maxBytes` bytes of UTF-8 (where a
 * size error points), or undefined when the whole text fits.
 */
export function offsetPastBytes(text: string, maxBytes: number): number | undefined {
  // Most texts that fit are short enough to need no walk at all.
  if (text.length * 3 <= maxBytes) return undefined;
  let bytes = 0;
  for (let i = 0; i < text.length; i += 1) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff) {
      // A surrogate pair is one four-byte character.
      bytes += 4;
      if (bytes > maxBytes) return i;
      i += 1;
      continue;
    } else bytes += 3;
    if (bytes > maxBytes) return i;
  }
  return undefined;
}

/**
 * The first limit `text` (comments already blanked) passes, and the offset of the bracket that
 * opens what went over; undefined when it keeps them all. One pass over the characters, strings
 * skipped, so it holds for text of any depth and for text that is not JSON at all.
 */
export function jsonLimitProblem(
  text: string,
  limits: { maxDepth: number; maxEntries: number },
): { offset: number; message: string } | undefined {
  const open: { at: number; array: boolean; commas: number }[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (char === '"') {
      i = jsonStringEnd(text, i) - 1;
    } else if (char === '{' || char === '[') {
      const array = char === '[';
      if (open.length >= limits.maxDepth) {
        return {
          offset: i,
          message: tooDeepMessage(
            'JSON',
            limits.maxDepth,
            `the ${array ? 'array' : 'object'} opened`,
          ),
        };
      }
      open.push({ at: i, array, commas: 0 });
    } else if (char === '}' || char === ']') {
      open.pop();
    } else if (char === ',') {
      const container = open.at(-1);
      if (container === undefined) continue;
      container.commas += 1;
      // The comma after the last entry allowed starts one entry too many.
      if (container.commas >= limits.maxEntries) {
        return {
          offset: container.at,
          message: container.array
            ? tooManyMessage(limits.maxEntries, 'items', 'array')
            : tooManyMessage(limits.maxEntries, 'members', 'object'),
        };
      }
    }
  }
  return undefined;
}

/** The index just past the JSON string starting at `start` (a `"`), or the end of the text. */
export function jsonStringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length) {
    const char = text[i];
    if (char === '\\') i += 2;
    else if (char === '"') return i + 1;
    else i += 1;
  }
  return text.length;
}
