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
 *
 * Values that arrive already parsed — a model's function-call arguments, an MCP server's tool
 * schemas and results, a discovery command's declarations — are held to the same kind of limits by
 * {@link valueLimitProblem}, a walk without recursion, before any code that recurses (our own
 * walkers, `JSON.stringify`, `structuredClone`, a schema compiler) ever sees them.
 */
import { ConfigurationError } from './errors.js';
import { ellipsize } from './text.js';

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
  return new ConfigurationError(tooLargeMessage(what, limit, found), at);
}

export function tooLargeMessage(what: string, limit: number, found: number): string {
  return `expected ${what} of at most ${limit} bytes; it has ${found} (the limit is passed here).`;
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

/** How much a parsed value may hold (see {@link valueLimitProblem}). */
export interface ValueLimits {
  /** Objects and arrays inside one another; the value itself, when it is one, is level 1. */
  maxDepth: number;
  /** Members of one object, items of one array. */
  maxEntries: number;
  /**
   * Characters the value takes as JSON, counted without escapes or whitespace: each key and
   * string with its quotes, each other value as written, and the brackets, colons and commas.
   */
  maxChars: number;
}

/** A limit a value passes: a sentence, and the keys and indexes that lead to what went over. */
export interface ValueLimitProblem {
  path: (string | number)[];
  message: string;
}

interface PendingValue {
  value: unknown;
  /** The level of `value` if it is an object or array. */
  depth: number;
  parent: PendingValue | undefined;
  key: string | number | undefined;
}

/**
 * The first limit `value` (as parsed JSON holds: objects, arrays, strings, numbers, booleans,
 * null) passes, or undefined when it keeps them all. The walk uses a list, not the call stack, so
 * it holds for a value of any depth; it stops at the first problem, and since every value it
 * visits counts towards `maxChars`, it never does more than that much work, whatever it is given
 * (a cycle passes `maxDepth`, a value shared many times `maxChars`). `what` names the value in the
 * messages ("arguments", "a parameter schema").
 */
export function valueLimitProblem(
  value: unknown,
  limits: ValueLimits,
  what: string,
): ValueLimitProblem | undefined {
  let chars = 0;
  const tooLarge = (at: PendingValue): ValueLimitProblem => ({
    path: pathOf(at),
    message: `expected ${what} of at most ${limits.maxChars} characters as JSON; the limit is passed at ${describeValuePath(pathOf(at))}.`,
  });
  const pending: PendingValue[] = [{ value, depth: 1, parent: undefined, key: undefined }];
  for (let node = pending.pop(); node !== undefined; node = pending.pop()) {
    const current = node.value;
    if (typeof current === 'string') {
      chars += current.length + 2;
    } else if (typeof current !== 'object' || current === null) {
      chars += String(current).length;
    } else {
      const array = Array.isArray(current);
      const kind = array ? 'array' : 'object';
      if (node.depth > limits.maxDepth) {
        return {
          path: pathOf(node),
          message: `expected ${what} nested at most ${limits.maxDepth} levels deep; the ${kind} at ${describeValuePath(pathOf(node))} is level ${node.depth}.`,
        };
      }
      const items: readonly unknown[] | undefined = array ? (current as unknown[]) : undefined;
      const keys = items === undefined ? Object.keys(current) : undefined;
      const count = items?.length ?? keys?.length ?? 0;
      if (count > limits.maxEntries) {
        const entries = array ? 'items' : 'members';
        return {
          path: pathOf(node),
          message: `expected at most ${limits.maxEntries} ${entries} in one ${kind} of ${what}; the ${kind} at ${describeValuePath(pathOf(node))} has ${count}.`,
        };
      }
      // The brackets and the commas between entries.
      chars += 1 + Math.max(count, 1);
      if (keys !== undefined) {
        const record = current as Record<string, unknown>;
        for (const key of keys) chars += key.length + 3;
        if (chars > limits.maxChars) return tooLarge(node);
        for (let i = keys.length - 1; i >= 0; i -= 1) {
          const key = keys[i] ?? '';
          pending.push({ value: record[key], depth: node.depth + 1, parent: node, key });
        }
      } else if (items !== undefined) {
        if (chars > limits.maxChars) return tooLarge(node);
        for (let i = items.length - 1; i >= 0; i -= 1) {
          pending.push({ value: items[i], depth: node.depth + 1, parent: node, key: i });
        }
      }
    }
    if (chars > limits.maxChars) return tooLarge(node);
  }
  return undefined;
}

function pathOf(node: PendingValue): (string | number)[] {
  const path: (string | number)[] = [];
  for (let at: PendingValue | undefined = node; at?.key !== undefined; at = at.parent) {
    path.push(at.key);
  }
  return path.reverse();
}

/** Steps of a long path shown on each side of the `…` that stands for the rest. */
const PATH_ENDS = 4;
/** Longer keys are cut in the path a message shows. */
const PATH_KEY_CHARS = 40;

/**
 * A path as a message shows it: `the top level`, or keys and indexes as JavaScript writes them
 * (`properties.a.items[0]`, `["odd key"]`), a long one as its first and last steps around `…`.
 */
export function describeValuePath(path: readonly (string | number)[]): string {
  if (path.length === 0) return 'the top level';
  const step = (key: string | number, first: boolean): string => {
    if (typeof key === 'number') return `[${key}]`;
    const shown = ellipsize(key, PATH_KEY_CHARS);
    if (/^[A-Za-z_$][\w$]*$/.test(key)) return first ? shown : `.${shown}`;
    return `[${JSON.stringify(shown)}]`;
  };
  const write = (steps: readonly (string | number)[], first: boolean) =>
    steps.map((key, index) => step(key, first && index === 0)).join('');
  if (path.length <= 2 * PATH_ENDS + 1) return write(path, true);
  return `${write(path.slice(0, PATH_ENDS), true)}…${write(path.slice(-PATH_ENDS), true)}`;
}
