/**
 * Reads a GNU sed script far enough to find what goes beyond editing a stream: the `e` command and
 * the `e` flag of `s` (run shell commands), `w`/`W` and the `w` flag (write files), and `r`/`R`
 * (read files the script names). A script
 * this reader does not follow is reported too, so nothing is waved through unread.
 *
 * Delimited parts follow GNU sed: a delimiter ends a part wherever it is not escaped, brackets
 * included.
 */

export function sedScriptProblems(script: string): string[] {
  const reader = new SedReader(script);
  try {
    reader.readScript();
  } catch (error) {
    if (!(error instanceof NotUnderstood)) throw error;
    reader.problems.push(`a sed script that could not be read (${error.message})`);
  }
  return reader.problems;
}

class NotUnderstood extends Error {}

/** Commands that take no argument. */
const PLAIN_COMMANDS = new Set([
  '=',
  'd',
  'D',
  'g',
  'G',
  'h',
  'H',
  'n',
  'N',
  'p',
  'P',
  'x',
  'z',
  'F',
]);
/** Commands with an optional number (`l 70`, `q 5`). */
const NUMBER_COMMANDS = new Set(['l', 'L', 'q', 'Q']);
/** Commands whose argument runs to the end of the line. */
const LINE_COMMANDS = new Set(['a', 'i', 'c', 'r', 'R', 'w', 'W', 'e']);
/** Commands whose label ends at a newline or `;`. */
const LABEL_COMMANDS = new Set(['b', 't', 'T', ':', 'v']);

class SedReader {
  readonly problems: string[] = [];
  private i = 0;
  private depth = 0;

  constructor(private readonly script: string) {}

  readScript(): void {
    for (;;) {
      this.skip(' \t\n;');
      if (this.atEnd()) break;
      if (this.peek() === '#') {
        this.restOfLine();
        continue;
      }
      this.readCommand();
    }
    if (this.depth !== 0) throw new NotUnderstood('unbalanced braces');
  }

  private readCommand(): void {
    const addressed = this.readAddresses();
    this.skip(' \t');
    while (this.peek() === '!') {
      this.i++;
      this.skip(' \t');
    }
    const command = this.next();
    if (command === '{') {
      this.depth++;
      return;
    }
    if (command === '}') {
      this.depth--;
      if (this.depth < 0) throw new NotUnderstood('unbalanced braces');
      this.expectEnd();
      return;
    }
    if (PLAIN_COMMANDS.has(command)) {
      this.expectEnd();
      return;
    }
    if (NUMBER_COMMANDS.has(command)) {
      this.skip(' \t');
      this.skip('0123456789');
      this.expectEnd();
      return;
    }
    if (LABEL_COMMANDS.has(command)) {
      if (command === ':' && addressed) throw new NotUnderstood('a label with an address');
      this.readUntil('\n;');
      return;
    }
    if (LINE_COMMANDS.has(command)) {
      const argument = this.restOfLine().trim();
      if (command === 'e') this.problems.push(`the sed \`e\` command, which runs a shell command`);
      if (command === 'w' || command === 'W') {
        this.problems.push(`the sed \`${command}\` command, which writes the file \`${argument}\``);
      }
      // `r`/`R` insert any file the script names into the output, past the operand check.
      if (command === 'r' || command === 'R') {
        this.problems.push(`the sed \`${command}\` command, which reads the file \`${argument}\``);
      }
      return;
    }
    if (command === 's') {
      this.readSubstitution();
      return;
    }
    if (command === 'y') {
      const delimiter = this.delimiter();
      this.delimited(delimiter);
      this.delimited(delimiter);
      this.expectEnd();
      return;
    }
    throw new NotUnderstood(`unknown command \`${command}\``);
  }

  private readSubstitution(): void {
    const delimiter = this.delimiter();
    this.delimited(delimiter);
    this.delimited(delimiter);
    for (;;) {
      const flag = this.peek();
      if (flag !== undefined && 'gpiImM0123456789'.includes(flag)) {
        this.i++;
      } else if (flag === 'e') {
        this.i++;
        this.problems.push('the `e` flag of sed `s`, which runs the result as a shell command');
      } else if (flag === 'w') {
        this.i++;
        const file = this.restOfLine().trim();
        this.problems.push(`the \`w\` flag of sed \`s\`, which writes the file \`${file}\``);
        return;
      } else {
        break;
      }
    }
    this.expectEnd();
  }

  /** Reads `addr`, `addr,addr`, `addr,+N` or `addr,~N`; true when there was one. */
  private readAddresses(): boolean {
    if (!this.readAddress()) return false;
    if (this.peek() === ',') {
      this.i++;
      this.skip(' \t');
      const next = this.peek();
      if (next === '+' || next === '~') {
        this.i++;
        if (!this.skip('0123456789')) throw new NotUnderstood('an address step without a number');
      } else if (!this.readAddress()) {
        throw new NotUnderstood('an address range without its end');
      }
    }
    return true;
  }

  private readAddress(): boolean {
    const first = this.peek();
    if (first === undefined) return false;
    if ('0123456789'.includes(first)) {
      this.skip('0123456789');
      if (this.peek() === '~') {
        this.i++;
        this.skip('0123456789');
      }
      return true;
    }
    if (first === '$') {
      this.i++;
      return true;
    }
    if (first === '/' || first === '\\') {
      this.i++;
      const delimiter = first === '/' ? '/' : this.delimiter();
      this.delimited(delimiter);
      this.skip('IM');
      return true;
    }
    return false;
  }

  private delimiter(): string {
    const delimiter = this.next();
    if (delimiter === '\n' || delimiter === '\\') {
      throw new NotUnderstood('a newline or backslash as delimiter');
    }
    return delimiter;
  }

  /** Skips past the next unescaped delimiter. */
  private delimited(delimiter: string): void {
    while (!this.atEnd()) {
      const ch = this.next();
      if (ch === '\\') {
        if (this.atEnd()) break;
        this.i++;
      } else if (ch === delimiter) {
        return;
      } else if (ch === '\n') {
        break;
      }
    }
    throw new NotUnderstood(`an unterminated \`${delimiter}\` part`);
  }

  /** After a command: blanks, then the end, `;`, a newline, `}` or a comment. */
  private expectEnd(): void {
    this.skip(' \t');
    const next = this.peek();
    if (next === undefined || ';\n}#'.includes(next)) return;
    throw new NotUnderstood(`unexpected \`${next}\` after a command`);
  }

  /** The rest of the line, where a backslash-newline continues it (text of `a`, `i`, `c`). */
  private restOfLine(): string {
    const start = this.i;
    while (!this.atEnd()) {
      const ch = this.next();
      if (ch === '\\') this.i++;
      else if (ch === '\n') return this.script.slice(start, this.i - 1);
    }
    return this.script.slice(start, Math.min(this.i, this.script.length));
  }

  private readUntil(stops: string): void {
    while (!this.atEnd() && !stops.includes(this.peek() ?? '')) this.i++;
  }

  /** Skips characters from the set; true when at least one was skipped. */
  private skip(set: string): boolean {
    const start = this.i;
    while (!this.atEnd() && set.includes(this.peek() ?? '')) this.i++;
    return this.i > start;
  }

  private peek(): string | undefined {
    return this.script[this.i];
  }

  private next(): string {
    const ch = this.script[this.i];
    if (ch === undefined) throw new NotUnderstood('an unexpected end');
    this.i++;
    return ch;
  }

  private atEnd(): boolean {
    return this.i >= this.script.length;
  }
}
