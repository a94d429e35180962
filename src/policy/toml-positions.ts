/**
 * Where things are in a TOML document. The TOML parser returns plain values without positions, but
 * a policy error must point at the offending key, so this scanner walks the (already valid) source
 * once and records the line and column of every table header, key and array element by its path
 * in the parsed value: `[[rule]]` number 2 is `['rule', 1]`, its `priority` key is
 * `['rule', 1, 'priority']`, the first entry of its `toolName` array is `['rule', 1, 'toolName', 0]`.
 *
 * The scanner assumes the text already parsed successfully; on anything unexpected it stops, and
 * lookups fall back to the nearest recorded ancestor (at worst 1:1), so a position is always found.
 */

export type TomlPath = readonly (string | number)[];

export interface SourcePosition {
  /** 1-based. */
  line: number;
  /** 1-based, in UTF-16 code units (as the TOML parser counts). */
  column: number;
}

export interface TomlPositions {
  /** The position recorded for `path`, or for its nearest ancestor that has one. */
  locate(path: TomlPath): SourcePosition;
  /** Whether `path` itself was seen (a key, header or element written in the source). */
  has(path: TomlPath): boolean;
}

export function scanTomlPositions(text: string): TomlPositions {
  const scanner = new Scanner(text);
  try {
    scanner.document();
  } catch (error) {
    // A document the parser accepted but this scanner does not follow: keep what was recorded.
    if (!(error instanceof ScanStop)) throw error;
  }
  const positions = scanner.positions;
  return {
    locate(path) {
      for (let length = path.length; length > 0; length -= 1) {
        const found = positions.get(pathKey(path.slice(0, length)));
        if (found) return found;
      }
      return { line: 1, column: 1 };
    },
    has: (path) => positions.has(pathKey(path)),
  };
}

function pathKey(path: TomlPath): string {
  return JSON.stringify(path);
}

class ScanStop extends Error {}

const BARE_KEY = /[A-Za-z0-9_-]/;

class Scanner {
  readonly positions = new Map<string, SourcePosition>();
  /** How many `[[x]]` headers each array-of-tables path has had (the last index in use). */
  private readonly arrayTableIndex = new Map<string, number>();
  private index = 0;
  private line = 1;
  private lineStart = 0;

  constructor(private readonly text: string) {}

  document(): void {
    let table: TomlPath = [];
    for (;;) {
      this.skipBlank({ newlines: true });
      if (this.index >= this.text.length) return;
      if (this.peek() === '[') {
        table = this.header();
      } else {
        this.keyValue(table);
      }
    }
  }

  private header(): TomlPath {
    const at = this.position();
    const isArray = this.text.startsWith('[[', this.index);
    this.index += isArray ? 2 : 1;
    const keys = this.dottedKey().map((part) => part.key);
    this.skipBlank({ newlines: false });
    this.expect(isArray ? ']]' : ']');
    const path: (string | number)[] = [];
    keys.forEach((key, position) => {
      path.push(key);
      // Tables that only a header implies (`tools` in `[tools.x]`) point at their first header.
      this.record(path, at, { overwrite: false });
      const id = pathKey(path);
      if (position === keys.length - 1 && isArray) {
        const next = (this.arrayTableIndex.get(id) ?? -1) + 1;
        this.arrayTableIndex.set(id, next);
        path.push(next);
      } else {
        // `[a.b]` after `[[a]]` means the last table of `a`.
        const current = this.arrayTableIndex.get(id);
        if (current !== undefined) path.push(current);
      }
    });
    this.record(path, at, { overwrite: true });
    return path;
  }

  private keyValue(table: TomlPath): void {
    const parts = this.dottedKey();
    const first = parts[0];
    if (!first) throw new ScanStop();
    const path = [...table];
    for (const part of parts) {
      path.push(part.key);
      // Intermediate tables of a dotted key point at the start of the whole key.
      this.record(path, first.at, { overwrite: false });
    }
    this.skipBlank({ newlines: false });
    this.expect('=');
    this.skipBlank({ newlines: false });
    this.value(path);
  }

  private dottedKey(): { key: string; at: SourcePosition }[] {
    const parts: { key: string; at: SourcePosition }[] = [];
    for (;;) {
      this.skipBlank({ newlines: false });
      const at = this.position();
      parts.push({ key: this.simpleKey(), at });
      this.skipBlank({ newlines: false });
      if (this.peek() !== '.') return parts;
      this.index += 1;
    }
  }

  private simpleKey(): string {
    const char = this.peek();
    if (char === '"') return this.basicString();
    if (char === "'") return this.literalString();
    const start = this.index;
    while (this.index < this.text.length && BARE_KEY.test(this.peek())) this.index += 1;
    if (this.index === start) throw new ScanStop();
    return this.text.slice(start, this.index);
  }

  private value(path: TomlPath): void {
    const char = this.peek();
    if (this.text.startsWith('"""', this.index)) this.multilineString('"""');
    else if (this.text.startsWith("'''", this.index)) this.multilineString("'''");
    else if (char === '"') this.basicString();
    else if (char === "'") this.literalString();
    else if (char === '[') this.array(path);
    else if (char === '{') this.inlineTable(path);
    else {
      // Numbers, booleans, dates and times (which may contain one space): up to a delimiter.
      while (this.index < this.text.length && !/[,\]}#\r\n]/.test(this.peek())) this.index += 1;
    }
  }

  private array(path: TomlPath): void {
    this.index += 1;
    for (let element = 0; ; element += 1) {
      this.skipBlank({ newlines: true });
      if (this.peek() === ']') break;
      const elementPath = [...path, element];
      this.record(elementPath, this.position(), { overwrite: true });
      this.value(elementPath);
      this.skipBlank({ newlines: true });
      if (this.peek() === ',') this.index += 1;
      else if (this.peek() !== ']') throw new ScanStop();
    }
    this.index += 1;
  }

  private inlineTable(path: TomlPath): void {
    this.index += 1;
    for (;;) {
      this.skipBlank({ newlines: true });
      if (this.peek() === '}') break;
      this.keyValue(path);
      this.skipBlank({ newlines: true });
      if (this.peek() === ',') this.index += 1;
      else if (this.peek() !== '}') throw new ScanStop();
    }
    this.index += 1;
  }

  /** A `"…"` string; returns its value only approximately (escapes are kept), enough for keys. */
  private basicString(): string {
    this.index += 1;
    let value = '';
    while (this.index < this.text.length) {
      const char = this.peek();
      if (char === '"') {
        this.index += 1;
        return decodeBasic(value);
      }
      if (char === '\\') {
        value += this.text.slice(this.index, this.index + 2);
        this.index += 2;
        continue;
      }
      if (char === '\n') throw new ScanStop();
      value += char;
      this.index += 1;
    }
    throw new ScanStop();
  }

  private literalString(): string {
    const end = this.text.indexOf("'", this.index + 1);
    if (end < 0) throw new ScanStop();
    const value = this.text.slice(this.index + 1, end);
    this.index = end + 1;
    return value;
  }

  private multilineString(delimiter: '"""' | "'''"): void {
    this.index += 3;
    while (this.index < this.text.length) {
      if (delimiter === '"""' && this.peek() === '\\') {
        this.advance(2);
        continue;
      }
      if (this.text.startsWith(delimiter, this.index)) {
        this.index += 3;
        // Up to two quotes right before the closing delimiter belong to the string.
        for (let extra = 0; extra < 2 && this.peek() === delimiter[0]; extra += 1) this.index += 1;
        return;
      }
      this.advance(1);
    }
    throw new ScanStop();
  }

  /** Spaces, tabs and comments; with `newlines`, also line breaks. */
  private skipBlank(options: { newlines: boolean }): void {
    while (this.index < this.text.length) {
      const char = this.peek();
      if (char === ' ' || char === '\t') this.index += 1;
      else if (char === '#') {
        while (this.index < this.text.length && this.peek() !== '\n') this.index += 1;
      } else if (options.newlines && (char === '\n' || char === '\r')) this.advance(1);
      else return;
    }
  }

  /** Moves over `count` characters, keeping line and column right across line breaks. */
  private advance(count: number): void {
    for (let step = 0; step < count && this.index < this.text.length; step += 1) {
      if (this.peek() === '\n') {
        this.line += 1;
        this.lineStart = this.index + 1;
      }
      this.index += 1;
    }
  }

  private expect(token: string): void {
    if (!this.text.startsWith(token, this.index)) throw new ScanStop();
    this.index += token.length;
  }

  private peek(): string {
    return this.text.charAt(this.index);
  }

  private position(): SourcePosition {
    return { line: this.line, column: this.index - this.lineStart + 1 };
  }

  private record(path: TomlPath, at: SourcePosition, options: { overwrite: boolean }): void {
    const key = pathKey(path);
    if (options.overwrite || !this.positions.has(key)) this.positions.set(key, at);
  }
}

/** Decodes the escapes of a basic-string key (rare in keys, but `"a\u0062"` is `ab`). */
function decodeBasic(raw: string): string {
  return raw.replace(
    /\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))/g,
    (_match, short?: string, long?: string, single?: string) => {
      const hex = short ?? long;
      if (hex !== undefined) return String.fromCodePoint(Number.parseInt(hex, 16));
      const simple: Record<string, string> = {
        b: '\b',
        t: '\t',
        n: '\n',
        f: '\f',
        r: '\r',
        e: '\x1b',
      };
      return single === undefined ? '' : (simple[single] ?? single);
    },
  );
}
