/**
 * The readings a deny (or ask_user) rule's `commandPrefix` and `commandRegex` are matched on
 * besides the raw text, so that a denied command respelled still meets its rule:
 *
 * 1. The parsed words: quotes removed, escapes resolved, whitespace collapsed, the program by its
 *    name whatever path reached it (`rm  '-rf' x`, `/bin/rm -rf x` are `rm -rf x`). A prefix is
 *    read into words the same way; a regex is tried on the words written out
 *    (`showWords`: single spaces, quotes only where a word needs them).
 * 2. For the programs whose option grammar is known (option-grammar.ts), the canonical form of
 *    prefix and command (canonical-command.ts): `rm -rf` covers `rm -fr x`, `rm -r -f x`,
 *    `rm --recursive --force x` and `rm x -rf`.
 * 3. Inside a command that runs another from its words (`timeout 5 rm -rf x`,
 *    `find . -exec rm -rf {} ;`), every word naming the prefix's program starts a command that is
 *    read as above.
 *
 * A word bash only fills in when it runs (`$x`, `*`) is taken as anything it may become. Allow
 * rules never use these readings: an allow must match the raw text in both readings.
 */
import { anchored } from './anchored-regex.js';
import type { CanonicalCommand } from './canonical-command.js';
import { canonicalCommand, canonicalCovers, showCanonical } from './canonical-command.js';
import type { CommandWords } from './shell/command-words.js';
import {
  commandWordsOf,
  embeddedCommands,
  prefixWords,
  sameProgram,
  showWords,
  wordsStartWith,
} from './shell/command-words.js';
import type { ProgramGrammar } from './option-grammar.js';
import { programGrammar } from './option-grammar.js';
import type { CommandReading, PolicyRule } from './policy-types.js';
import type { ShellCommandPiece } from './shell/shell-analysis-types.js';

/**
 * How many commands inside one command are read (see `commandsInside`). A command with more
 * words that could start one is taken to run whatever a deny rule names: reading them all could
 * take a hostile command's length squared.
 */
export const MAX_INNER_COMMANDS = 256;

/** The commands inside a command, or `too_many` of them to read (see MAX_INNER_COMMANDS). */
export type InnerCommands = ParsedCommand[] | 'too_many';

/** A sub-command's words, with what is worked out from them kept for the next rule. */
export class ParsedCommand {
  private shown: string | undefined;
  private readonly canonical = new Map<string, CanonicalCommand>();
  private readonly inner = new Map<string, InnerCommands>();

  constructor(readonly words: CommandWords) {}

  /** The words written out: `rm -rf x`. */
  get text(): string {
    this.shown ??= showWords(this.words);
    return this.shown;
  }

  /** Its canonical form under the grammar of `program` (the prefix's program). */
  canonicalAs(program: string, grammar: ProgramGrammar): CanonicalCommand {
    const key = program.toLowerCase();
    let found = this.canonical.get(key);
    if (found === undefined) {
      found = canonicalCommand(this.words, grammar, program);
      this.canonical.set(key, found);
    }
    return found;
  }

  /** The commands starting inside it at a word that names `program` (any word: undefined). */
  commandsInside(program: string | undefined): InnerCommands {
    const key = program === undefined ? '' : `=${program.toLowerCase()}`;
    let found = this.inner.get(key);
    if (found === undefined) {
      const inner = embeddedCommands(this.words, program);
      found =
        inner.length > MAX_INNER_COMMANDS
          ? 'too_many'
          : inner.map((words) => new ParsedCommand(words));
      this.inner.set(key, found);
    }
    return found;
  }
}

/** The piece's parsed words, or undefined when it is not a command (an assignment, …). */
export function parsedCommandOf(piece: ShellCommandPiece): ParsedCommand | undefined {
  const words = commandWordsOf(piece);
  return words === undefined ? undefined : new ParsedCommand(words);
}

/** A `commandPrefix` in the forms the readings compare. */
interface PrefixForm {
  prefix: string;
  /** Undefined when the prefix is not plain words (it holds `$`, globs, …). */
  words?: readonly string[];
  grammar?: ProgramGrammar;
  canonical?: CanonicalCommand;
}

const prefixCache = new WeakMap<PolicyRule, PrefixForm[]>();

function prefixForms(rule: PolicyRule): PrefixForm[] {
  let forms = prefixCache.get(rule);
  if (forms === undefined) {
    forms = (rule.commandPrefixes ?? []).map(prefixForm);
    prefixCache.set(rule, forms);
  }
  return forms;
}

/** The words of a prefix and, for a program whose grammar is known, its canonical form. */
export function prefixForm(prefix: string): PrefixForm {
  const words = prefixWords(prefix);
  const program = words?.[0];
  if (words === undefined || program === undefined) return { prefix };
  const grammar = programGrammar(program);
  if (grammar === undefined) return { prefix, words };
  const parsed: CommandWords = {
    program: { kind: 'literal', value: program },
    args: words.slice(1).map((value) => ({ kind: 'literal', value })),
    runsOthers: false,
  };
  return { prefix, words, grammar, canonical: canonicalCommand(parsed, grammar, program) };
}

/**
 * How the parsed command matches the rule's command conditions, for the model and
 * `policy explain`; undefined when it does not. A rule with both a prefix and a regex (never
 * written in a file, where they cannot be combined) needs both.
 */
export function parsedReading(rule: PolicyRule, parsed: ParsedCommand): CommandReading | undefined {
  let reading: CommandReading | undefined;
  if (rule.commandPrefixes !== undefined) {
    reading = prefixForms(rule)
      .map((form) => prefixReading(form, parsed))
      .find((found) => found !== undefined);
    if (reading === undefined) return undefined;
  }
  if (rule.commandRegex !== undefined) {
    const regex = anchored(rule.commandRegex).start;
    const inner = parsed.commandsInside(undefined);
    if (inner === 'too_many') {
      reading ??= tooMany(parsed);
    } else {
      const hit = [parsed, ...inner].find((candidate) => regex.test(candidate.text));
      if (hit === undefined) return undefined;
      const runs = hit === parsed ? '' : ` runs \`${shortened(hit.text)}\`, which`;
      reading ??= {
        on: 'words',
        form: hit.text,
        sentence: `Read as bash runs it, \`${shortened(parsed.text)}\`${runs} the commandRegex matches.`,
      };
    }
  }
  return reading;
}

function prefixReading(form: PrefixForm, parsed: ParsedCommand): CommandReading | undefined {
  const program = form.words?.[0];
  if (program === undefined) return undefined;
  const direct = matchOne(form, parsed, program);
  if (direct !== undefined)
    return { ...direct, sentence: `Read as bash runs it, ${direct.sentence}.` };
  const inside = parsed.commandsInside(program);
  if (inside === 'too_many') return tooMany(parsed);
  for (const inner of inside) {
    const found = matchOne(form, inner, program);
    if (found !== undefined) {
      const sentence = `Read as bash runs it, \`${shortened(parsed.text)}\` runs a command: ${found.sentence}.`;
      return { ...found, sentence };
    }
  }
  return undefined;
}

function tooMany(parsed: ParsedCommand): CommandReading {
  return {
    on: 'words',
    form: parsed.text,
    sentence:
      `It runs other commands, and more than ${MAX_INNER_COMMANDS} of its words could start one, ` +
      `so it is taken to run the one denied (\`${shortened(parsed.text)}\`).`,
  };
}

/** A command as quoted in a reading: long ones cut, so the reason stays readable. */
function shortened(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}…` : text;
}

/** How one command matches one prefix (the sentence is a clause); undefined when it does not. */
function matchOne(
  form: PrefixForm,
  parsed: ParsedCommand,
  program: string,
): CommandReading | undefined {
  const words = form.words;
  if (words === undefined) return undefined;
  const shown = shortened(parsed.text);
  if (wordsStartWith(parsed.words, words)) {
    return {
      on: 'words',
      form: parsed.text,
      sentence: `the command is \`${shown}\`, which starts with the prefix \`${form.prefix}\``,
    };
  }
  if (form.grammar === undefined || form.canonical === undefined) return undefined;
  const own = parsed.words.program;
  if (own.kind === 'literal' && !sameProgram(own.value, program)) return undefined;
  const command = parsed.canonicalAs(program, form.grammar);
  const covered = canonicalCovers(form.canonical, command);
  if (covered === undefined) return undefined;
  const canonical = showCanonical(command);
  const prefix = `the prefix \`${form.prefix}\` is \`${showCanonical(form.canonical)}\``;
  if (covered.wildcards.length > 0) {
    const wildcards = covered.wildcards.map((word) => `\`${word}\``).join(', ');
    return {
      on: 'options',
      form: canonical,
      sentence:
        `${wildcards} in \`${shown}\` may expand into options, and ${prefix} (write \`./\` ` +
        'before a file pattern, or `--` before the operands, to keep them operands)',
    };
  }
  return {
    on: 'options',
    form: canonical,
    sentence: `\`${shown}\` is \`${shortened(canonical)}\`, and ${prefix}`,
  };
}
