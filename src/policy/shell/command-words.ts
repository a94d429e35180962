/**
 * A command as bash will run it, word by word: the reading deny rules are matched against besides
 * the command's raw text, so that quoting, escapes, extra whitespace or a path to the program do
 * not take a command out of a deny rule's reach.
 *
 * A word is either literal (its value after quote removal) or one bash only fills in when it runs
 * (an expansion, a glob, a tilde). Such a word is kept with what it may become, and a deny rule
 * treats it as possibly anything it may become: a deny holds when some expansion would match.
 *
 * A `commandPrefix` is read into words the same way (see `prefixWords`), so `rm  -rf`, `rm '-rf'`
 * and `/bin/rm -rf` all compare equal to the prefix `rm -rf`.
 */
import type { ShellCommandPiece, WordReach } from './shell-analysis-types.js';
import { commandBasename } from './shell-words.js';
import type { WordValue } from './shell-words.js';
import { escapeRegExp } from '../../platform/text.js';

/** One word of a command as bash passes it to the program. */
export type CommandWord =
  | { kind: 'literal'; value: string }
  /** Any number of words (none included), options among them: `$x`, `{-r,-f}`. */
  | { kind: 'any'; text: string }
  /**
   * File names matching a pattern (one or more words; none when bash is told to drop globs that
   * match nothing). `mayBeOption` when a name could start with `-` (`*`, `-*`).
   */
  | { kind: 'glob'; text: string; pattern: RegExp; mayBeOption: boolean }
  /** One word that is no option, its value unknown (`~/x`). */
  | { kind: 'operand'; text: string };

export interface CommandWords {
  /** The program by its name: the last path segment, whatever path reached it. */
  program: CommandWord;
  args: readonly CommandWord[];
  /**
   * The command runs a command found in its own words (a wrapper such as `env` or `timeout`,
   * `find -exec`), so a denied command may sit inside them (see `embeddedCommands`).
   */
  runsOthers: boolean;
}

/** What a word that is not literal may become; undefined for a literal word. */
export function wordReach(word: WordValue): WordReach | undefined {
  if (word.literal !== undefined) return undefined;
  const { text } = word;
  const only = (kind: string) => word.dynamism.length > 0 && word.dynamism.every((d) => d === kind);
  if (only('tilde')) return { kind: 'operand', text };
  if (only('glob')) {
    const mayBeOption = word.literalPrefix === '' || word.literalPrefix.startsWith('-');
    // An unquoted pattern is read as bash would; anything else only by its known beginning.
    const pattern = /^[^'"\\()]*$/u.test(text)
      ? globSource(text)
      : `${escapeRegExp(word.literalPrefix)}.*`;
    return { kind: 'glob', text, pattern, mayBeOption };
  }
  return { kind: 'any', text };
}

/** The piece's words, or undefined when it is not a command (an assignment, a bare redirection). */
export function commandWordsOf(piece: ShellCommandPiece): CommandWords | undefined {
  const dynamicName = piece.hazards.some((hazard) => hazard.kind === 'dynamic_command_name');
  let program: CommandWord;
  if (piece.name !== undefined) {
    program = { kind: 'literal', value: commandBasename(piece.name) };
  } else if (dynamicName) {
    program = { kind: 'any', text: piece.text.split(/\s/u, 1)[0] ?? '' };
  } else {
    return undefined;
  }
  const args = piece.args.map((literal, index): CommandWord => {
    if (literal !== undefined) return { kind: 'literal', value: literal };
    // A construct's words (a `for` list) carry no reach: they may be anything.
    const reach = piece.unknownArgs?.[index] ?? { kind: 'any', text: '…' };
    if (reach.kind !== 'glob') return reach;
    return { ...reach, pattern: compiled(reach.pattern) };
  });
  const runsOthers = piece.hazards.some(
    (hazard) => hazard.kind === 'wrapper' || hazard.kind === 'dangerous_argument',
  );
  return { program, args, runsOthers };
}

/**
 * The commands that may start inside a command's words: after a wrapper (`timeout 5 rm -rf x`),
 * in `find -exec rm -rf {} ;`. Every later literal word naming `program` (any literal word when
 * it is undefined) starts one, so a word that merely looks like it (an option's value) only ever
 * adds a denial.
 */
export function embeddedCommands(words: CommandWords, program: string | undefined): CommandWords[] {
  if (!words.runsOthers) return [];
  const found: CommandWords[] = [];
  words.args.forEach((word, index) => {
    if (word.kind !== 'literal') return;
    const name = commandBasename(word.value);
    if (program !== undefined && !sameProgram(name, program)) return;
    found.push({
      program: { kind: 'literal', value: name },
      args: words.args.slice(index + 1),
      runsOthers: true,
    });
  });
  return found;
}

/**
 * Program names compared without regard to case: on a case-insensitive file system (macOS)
 * `/bin/RM` runs `rm`.
 */
export function sameProgram(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

// ---- prefixes -----------------------------------------------------------------------------------

/**
 * A `commandPrefix` as the words bash would make of it: quotes removed, escapes resolved,
 * whitespace collapsed, the program by its last path segment. Undefined when it holds anything
 * bash would expand or treat as syntax (`$`, backticks, globs, braces, `~`, operators, unbalanced
 * quotes): such a prefix is matched on the raw text only.
 */
export function prefixWords(prefix: string): string[] | undefined {
  const words: string[] = [];
  let current: string | undefined;
  const add = (text: string) => {
    current = (current ?? '') + text;
  };
  for (let i = 0; i < prefix.length; i++) {
    const ch = prefix[i] ?? '';
    if (/\s/u.test(ch)) {
      if (current !== undefined) words.push(current);
      current = undefined;
    } else if (ch === '\\') {
      const next = prefix[i + 1];
      if (next === undefined) return undefined;
      i++;
      if (next !== '\n') add(next);
    } else if (ch === "'") {
      const end = prefix.indexOf("'", i + 1);
      if (end < 0) return undefined;
      add(prefix.slice(i + 1, end));
      i = end;
    } else if (ch === '"') {
      const end = doubleQuoteEnd(prefix, i + 1);
      if (end === undefined) return undefined;
      const inner = prefix.slice(i + 1, end);
      if (/(^|[^\\])[$`]/u.test(inner)) return undefined;
      add(inner.replace(/\\([$`"\\\n])/gu, (_m, c: string) => (c === '\n' ? '' : c)));
      i = end;
    } else if ('$`*?[{}~;&|<>()#!'.includes(ch) && !(ch === '~' && current !== undefined)) {
      // `#` only starts a comment at a word's start, and `!`/`{`/`}` only matter there or in
      // braces; refusing them everywhere keeps this reading simple and never loosens anything.
      return undefined;
    } else {
      add(ch);
    }
  }
  if (current !== undefined) words.push(current);
  const [first, ...rest] = words;
  if (first === undefined) return undefined;
  return [commandBasename(first), ...rest];
}

function doubleQuoteEnd(text: string, from: number): number | undefined {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') i++;
    else if (text[i] === '"') return i;
  }
  return undefined;
}

// ---- matching word lists ------------------------------------------------------------------------

/**
 * Whether the prefix's words are the first words of some command bash could make of `words`:
 * literal words must be equal, a word bash fills in may stand for what it can become.
 */
export function wordsStartWith(words: CommandWords, prefix: readonly string[]): boolean {
  const [program, ...rest] = prefix;
  if (program === undefined) return false;
  if (words.program.kind === 'literal' && !sameProgram(words.program.value, program)) return false;
  return listStartsWith(words.args, rest);
}

/** Whether `prefix` can be the first of the words `list` expands to. */
export function listStartsWith(list: readonly CommandWord[], prefix: readonly string[]): boolean {
  return startsWith(
    list.map((word) => ({ word, skippable: false })),
    prefix,
  );
}

/**
 * Whether `targets` can be the first words of what `list` expands to, where a `skippable` word
 * may also stand for no word at all. Read left to right over the set of how many targets are
 * matched so far, so a long command costs its length times the prefix's, and no recursion.
 */
export function startsWith(
  list: readonly { word: CommandWord; skippable: boolean }[],
  targets: readonly string[],
): boolean {
  const end = targets.length;
  let matched = new Set<number>([0]);
  for (const { word, skippable } of list) {
    if (matched.has(end)) return true;
    const next = new Set<number>(skippable ? matched : []);
    for (const j of matched) {
      if (word.kind === 'any') {
        // Any number of words: every later position is reachable.
        for (let k = j; k <= end; k++) next.add(k);
      } else if (word.kind === 'glob') {
        // None or more names, each matching the pattern.
        next.add(j);
        for (let k = j; k < end && wordCouldBe(word, targets[k] ?? ''); k++) next.add(k + 1);
      } else if (j < end && wordCouldBe(word, targets[j] ?? '')) {
        next.add(j + 1);
      }
    }
    if (next.size === 0) return false;
    matched = next;
  }
  return matched.has(end);
}

/** Whether one word bash fills in could become `target` (one of its words, for a glob). */
export function wordCouldBe(word: CommandWord, target: string): boolean {
  switch (word.kind) {
    case 'literal':
      return word.value === target;
    case 'any':
      return true;
    case 'glob':
      return word.pattern.test(target) && (word.mayBeOption || !target.startsWith('-'));
    case 'operand':
      return !target.startsWith('-');
  }
}

// ---- showing words ------------------------------------------------------------------------------

const PLAIN = /^[A-Za-z0-9_./:=@%+,-]+$/u;

/** A word as it would be written to mean itself: bare when plain, single-quoted otherwise. */
export function quoteWord(value: string): string {
  if (PLAIN.test(value)) return value;
  return `'${value.replaceAll("'", `'\\''`)}'`;
}

export function showWord(word: CommandWord): string {
  return word.kind === 'literal' ? quoteWord(word.value) : word.text;
}

/** The words joined by single spaces, literal ones quoted only where needed: `rm -rf x`. */
export function showWords(words: CommandWords): string {
  return [words.program, ...words.args].map(showWord).join(' ');
}

// ---- globs --------------------------------------------------------------------------------------

const compiledCache = new Map<string, RegExp>();

/** Patterns kept compiled; a command full of distinct globs only costs recompiling. */
const MAX_COMPILED = 500;

function compiled(source: string): RegExp {
  let regex = compiledCache.get(source);
  if (regex === undefined) {
    regex = new RegExp(`^(?:${source})$`, 'su');
    if (compiledCache.size >= MAX_COMPILED) compiledCache.clear();
    compiledCache.set(source, regex);
  }
  return regex;
}

/**
 * A bash pattern as the source of a regular expression over one file name, erring towards
 * matching: `*` and `?` stop at `/` as in pathname expansion, a bracket expression is any one
 * character, and names starting with `.` are not treated specially.
 */
export function globSource(pattern: string): string {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const ch = pattern[i] ?? '';
    if (ch === '\\') {
      source += escapeRegExp(pattern[i + 1] ?? '');
      i++;
    } else if (ch === '*') {
      source += '[^/]*';
    } else if (ch === '?') {
      source += '[^/]';
    } else if (ch === '[') {
      const close = pattern.indexOf(']', i + 2);
      if (close < 0) {
        source += '\\[';
      } else {
        source += '[^/]';
        i = close;
      }
    } else {
      source += escapeRegExp(ch);
    }
  }
  return source;
}
