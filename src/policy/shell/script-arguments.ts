/**
 * The options of sed and awk, whose scripts are code: where the script comes from (an argument we
 * can read, or a file we cannot), what it does (sed-script.ts; a scan for awk), and options that
 * edit files or load libraries.
 */
import { splitLong, uniqueLongOption } from './option-scan.js';
import { sedScriptProblems } from './sed-script.js';
import type { WordValue } from './shell-words.js';

/** GNU sed's long options; a unique prefix of one is accepted. */
const SED_LONG_OPTIONS = [
  'expression',
  'file',
  'in-place',
  'line-length',
  'null-data',
  'zero-terminated',
  'posix',
  'quiet',
  'silent',
  'regexp-extended',
  'separate',
  'sandbox',
  'unbuffered',
  'debug',
  'follow-symlinks',
  'binary',
  'help',
  'version',
];
const SED_LONG_WITH_VALUE = new Set(['expression', 'file', 'line-length']);

/**
 * sed: `-i` edits files in place (allowed only by an explicit rule), `-f` reads a script we cannot
 * see, and the script itself may run commands or write files (see sed-script.ts).
 */
export function sedCheck(args: readonly WordValue[]): string[] {
  const problems: string[] = [];
  const scripts: string[] = [];
  let scriptGiven = false;
  let sandbox = false;
  const operands: WordValue[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    const literal = arg?.literal;
    if (arg === undefined) continue;
    if (literal === undefined || !literal.startsWith('-') || literal === '-') {
      operands.push(arg);
      continue;
    }
    if (literal === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    const next = args[i + 1]?.literal;
    if (literal.startsWith('--')) {
      const [name, stuck] = splitLong(literal);
      const option = uniqueLongOption(name, SED_LONG_OPTIONS);
      const takesNext = stuck === undefined && SED_LONG_WITH_VALUE.has(option ?? '');
      if (option === undefined) {
        problems.push(`the unknown or ambiguous sed option \`${literal}\``);
      } else if (option === 'expression') {
        scriptGiven = true;
        const script = stuck ?? next;
        if (script === undefined) problems.push('a sed script that is not literal');
        else scripts.push(script);
      } else if (option === 'file') {
        scriptGiven = true;
        problems.push(`the option \`${literal}\`, which reads a sed script that cannot be checked`);
      } else if (option === 'in-place') {
        problems.push(`the option \`${literal}\`, which edits files in place`);
      } else if (option === 'sandbox') {
        sandbox = true;
      }
      if (takesNext) i++;
      continue;
    }
    for (let j = 1; j < literal.length; j++) {
      const letter = literal[j] ?? '';
      const stuck = literal.slice(j + 1);
      if (letter === 'i') {
        problems.push(`the option \`${literal}\`, which edits files in place`);
        break;
      }
      if (letter === 'e' || letter === 'f' || letter === 'l') {
        const value = stuck === '' ? next : stuck;
        if (stuck === '') i++;
        if (letter === 'e') {
          scriptGiven = true;
          if (value === undefined) problems.push('a sed script that is not literal');
          else scripts.push(value);
        } else if (letter === 'f') {
          scriptGiven = true;
          problems.push(`the option \`-f\`, which reads a sed script that cannot be checked`);
        }
        break;
      }
      if (!'nsErzu'.includes(letter)) problems.push(`the unknown sed option \`-${letter}\``);
    }
  }
  if (!scriptGiven) {
    const script = operands[0];
    if (script?.literal === undefined) {
      if (script !== undefined)
        problems.push(`the sed script \`${script.text}\`, which is not literal`);
    } else {
      scripts.push(script.literal);
    }
  }
  if (!sandbox) for (const script of scripts) problems.push(...sedScriptProblems(script));
  return problems;
}

/** What each awk option does with its value. */
type AwkOptionRole = 'program' | 'program-file' | 'library' | 'writes' | 'value' | 'flag';

const AWK_SHORT: Readonly<Record<string, AwkOptionRole>> = {
  e: 'program',
  f: 'program-file',
  E: 'program-file',
  i: 'program-file',
  l: 'library',
  v: 'value',
  F: 'value',
};
const AWK_LONG: Readonly<Record<string, AwkOptionRole>> = {
  source: 'program',
  file: 'program-file',
  exec: 'program-file',
  include: 'program-file',
  load: 'library',
  assign: 'value',
  'field-separator': 'value',
  // gawk writes these to files named by the option or by default names.
  profile: 'writes',
  'dump-variables': 'writes',
  'pretty-print': 'writes',
};
/** Short forms of the options that write files (their values can only be stuck: `-pfile`). */
const AWK_SHORT_WRITES = 'pdo';

const AWK_PROBLEM: Readonly<Record<AwkOptionRole, string | undefined>> = {
  program: undefined,
  'program-file': 'reads an awk program that cannot be checked',
  library: 'loads a shared library',
  writes: 'writes a file',
  value: undefined,
  flag: undefined,
};

/** gawk's other long options, which neither take a separate value nor run code. */
const AWK_OTHER_LONG = [
  'characters-as-bytes',
  'traditional',
  'copyright',
  'debug',
  'gen-pot',
  'help',
  'lint',
  'bignum',
  'use-lc-numeric',
  'non-decimal-data',
  'optimize',
  'no-optimize',
  'posix',
  're-interval',
  'sandbox',
  'version',
  'csv',
  'persist',
];

/**
 * The role of a long awk option. An ambiguous or unknown one makes awk refuse to run, so it is
 * harmless ('flag').
 */
function awkLongRole(written: string): AwkOptionRole {
  const option = uniqueLongOption(written, [...Object.keys(AWK_LONG), ...AWK_OTHER_LONG]);
  return option === undefined ? 'flag' : (AWK_LONG[option] ?? 'flag');
}

/**
 * awk programs can run commands (`system()`, `print | "cmd"`, `"cmd" | getline`) and write files
 * (`print > "file"`). Without an awk parser, any `|`, `>`, `system`, `getline` or gawk `@` in the
 * program is reported (a `>` comparison included).
 */
export function awkCheck(args: readonly WordValue[]): string[] {
  const problems: string[] = [];
  const programs: { text: string; literal: string | undefined }[] = [];
  const state = { programGiven: false };
  let i = 0;
  const use = (role: AwkOptionRole, written: string, value: string | undefined, text: string) => {
    const problem = AWK_PROBLEM[role];
    if (problem !== undefined) problems.push(`the option \`${written}\`, which ${problem}`);
    if (role === 'program') programs.push({ text, literal: value });
    if (role === 'program' || role === 'program-file') state.programGiven = true;
  };
  for (; i < args.length; i++) {
    const arg = args[i];
    const literal = arg?.literal;
    if (arg === undefined || literal === undefined || !literal.startsWith('-') || literal === '-') {
      break;
    }
    if (literal === '--') {
      i++;
      break;
    }
    const next = args[i + 1];
    if (literal.startsWith('--')) {
      const [name, stuck] = splitLong(literal);
      const role = awkLongRole(name);
      const takesNext = stuck === undefined && role !== 'writes' && role !== 'flag';
      const value = takesNext ? next : undefined;
      use(role, literal, stuck ?? value?.literal, stuck ?? value?.text ?? '');
      if (takesNext) i++;
      continue;
    }
    for (let j = 1; j < literal.length; j++) {
      const letter = literal[j] ?? '';
      if (AWK_SHORT_WRITES.includes(letter)) {
        use('writes', `-${letter}`, undefined, '');
        break;
      }
      const role = AWK_SHORT[letter];
      if (role === undefined) continue;
      const stuck = literal.slice(j + 1);
      const value = stuck === '' ? next : undefined;
      use(role, `-${letter}`, stuck || value?.literal, stuck || (value?.text ?? ''));
      if (stuck === '') i++;
      break;
    }
  }
  const operand = args[i];
  if (!state.programGiven && operand !== undefined) programs.push(operand);
  for (const program of programs) {
    if (program.literal === undefined) {
      problems.push(`the awk program \`${program.text}\`, which is not literal`);
      continue;
    }
    const found = new Set([...program.literal.matchAll(/system|getline|[|>@]/gu)].map((m) => m[0]));
    for (const token of found) {
      problems.push(`\`${token}\` in the awk program, which can run commands or write files`);
    }
  }
  return problems;
}
