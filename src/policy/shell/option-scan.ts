/**
 * Finding options in a command's arguments the way getopt-style parsers read them, for the
 * dangerous-argument table. The scan errs towards seeing options: every argument is looked at as
 * a possible option (also one that might really be the value of the option before it), and long
 * options match their abbreviations where the program accepts unique prefixes (GNU getopt, git).
 */
import type { WordValue } from './shell-words.js';

/** How a program's options are written. */
export interface OptionSyntax {
  /** Short option letters that take a value: the rest of a cluster (`-ofile`) or the next word. */
  shortWithValue: string;
  /** Whether `--out` is accepted for `--output` (GNU getopt_long, git's parse-options, nopt). */
  abbreviations: boolean;
}

/** One option that makes a program run code or write files. */
export interface OptionRule {
  /** Long names without the dashes. */
  long?: readonly string[];
  /** Short letters. */
  short?: string;
  /** What the option does, completing "the option `--x`, which …". */
  why: string;
  /** Only dangerous when its value passes this test (e.g. `-o ProxyCommand=…`). */
  value?: (value: string) => boolean;
}

/** An option found in the arguments. */
interface FoundOption {
  /** How it was written. */
  written: string;
  /** The value, stuck (`--x=v`, `-xv`) or else the next word. */
  value: string | undefined;
  long?: string;
  short?: string;
}

/** The hazard details for every rule that the arguments trigger. */
export function findOptions(
  args: readonly WordValue[],
  syntax: OptionSyntax,
  rules: readonly OptionRule[],
): string[] {
  const details: string[] = [];
  for (const option of scanOptions(args, syntax)) {
    // An exact long name wins over abbreviations of longer ones (`--output` vs `--output-dir`).
    const exact = rules.filter((rule) => ruleMatches(rule, option, false));
    const candidates =
      exact.length > 0
        ? exact
        : rules.filter((rule) => ruleMatches(rule, option, syntax.abbreviations));
    const rule = candidates.find(
      (r) => !r.value || (option.value !== undefined && r.value(option.value)),
    );
    if (!rule) continue;
    const shown = option.value !== undefined && rule.value ? ` ${option.value}` : '';
    details.push(`the option \`${option.written}${shown}\`, which ${rule.why}`);
  }
  return details;
}

function ruleMatches(rule: OptionRule, option: FoundOption, abbreviations: boolean): boolean {
  if (option.short !== undefined) return rule.short?.includes(option.short) ?? false;
  const written = option.long;
  if (written === undefined || written === '') return false;
  return (rule.long ?? []).some((name) =>
    abbreviations ? name.startsWith(written) : name === written,
  );
}

function* scanOptions(args: readonly WordValue[], syntax: OptionSyntax): Generator<FoundOption> {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]?.literal;
    if (arg === undefined || !arg.startsWith('-') || arg === '-' || arg === '--') continue;
    const next = args[i + 1]?.literal;
    if (arg.startsWith('--')) {
      const equals = arg.indexOf('=');
      const long = equals < 0 ? arg.slice(2) : arg.slice(2, equals);
      const value = equals < 0 ? next : arg.slice(equals + 1);
      yield { written: equals < 0 ? arg : arg.slice(0, equals), long, value };
      continue;
    }
    for (let j = 1; j < arg.length; j++) {
      const letter = arg[j] ?? '';
      if (syntax.shortWithValue.includes(letter)) {
        const stuck = arg.slice(j + 1);
        yield { written: `-${letter}`, short: letter, value: stuck === '' ? next : stuck };
        break;
      }
      yield { written: `-${letter}`, short: letter, value: undefined };
    }
  }
}

/**
 * Words that are not literal but could expand into an option: `$x`, `*`, `{-c,x}` … A word whose
 * known beginning rules out a leading `-` (`src/*.ts`) cannot.
 */
export function mayExpandToOption(arg: WordValue): boolean {
  return (
    arg.literal === undefined && (arg.literalPrefix === '' || arg.literalPrefix.startsWith('-'))
  );
}

/** The long option a written `--name` stands for, when exactly one matches (getopt_long). */
export function uniqueLongOption(written: string, names: readonly string[]): string | undefined {
  const name = written.slice(2);
  if (names.includes(name)) return name;
  const matches = names.filter((option) => option.startsWith(name));
  return name !== '' && matches.length === 1 ? matches[0] : undefined;
}

export function splitLong(arg: string): [string, string | undefined] {
  const equals = arg.indexOf('=');
  return equals < 0 ? [arg, undefined] : [arg.slice(0, equals), arg.slice(equals + 1)];
}

/** Whether `--written` could abbreviate `option` (GNU getopt accepts unique prefixes). */
export function prefixOf(written: string, option: string): boolean {
  const name = written.replace(/^--/u, '');
  return name !== '' && option.startsWith(name);
}
