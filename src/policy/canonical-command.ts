/**
 * A command in canonical form — its program, the options it was given (each by one name, with its
 * value) and its operands in order — for the programs whose option grammar is known
 * (option-grammar.ts). A deny prefix is read the same way, and covers a command when the command
 * has every option of the prefix and the prefix's operands come first among the command's:
 * `rm -rf` covers `rm -fr x`, `rm -r -f x`, `rm --recursive --force x`, `rm x -rf` and `rm -rfv x`.
 *
 * The reading errs towards a match, since it only ever adds denials:
 * - a word bash fills in (`$x`, `*`) where options are read may be any options;
 * - after an option the table does not know, the next word may be its value or an operand, so an
 *   operand there may be skipped when the prefix's operands are compared;
 * - an abbreviation that fits several long options stands for all of them (the program would
 *   refuse it anyway).
 * An option's value is never read as options (`git commit -m -f`, `find -name -delete`), and `--`
 * ends the options as it does for the program.
 */
import type { CommandWord, CommandWords } from './shell/command-words.js';
import { sameProgram, showWord, startsWith, wordCouldBe } from './shell/command-words.js';
import type { OptionGrammar, ProgramGrammar } from './option-grammar.js';
import { FIND_SYNONYMS, GIT_GLOBAL, findArity, gitSubcommandGrammar } from './option-grammar.js';

export interface CanonicalOption {
  /** Whose option it is: the program (`rm`), `git` before the subcommand, `git push` after it. */
  scope: string;
  /** Its name in the table (`force`, `-i`), or as written when the table does not know it. */
  name: string;
  known: boolean;
  value?: CommandWord;
  /** Takes the words up to `;` or `+` (find's `-exec`): a prefix's value is a prefix of them. */
  variadic?: boolean;
}

export interface CanonicalOperand {
  word: CommandWord;
  /** It may be the value of the option before it, which the table does not know. */
  maybeValue: boolean;
}

export interface CanonicalCommand {
  program: CommandWord;
  options: CanonicalOption[];
  operands: CanonicalOperand[];
  /** Scopes in which a word bash fills in may be any options. */
  anyOptions: Set<string>;
  /** Options written that the table does not know, for `policy check`. */
  unknown: string[];
}

/**
 * Reads a command's words with the grammar of `program` (the prefix's program: the command's own
 * name, or the one a command name bash fills in is compared with).
 */
export function canonicalCommand(
  words: CommandWords,
  grammar: ProgramGrammar,
  program: string,
): CanonicalCommand {
  const out: CanonicalCommand = {
    program: words.program,
    options: [],
    operands: [],
    anyOptions: new Set(),
    unknown: [],
  };
  const name = program.toLowerCase();
  switch (grammar.kind) {
    case 'options':
      new OptionReader(words.args, grammar.grammar, name, out).read(0);
      if (name === 'sed') sedScriptAsOption(out, name);
      break;
    case 'git':
      readGit(words.args, out);
      break;
    case 'find':
      readFind(words.args, out);
      break;
  }
  return out;
}

/** getopt-style reading of options and operands. */
class OptionReader {
  /** The next operand may be the value of an option the table does not know. */
  private pendingValue = false;

  constructor(
    private readonly words: readonly CommandWord[],
    private readonly grammar: OptionGrammar,
    private readonly scope: string,
    private readonly out: CanonicalCommand,
    private readonly endMarkers: readonly string[] = ['--'],
  ) {}

  /** Reads from `start`; with `stopAtOperand`, returns the index of the first operand. */
  read(start: number, stopAtOperand = false): number {
    let optionsDone = false;
    for (let i = start; i < this.words.length; i++) {
      const word = this.words[i] as CommandWord;
      const pending = this.pendingValue;
      this.pendingValue = false;
      if (optionsDone) {
        this.operand(word, false);
        continue;
      }
      if (word.kind === 'literal') {
        const value = word.value;
        if (this.endMarkers.includes(value)) {
          optionsDone = true;
          continue;
        }
        if (this.isOption(value)) {
          i = value.startsWith('--') ? this.long(value, i) : this.short(value, i);
          continue;
        }
        if (stopAtOperand) return i;
        this.operand(word, pending);
        if (!this.grammar.permute) optionsDone = true;
        continue;
      }
      const mayBeOption = word.kind === 'any' || (word.kind === 'glob' && word.mayBeOption);
      if (mayBeOption) this.out.anyOptions.add(this.scope);
      if (stopAtOperand && !mayBeOption) return i;
      if (!stopAtOperand) this.operand(word, pending);
      if (!this.grammar.permute && !mayBeOption) optionsDone = true;
    }
    return this.words.length;
  }

  private isOption(value: string): boolean {
    if (!value.startsWith('-') || value === '-') return false;
    return !(this.grammar.operandLike?.test(value) ?? false);
  }

  private operand(word: CommandWord, maybeValue: boolean): void {
    this.out.operands.push({ word, maybeValue });
  }

  /** `--name`, `--name=value`, `--name value`; returns the index of the last word used. */
  private long(value: string, index: number): number {
    const equals = value.indexOf('=');
    const written = equals < 0 ? value.slice(2) : value.slice(2, equals);
    const attached: CommandWord | undefined =
      equals < 0 ? undefined : { kind: 'literal', value: value.slice(equals + 1) };
    const names = this.resolveLong(written);
    if (names.length === 0) {
      this.unknownOption(`--${written}`, attached);
      return index;
    }
    let used = index;
    for (const name of names) {
      if (this.grammar.values.has(name) && attached === undefined) {
        const next = this.words[index + 1];
        this.add(name, next);
        used = Math.max(used, index + (next === undefined ? 0 : 1));
      } else {
        this.add(name, attached);
      }
    }
    return used;
  }

  /** The options a written long name stands for: exact, or every one it abbreviates. */
  private resolveLong(written: string): string[] {
    if (written === '') return [];
    const exact = this.grammar.long.get(written);
    if (exact !== undefined) return [exact];
    if (!this.grammar.abbreviations) return [];
    const names = new Set<string>();
    for (const [long, name] of this.grammar.long) if (long.startsWith(written)) names.add(name);
    return [...names];
  }

  /** `-x`, a group `-rf`, `-ovalue`, `-o value`; returns the index of the last word used. */
  private short(value: string, index: number): number {
    const letters = this.grammar.clusters ? value.slice(1) : value.slice(1, 2);
    for (let j = 0; j < letters.length; j++) {
      const letter = letters[j] ?? '';
      const names = this.grammar.short.get(letter);
      const rest = value.slice(j + 2);
      if (names === undefined) {
        if (!this.grammar.clusters) {
          this.unknownOption(value, undefined);
          return index;
        }
        // An unknown letter may take the rest as its value; reading on sees more options.
        this.unknownOption(`-${letter}`, undefined, j === letters.length - 1);
        continue;
      }
      const takesValue = names.find((n) => this.grammar.values.has(n));
      const optional = names.find((n) => this.grammar.optional.has(n));
      if (!this.grammar.clusters && rest !== '' && !takesValue && !optional) {
        this.unknownOption(value, undefined);
        return index;
      }
      if (takesValue !== undefined) {
        if (rest !== '') {
          this.add(takesValue, { kind: 'literal', value: rest });
          return index;
        }
        const next = this.words[index + 1];
        this.add(takesValue, next);
        return next === undefined ? index : index + 1;
      }
      if (optional !== undefined) {
        this.add(optional, rest === '' ? undefined : { kind: 'literal', value: rest });
        return index;
      }
      for (const name of names) this.add(name, undefined);
    }
    return index;
  }

  private add(name: string, value: CommandWord | undefined): void {
    this.out.options.push({
      scope: this.scope,
      name,
      known: true,
      ...(value === undefined ? {} : { value }),
    });
  }

  private unknownOption(written: string, value: CommandWord | undefined, last = true): void {
    this.out.options.push({
      scope: this.scope,
      name: written,
      known: false,
      ...(value === undefined ? {} : { value }),
    });
    this.out.unknown.push(written);
    if (value === undefined && last) this.pendingValue = true;
  }
}

/** GNU sed's first operand is its script unless `-e` or `-f` gives one. */
function sedScriptAsOption(out: CanonicalCommand, scope: string): void {
  const given = out.options.some((o) => o.name === 'expression' || o.name === 'file');
  const first = out.operands[0];
  if (given || first === undefined) return;
  out.operands.shift();
  out.options.push({ scope, name: 'expression', known: true, value: first.word });
}

/** `git [options] <subcommand> [its options and operands]`. */
function readGit(words: readonly CommandWord[], out: CanonicalCommand): void {
  const at = new OptionReader(words, GIT_GLOBAL, 'git', out).read(0, true);
  const subcommand = words[at];
  if (subcommand === undefined) return;
  out.operands.push({ word: subcommand, maybeValue: false });
  const name = subcommand.kind === 'literal' ? subcommand.value : '?';
  const { grammar } = gitSubcommandGrammar(name);
  new OptionReader(words, grammar, `git ${name}`, out, ['--', '--end-of-options']).read(at + 1);
  if (name === 'push') pushRefspecOptions(out);
}

/**
 * A push refspec can say what an option says: `+main` forces that ref as `--force` does, and
 * `:main` deletes it as `--delete` does.
 */
function pushRefspecOptions(out: CanonicalCommand): void {
  for (const { word } of out.operands.slice(1)) {
    if (word.kind !== 'literal') continue;
    const implied = word.value.startsWith('+')
      ? 'force'
      : word.value.startsWith(':')
        ? 'delete'
        : undefined;
    if (implied !== undefined) {
      out.options.push({ scope: 'git push', name: implied, known: true });
    }
  }
}

const FIND_OPERATORS = new Set(['(', ')', '!', ',']);

/** `find [-H|-L|-P|-D x|-Ox] [starting points] [expression]` (GNU find). */
function readFind(words: readonly CommandWord[], out: CanonicalCommand): void {
  const scope = 'find';
  // The leading options, then the starting points: up to the first word that starts the
  // expression (a `-`, `(`, `)`, `,` or `!`).
  let i = 0;
  for (; i < words.length; i++) {
    const word = words[i];
    const value = word?.kind === 'literal' ? word.value : '';
    if (['-H', '-L', '-P'].includes(value) || /^-O\d*$/u.test(value)) {
      out.options.push({ scope, name: value.slice(0, 2), known: true });
    } else if (value === '-D') {
      const next = words[i + 1];
      out.options.push({ scope, name: '-D', known: true, ...(next ? { value: next } : {}) });
      i++;
    } else {
      break;
    }
  }
  for (; i < words.length; i++) {
    const word = words[i] as CommandWord;
    if (word.kind === 'literal' && startsExpression(word.value)) break;
    if (word.kind === 'any' || (word.kind === 'glob' && word.mayBeOption))
      out.anyOptions.add(scope);
    out.operands.push({ word, maybeValue: false });
  }
  for (; i < words.length; i++) {
    const word = words[i] as CommandWord;
    if (word.kind !== 'literal') {
      if (word.kind === 'any' || (word.kind === 'glob' && word.mayBeOption)) {
        out.anyOptions.add(scope);
      }
      out.operands.push({ word, maybeValue: false });
      continue;
    }
    if (!startsExpression(word.value)) {
      out.operands.push({ word, maybeValue: false });
      continue;
    }
    const name = FIND_SYNONYMS.get(word.value) ?? word.value;
    const arity = findArity(name);
    if (arity < 0) {
      let end = i + 1;
      while (end < words.length && !isExecEnd(words[end])) end++;
      const value = words
        .slice(i + 1, end)
        .map(showWord)
        .join(' ');
      out.options.push({
        scope,
        name,
        known: true,
        variadic: true,
        value: { kind: 'literal', value },
      });
      i = end;
      continue;
    }
    const taken = words.slice(i + 1, i + 1 + arity);
    const value: CommandWord | undefined =
      arity === 1
        ? taken[0]
        : arity > 1
          ? { kind: 'literal', value: taken.map(showWord).join(' ') }
          : undefined;
    out.options.push({ scope, name, known: true, ...(value === undefined ? {} : { value }) });
    i += taken.length;
  }
}

function startsExpression(value: string): boolean {
  return (value.startsWith('-') && value !== '-') || FIND_OPERATORS.has(value);
}

function isExecEnd(word: CommandWord | undefined): boolean {
  return word?.kind === 'literal' && (word.value === ';' || word.value === '+');
}

// ---- matching -----------------------------------------------------------------------------------

/**
 * Whether a deny prefix in canonical form covers a command in canonical form: undefined when it
 * does not; otherwise the words bash fills in that had to stand for some of its options (none
 * when the command has them all as written).
 */
export function canonicalCovers(
  prefix: CanonicalCommand,
  command: CanonicalCommand,
): { wildcards: string[] } | undefined {
  if (prefix.program.kind !== 'literal') return undefined;
  const program = command.program;
  if (program.kind === 'literal' && !sameProgram(program.value, prefix.program.value)) {
    return undefined;
  }
  let viaWildcard = false;
  for (const wanted of prefix.options) {
    if (command.options.some((given) => optionCovers(wanted, given))) continue;
    if (!command.anyOptions.has(wanted.scope)) return undefined;
    viaWildcard = true;
  }
  if (!operandsStartWith(command.operands, prefix.operands)) return undefined;
  const wildcards = viaWildcard
    ? command.operands
        .map((operand) => operand.word)
        .filter((word) => word.kind === 'any' || (word.kind === 'glob' && word.mayBeOption))
        .map(showWord)
    : [];
  return { wildcards };
}

function optionCovers(wanted: CanonicalOption, given: CanonicalOption): boolean {
  if (wanted.scope !== given.scope) return false;
  const sameName =
    wanted.name === given.name ||
    // An option neither side knows, abbreviated in the command (`--frob` for `--frobnicate`).
    (!wanted.known &&
      !given.known &&
      given.name.startsWith('--') &&
      given.name.length > 2 &&
      wanted.name.startsWith(given.name));
  if (!sameName) return false;
  const want = wanted.value;
  if (want === undefined) return true;
  if (want.kind !== 'literal') return false;
  const value = given.value;
  if (value === undefined) return false;
  if (wanted.variadic && value.kind === 'literal') {
    return value.value === want.value || value.value.startsWith(`${want.value} `);
  }
  return wordCouldBe(value, want.value);
}

/** Whether the prefix's operands can be the first of the command's (see `startsWith`). */
function operandsStartWith(
  command: readonly CanonicalOperand[],
  prefix: readonly CanonicalOperand[],
): boolean {
  const targets: string[] = [];
  for (const operand of prefix) {
    if (operand.word.kind !== 'literal') return false;
    targets.push(operand.word.value);
  }
  return startsWith(
    command.map((operand) => ({ word: operand.word, skippable: operand.maybeValue })),
    targets,
  );
}

// ---- showing ------------------------------------------------------------------------------------

/**
 * The canonical form written out, options by their table names: `rm --force --recursive x`,
 * `git push --force origin main`, `find . -name x -delete`.
 */
export function showCanonical(command: CanonicalCommand): string {
  const parts: string[] = [showWord(command.program)];
  const option = (o: CanonicalOption) => {
    const long = o.known && !o.name.startsWith('-') && o.scope !== 'find';
    const name = long ? `--${o.name}` : o.name;
    if (o.value === undefined) return name;
    return long ? `${name}=${showWord(o.value)}` : `${name} ${showWord(o.value)}`;
  };
  const scopes = [...new Set(command.options.map((o) => o.scope))];
  const [subcommand, ...rest] = command.operands;
  const ofScope = (scope: string) =>
    command.options
      .filter((o) => o.scope === scope)
      .map(option)
      .sort();
  if (command.program.kind === 'literal' && command.program.value.toLowerCase() === 'git') {
    parts.push(...ofScope('git'));
    if (subcommand) parts.push(showWord(subcommand.word));
    for (const scope of scopes.filter((s) => s !== 'git')) parts.push(...ofScope(scope));
    parts.push(...rest.map((o) => showWord(o.word)));
  } else if (scopes.includes('find')) {
    parts.push(...command.operands.map((o) => showWord(o.word)));
    parts.push(...command.options.map(option));
  } else {
    for (const scope of scopes) parts.push(...ofScope(scope));
    parts.push(...command.operands.map((o) => showWord(o.word)));
  }
  return parts.join(' ');
}
