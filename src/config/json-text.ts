/**
 * JSON configuration text as people write it: with `//` and `/* *\/` comments (the Gemini CLI
 * accepts them in settings.json), and with errors that point at a line and column — of a syntax
 * error, of a limit passed, or of the key a validation error is about.
 */
import { ConfigurationError } from '../platform/errors.js';
import {
  jsonLimitProblem,
  jsonStringEnd,
  offsetPastBytes,
  tooLargeError,
  utf8Bytes,
} from '../platform/text-limits.js';

export { jsonLimitProblem };

/**
 * How much one JSON configuration file (settings.json, an extension manifest) may hold. A real
 * one nests a few levels (`mcpServers.<name>.env.<VAR>` is four) and lists tens of servers and
 * tool names; these bounds sit far above that, and far below what would overflow the stack of
 * the code that walks the value (validation, `${…}` substitution) or stall a run.
 */
export interface JsonLimits {
  /** Bytes of UTF-8 in the file. */
  maxBytes: number;
  /** Objects and arrays inside one another; the outermost is level 1. */
  maxDepth: number;
  /** Members of one object, items of one array. */
  maxEntries: number;
}

export const JSON_LIMITS: JsonLimits = {
  maxBytes: 1024 * 1024,
  maxDepth: 32,
  maxEntries: 10_000,
};

export interface TextPosition {
  line: number;
  column: number;
}

/**
 * The text with comments replaced by spaces (line breaks kept), so positions in the result are
 * positions in the original. Strings are left alone, `//` inside them included.
 */
export function blankComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text[i] ?? '';
    const next = text[i + 1] ?? '';
    if (char === '"') {
      const end = jsonStringEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (char === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (char === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\r\n]/g, ' ');
      i = stop;
    } else {
      out += char;
      i += 1;
    }
  }
  return out;
}

export function positionAt(text: string, offset: number): TextPosition {
  const before = text.slice(0, Math.max(0, offset));
  const lines = before.split('\n');
  return { line: lines.length, column: (lines[lines.length - 1]?.length ?? 0) + 1 };
}

/**
 * Parses JSON with comments. A syntax error, or a limit passed (see {@link JSON_LIMITS}), is a
 * `ConfigurationError` at its line and column; the limits are checked first, so nothing deeper
 * than they allow ever reaches a parser or a walk over the value.
 */
export function parseJsonText(
  text: string,
  file: string,
  limits: JsonLimits = JSON_LIMITS,
): unknown {
  const source = text.replace(/^\uFEFF/, '');
  const past = offsetPastBytes(source, limits.maxBytes);
  if (past !== undefined) {
    throw tooLargeError('a JSON file', limits.maxBytes, utf8Bytes(source), {
      file,
      ...positionAt(source, past),
    });
  }
  const blanked = blankComments(source);
  const problem = jsonLimitProblem(blanked, limits);
  if (problem !== undefined) {
    throw new ConfigurationError(problem.message, { file, ...positionAt(blanked, problem.offset) });
  }
  try {
    return JSON.parse(blanked) as unknown;
  } catch (error) {
    const { reason, position } = jsonSyntaxError(blanked, error);
    throw new ConfigurationError(`expected valid JSON; ${reason}.`, { file, ...position });
  }
}

/** What `JSON.parse` said about `text`, and where in it, as a line and column. */
export function jsonSyntaxError(
  text: string,
  error: unknown,
): { reason: string; position: TextPosition } {
  const message = error instanceof Error ? error.message : String(error);
  const reason = message.replace(/\s*(?:in JSON )?at position \d+.*$/s, '').trim();
  return { reason, position: syntaxErrorPosition(text, message) };
}

/**
 * Node reports `at position N` (and newer versions `(line L column C)`), but V8's "Unexpected
 * token" messages say nowhere; the text is then scanned for the first character that breaks it.
 */
function syntaxErrorPosition(text: string, message: string): TextPosition {
  const lineColumn = /line (\d+) column (\d+)/.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /position (\d+)/.exec(message);
  if (position) return positionAt(text, Number(position[1]));
  const offset = jsonErrorOffset(text);
  return positionAt(text, offset === undefined ? text.length : offset);
}

/**
 * The offset of the first character at which `text` stops being JSON (its length when it ends
 * too early), or undefined when it is JSON. A plain recursive-descent scan of RFC 8259's grammar.
 */
export function jsonErrorOffset(text: string): number | undefined {
  let i = 0;
  const fail = (): never => {
    throw new JsonScanStop(i);
  };
  const space = () => {
    while (i < text.length && ' \t\n\r'.includes(text[i] ?? '')) i += 1;
  };
  const expect = (char: string) => {
    if (text[i] !== char) fail();
    i += 1;
  };
  const string = () => {
    expect('"');
    for (;;) {
      const char = text[i];
      if (char === undefined || char < ' ') fail();
      i += 1;
      if (char === '"') return;
      if (char === '\\') {
        const escape = text[i] ?? '';
        if (escape === 'u') {
          for (let digit = 1; digit <= 4; digit += 1) {
            if (!/[0-9a-fA-F]/.test(text[i + digit] ?? '')) {
              i += digit;
              fail();
            }
          }
          i += 5;
        } else if (escape !== '' && '"\\/bfnrt'.includes(escape)) {
          i += 1;
        } else {
          fail();
        }
      }
    }
  };
  const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
  const number = () => {
    NUMBER.lastIndex = i;
    const match = NUMBER.exec(text);
    if (match === null) fail();
    i = NUMBER.lastIndex;
  };
  const word = (literal: string) => {
    for (const char of literal) expect(char);
  };
  const value = (): void => {
    space();
    const char = text[i];
    if (char === '{') {
      i += 1;
      space();
      if (text[i] === '}') {
        i += 1;
        return;
      }
      for (;;) {
        space();
        string();
        space();
        expect(':');
        value();
        space();
        if (text[i] === '}') {
          i += 1;
          return;
        }
        expect(',');
      }
    } else if (char === '[') {
      i += 1;
      space();
      if (text[i] === ']') {
        i += 1;
        return;
      }
      for (;;) {
        value();
        space();
        if (text[i] === ']') {
          i += 1;
          return;
        }
        expect(',');
      }
    } else if (char === '"') {
      string();
    } else if (char === 't') {
      word('true');
    } else if (char === 'f') {
      word('false');
    } else if (char === 'n') {
      word('null');
    } else {
      number();
    }
  };
  try {
    value();
    space();
    if (i < text.length) fail();
    return undefined;
  } catch (error) {
    if (error instanceof JsonScanStop) return error.offset;
    throw error;
  }
}

/** Ends the scan at the offending character. */
class JsonScanStop extends Error {
  constructor(readonly offset: number) {
    super(`not JSON from offset ${offset}`);
  }
}

/**
 * Where the value at `path` (object keys and array indexes) starts in the JSON text — the key's
 * position for object members — or the nearest enclosing value found. Undefined when not even
 * the first step is found (a value that came from somewhere other than this text).
 */
export function locateJsonPath(
  text: string,
  path: readonly (string | number)[],
): TextPosition | undefined {
  const source = blankComments(text);
  let offset = skipSpace(source, 0);
  let found: number | undefined;
  for (const step of path) {
    const next =
      typeof step === 'number' ? arrayItem(source, offset, step) : member(source, offset, step);
    if (next === undefined) break;
    found = next.key;
    offset = next.value;
  }
  return found === undefined ? undefined : positionAt(source, found);
}

function skipSpace(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && /\s/.test(text[i] ?? '')) i += 1;
  return i;
}

/** The end of the JSON value starting at `offset`. */
function valueEnd(text: string, offset: number): number {
  const char = text[offset];
  if (char === '"') return jsonStringEnd(text, offset);
  if (char === '{' || char === '[') {
    let depth = 0;
    let i = offset;
    while (i < text.length) {
      const c = text[i];
      if (c === '"') {
        i = jsonStringEnd(text, i);
        continue;
      }
      if (c === '{' || c === '[') depth += 1;
      if (c === '}' || c === ']') {
        depth -= 1;
        if (depth === 0) return i + 1;
      }
      i += 1;
    }
    return text.length;
  }
  let i = offset;
  while (i < text.length && !/[,}\]\s]/.test(text[i] ?? '')) i += 1;
  return i;
}

/** The member `name` of the object at `offset`: where its key and its value start. */
function member(
  text: string,
  offset: number,
  name: string,
): { key: number; value: number } | undefined {
  if (text[offset] !== '{') return undefined;
  let i = skipSpace(text, offset + 1);
  while (i < text.length && text[i] === '"') {
    const keyEnd = jsonStringEnd(text, i);
    let key: unknown;
    try {
      key = JSON.parse(text.slice(i, keyEnd));
    } catch {
      return undefined;
    }
    const colon = skipSpace(text, keyEnd);
    if (text[colon] !== ':') return undefined;
    const value = skipSpace(text, colon + 1);
    if (key === name) return { key: i, value };
    i = skipSpace(text, valueEnd(text, value));
    if (text[i] !== ',') return undefined;
    i = skipSpace(text, i + 1);
  }
  return undefined;
}

/** Item `index` of the array at `offset`. */
function arrayItem(
  text: string,
  offset: number,
  index: number,
): { key: number; value: number } | undefined {
  if (text[offset] !== '[') return undefined;
  let i = skipSpace(text, offset + 1);
  for (let current = 0; i < text.length && text[i] !== ']'; current += 1) {
    if (current === index) return { key: i, value: i };
    i = skipSpace(text, valueEnd(text, i));
    if (text[i] !== ',') return undefined;
    i = skipSpace(text, i + 1);
  }
  return undefined;
}
