/**
 * The limits a parser of configuration text holds before it trusts the text: how many bytes, how
 * deeply nested, how many entries. Configuration comes from repositories, base branches and
 * extensions, so it is input like any other: without limits, 5,000 nested arrays overflow the
 * stack of whatever walks the value, and a dotted key of 80,000 parts exhausts the memory of the
 * code that records where each part is.
 *
 * Each parser keeps its own numbers beside it, with the reason for them; this module words the
 * errors alike. Every one is a `ConfigurationError` (exit code 52) at the file, line and column of
 * what went over, saying the limit and what was found.
 */
import { ConfigurationError } from '../platform/errors.js';

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
