/**
 * The limits of TOML configuration text (policy files, custom command files), checked in two
 * steps around the parser:
 *
 * - before it, {@link tomlTextProblem}: the size, and how deeply the document nests, read from
 *   the text in one pass. A level is a table or an array: each part of a table header or of a
 *   dotted key is a table (`[a.b]` is two levels, `a.b.c = 1` two more below it), each `[` or
 *   `{` of a value one more. The TOML parser bounds only its brackets (at 1,000), and a dotted
 *   key of 80,000 parts would make whatever then records a position per part run out of memory.
 * - after it, {@link tomlEntriesProblem}: how many entries one table or array holds, found on the
 *   parsed value without recursion.
 *
 * Each returns a problem with a message and where it is, for the caller to report in its own way
 * (a policy file collects every problem; a command file throws the first).
 */
import {
  tooDeepMessage,
  tooManyMessage,
  utf8Bytes,
  offsetPastBytes,
} from '../platform/text-limits.js';

export interface TomlLimits {
  /** Bytes of UTF-8 in the file. */
  maxBytes: number;
  /** Tables and arrays inside one another (see the module comment); the document is level 0. */
  maxDepth: number;
  /** Keys of one table, items of one array. */
  maxEntries: number;
}

export interface TomlTextProblem {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units (as the TOML parser counts). */
  column: number;
  message: string;
}

/** The size or nesting limit `text` passes first, or undefined when it keeps both. */
export function tomlTextProblem(
  text: string,
  limits: Pick<TomlLimits, 'maxBytes' | 'maxDepth'>,
  what: string,
): TomlTextProblem | undefined {
  const past = offsetPastBytes(text, limits.maxBytes);
  if (past !== undefined) {
    return {
      ...lineColumn(text, past),
      message: `expected ${what} of at most ${limits.maxBytes} bytes; it has ${utf8Bytes(text)} (the limit is passed here).`,
    };
  }
  const deep = new DepthScan(text, limits.maxDepth).run();
  if (deep === undefined) return undefined;
  return {
    ...lineColumn(text, deep.offset),
    message: tooDeepMessage('TOML', limits.maxDepth, deep.thing),
  };
}

/**
 * The first table or array of the parsed `document` with more than `maxEntries` entries: its
 * path (keys and indexes, as `scanTomlPositions` takes it) and the message.
 */
export function tomlEntriesProblem(
  document: Readonly<Record<string, unknown>>,
  maxEntries: number,
): { path: (string | number)[]; message: string } | undefined {
  const pending: { value: unknown; path: (string | number)[] }[] = [{ value: document, path: [] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { value, path } = next;
    if (Array.isArray(value)) {
      if (value.length > maxEntries) {
        return { path, message: tooManyMessage(maxEntries, 'items', 'array') };
      }
      value.forEach((item: unknown, index) =>
        pending.push({ value: item, path: [...path, index] }),
      );
    } else if (typeof value === 'object' && value !== null && !(value instanceof Date)) {
      const entries = Object.entries(value);
      if (entries.length > maxEntries) {
        const message =
          path.length === 0
            ? `expected at most ${maxEntries} keys at the top of the file; it has more.`
            : tooManyMessage(maxEntries, 'keys', 'table');
        return { path, message };
      }
      for (const [key, item] of entries) pending.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}

function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line += 1;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

interface Frame {
  /** An array's items, or an inline table's keys. */
  kind: 'array' | 'table';
  /** The level of the container itself. */
  depth: number;
}

/**
 * One pass over TOML text that follows just enough of the grammar to know each value's level:
 * strings and comments are skipped, headers and keys are split on the dots outside quotes, and
 * brackets are counted. Text that is not TOML is walked past character by character (the parser
 * reports it), so the scan never stops early on input made to confuse it.
 */
class DepthScan {
  private i = 0;
  private readonly stack: Frame[] = [];
  /** The level of the table the last header opened. */
  private tableDepth = 0;
  /** At the start of a line outside any bracket: a header or a key comes next. */
  private lineStart = true;

  constructor(
    private readonly text: string,
    private readonly maxDepth: number,
  ) {}

  run(): { offset: number; thing: string } | undefined {
    const { text } = this;
    while (this.i < text.length) {
      const char = text[this.i];
      const top = this.stack.at(-1);
      if (char === ' ' || char === '\t' || char === '\r') {
        this.i += 1;
      } else if (char === '\n') {
        this.i += 1;
        if (top === undefined) this.lineStart = true;
      } else if (char === '#') {
        this.skipComment();
      } else if (top === undefined) {
        if (!this.lineStart) {
          // Whatever follows a value on its line; the parser judges it.
          this.i += 1;
          continue;
        }
        this.lineStart = false;
        const found = char === '[' ? this.header() : this.keyValue(this.tableDepth);
        if (found) return found;
      } else if (char === ',') {
        this.i += 1;
      } else if ((char === ']' && top.kind === 'array') || (char === '}' && top.kind === 'table')) {
        this.stack.pop();
        this.i += 1;
      } else {
        const found = top.kind === 'array' ? this.value(top.depth + 1) : this.keyValue(top.depth);
        if (found) return found;
      }
    }
    return undefined;
  }

  /** `[a.b]` or `[[a.b]]`: each part is a table; an array of tables adds the array. */
  private header(): { offset: number; thing: string } | undefined {
    const start = this.i;
    const isArray = this.text.startsWith('[[', start);
    this.i += isArray ? 2 : 1;
    const parts = this.dottedParts(']');
    this.tableDepth = parts + (isArray ? 1 : 0);
    this.skipToLineEnd();
    return this.tableDepth > this.maxDepth
      ? { offset: start, thing: 'the table this header names' }
      : undefined;
  }

  /** `a.b.c = value` inside a table at level `base`. */
  private keyValue(base: number): { offset: number; thing: string } | undefined {
    const start = this.i;
    const parts = this.dottedParts('=');
    if (this.text[this.i] !== '=') {
      // Not a key: move on by one character so the scan always advances.
      this.i = Math.max(this.i, start + 1);
      return undefined;
    }
    this.i += 1;
    // `a.b.c = 1` makes the tables a and b.
    if (base + parts - 1 > this.maxDepth)
      return { offset: start, thing: 'the table this key makes' };
    this.skipSpaces();
    return this.value(base + parts);
  }

  /** A value whose container, if it is one, is at level `depth`. */
  private value(depth: number): { offset: number; thing: string } | undefined {
    const char = this.text[this.i];
    if (char === '[' || char === '{') {
      if (depth > this.maxDepth) {
        return {
          offset: this.i,
          thing: char === '[' ? 'the array opened' : 'the inline table opened',
        };
      }
      this.stack.push({ kind: char === '[' ? 'array' : 'table', depth });
      this.i += 1;
    } else if (char === '"' || char === "'") {
      this.skipString();
    } else {
      // A number, date, boolean (or something the parser will refuse): up to a delimiter.
      const start = this.i;
      while (this.i < this.text.length && !',]}#\n'.includes(this.text[this.i] ?? '')) this.i += 1;
      if (this.i === start) this.i += 1;
    }
    return undefined;
  }

  /** Counts the parts of a dotted key or header up to `end` (not consumed), quotes respected. */
  private dottedParts(end: '=' | ']'): number {
    const { text } = this;
    let parts = 1;
    while (this.i < text.length) {
      const char = text[this.i];
      if (char === end || char === '\n') break;
      if (char === '"' || char === "'") this.skipString();
      else {
        if (char === '.') parts += 1;
        this.i += 1;
      }
    }
    return parts;
  }

  /** Past a basic, literal or multi-line string starting at `i` (to the text's end if open). */
  private skipString(): void {
    const { text } = this;
    const quote = text[this.i] ?? '"';
    const multiline = text.startsWith(quote.repeat(3), this.i);
    const delimiter = multiline ? quote.repeat(3) : quote;
    this.i += delimiter.length;
    while (this.i < text.length) {
      const char = text[this.i];
      if (quote === '"' && char === '\\') {
        this.i += 2;
      } else if (text.startsWith(delimiter, this.i)) {
        this.i += delimiter.length;
        // Up to two quotes right before a closing `"""` or `'''` belong to the string.
        if (multiline) while (text[this.i] === quote) this.i += 1;
        return;
      } else if (!multiline && char === '\n') {
        return;
      } else {
        this.i += 1;
      }
    }
  }

  private skipComment(): void {
    const end = this.text.indexOf('\n', this.i);
    this.i = end === -1 ? this.text.length : end;
  }

  private skipToLineEnd(): void {
    while (this.i < this.text.length && this.text[this.i] !== '\n') {
      const char = this.text[this.i];
      if (char === '"' || char === "'") this.skipString();
      else if (char === '#') this.skipComment();
      else this.i += 1;
    }
  }

  private skipSpaces(): void {
    while (this.text[this.i] === ' ' || this.text[this.i] === '\t') this.i += 1;
  }
}
