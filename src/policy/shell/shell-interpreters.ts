/**
 * Interpreters and shells: whether a command runs code given inline (`python -c`, `node -e`),
 * reads code from standard input (`python3` alone, `bash -s`, `sh` at the end of a pipe), or is
 * `bash -c '<literal>'`, whose string the analysis parses and checks like the rest of the command.
 */
import type { ShellHazard } from './shell-analysis-types.js';
import type { WordValue } from './shell-words.js';

/** Shells whose `-c` string is parsed and checked. */
const UNWRAPPED_SHELLS = new Set(['bash', 'sh', 'dash', 'zsh', 'ksh']);
/** Shells whose syntax differs from bash enough that the check of their string is not enough. */
const FOREIGN_SYNTAX_SHELLS = new Set(['zsh', 'ksh']);
/** Other shells: their strings are not parsed at all. */
const OTHER_SHELLS = new Set([
  'mksh',
  'ash',
  'fish',
  'csh',
  'tcsh',
  'rc',
  'es',
  'yash',
  'elvish',
  'nu',
  'xonsh',
]);

/** Shell option letters that do not change what runs (`-e`, `-x`, `-l` …). */
const HARMLESS_SHELL_LETTERS = 'abefhklmnprtuvxBCEHPT';
const HARMLESS_SHELL_LONG = new Set([
  '--norc',
  '--noprofile',
  '--login',
  '--posix',
  '--noediting',
  '--restricted',
  '--verbose',
  '--version',
  '--help',
]);

export interface InterpreterFindings {
  /** The program reads the code it runs from standard input. */
  readsStdinCode: boolean;
  hazards: ShellHazard[];
  shellString?: string;
}

/** How an interpreter takes its program. */
interface InterpreterSpec {
  /** Short letters whose value is code (`python -c`, `perl -e`). */
  inlineShort: string;
  /** Long options whose value is code. */
  inlineLong?: readonly string[];
  /** Short letters that take a value (so the next word is not the script). */
  shortWithValue: string;
  /** Long options that take a separate value. */
  longWithValue?: readonly string[];
  /** Short letters after which the rest of the words belong to a module (`python -m`). */
  moduleShort?: string;
  /** Short letters whose value is the script file (`php -f script.php`). */
  scriptShort?: string;
  /** Arguments that make the program print something and exit without reading any code. */
  exitOptions?: readonly string[];
}

const PYTHON: InterpreterSpec = {
  inlineShort: 'c',
  shortWithValue: 'WXQ',
  moduleShort: 'm',
  exitOptions: ['--version', '-V', '--help', '-h', '-?'],
};
const NODE: InterpreterSpec = {
  inlineShort: 'ep',
  inlineLong: ['--eval', '--print'],
  shortWithValue: 'r',
  exitOptions: ['--version', '-v', '--help', '-h', '--v8-options'],
  longWithValue: [
    '--require',
    '--import',
    '--loader',
    '--experimental-loader',
    '--env-file',
    '--input-type',
    '--title',
    '--conditions',
  ],
};
const PERL: InterpreterSpec = {
  inlineShort: 'eEMm',
  shortWithValue: 'IxlCdD0i',
  exitOptions: ['-v', '--version', '-V', '-h', '--help'],
};
const RUBY: InterpreterSpec = {
  inlineShort: 'e',
  shortWithValue: 'IrCEFx',
  exitOptions: ['-v', '--version', '-h', '--help'],
};
const PHP: InterpreterSpec = {
  inlineShort: 'rBRE',
  shortWithValue: 'cdzt',
  scriptShort: 'f',
  exitOptions: ['-v', '--version', '-h', '--help', '-i', '--info', '-m', '--modules'],
};
const LUA: InterpreterSpec = { inlineShort: 'e', shortWithValue: 'l', exitOptions: ['-v'] };
const VERSION_ONLY = ['--version', '-v', '-V', '--help', '-h'];

/** Interpreters by name; version-suffixed names (`python3.12`) are matched by prefix below. */
const INTERPRETERS: Readonly<Record<string, InterpreterSpec>> = {
  python: PYTHON,
  python2: PYTHON,
  python3: PYTHON,
  pypy: PYTHON,
  pypy3: PYTHON,
  node: NODE,
  nodejs: NODE,
  perl: PERL,
  ruby: RUBY,
  php: PHP,
  lua: LUA,
  luajit: LUA,
  Rscript: { inlineShort: 'e', shortWithValue: '', exitOptions: VERSION_ONLY },
  julia: {
    inlineShort: 'eE',
    inlineLong: ['--eval', '--print'],
    shortWithValue: '',
    exitOptions: VERSION_ONLY,
  },
  expect: { inlineShort: 'c', shortWithValue: '', exitOptions: VERSION_ONLY },
  tclsh: { inlineShort: '', shortWithValue: '', exitOptions: VERSION_ONLY },
  osascript: { inlineShort: 'e', shortWithValue: '', exitOptions: VERSION_ONLY },
  pwsh: {
    inlineShort: 'ce',
    inlineLong: ['-command', '-encodedcommand', '-c', '-ec', '-e'],
    shortWithValue: '',
    exitOptions: ['-version', '-v', '-help', '-h', '--version', '--help'],
  },
  groovy: { inlineShort: 'e', shortWithValue: '', exitOptions: VERSION_ONLY },
  bun: {
    inlineShort: 'ep',
    inlineLong: ['--eval', '--print'],
    shortWithValue: '',
    exitOptions: VERSION_ONLY,
  },
};

/** Options that load code given as a URL rather than a file in the workspace (`node --import data:…`). */
const REMOTE_CODE = /^(data|https?):/iu;

function interpreterSpec(program: string): InterpreterSpec | undefined {
  const exact = INTERPRETERS[program];
  if (exact) return exact;
  if (/^python\d+(\.\d+)*$/u.test(program)) return PYTHON;
  if (/^(perl|ruby|php|lua)\d+(\.\d+)*$/u.test(program)) {
    return INTERPRETERS[program.replace(/[\d.]+$/u, '')];
  }
  return undefined;
}

const NOT_AN_INTERPRETER: InterpreterFindings = { readsStdinCode: false, hazards: [] };

export function interpreterFindings(
  program: string,
  args: readonly WordValue[],
): InterpreterFindings {
  if (UNWRAPPED_SHELLS.has(program)) return shellFindings(program, args);
  if (OTHER_SHELLS.has(program)) {
    const detail = `the shell \`${program}\`, whose commands are not checked`;
    return { readsStdinCode: args.length === 0, hazards: [{ kind: 'inline_code', detail }] };
  }
  if (program === 'deno') return denoFindings(args);
  const spec = interpreterSpec(program);
  if (!spec) return NOT_AN_INTERPRETER;
  const first = args[0]?.literal;
  // `bun run x`, `bun test`: subcommands, not code (`bun x` is a wrapper).
  if (program === 'bun' && first !== undefined && !first.startsWith('-')) return NOT_AN_INTERPRETER;
  if (args.some((arg) => arg.literal !== undefined && spec.exitOptions?.includes(arg.literal))) {
    return NOT_AN_INTERPRETER;
  }
  return scanInterpreter(program, spec, args);
}

/** Walks the options up to the script: inline code, code from standard input, or a script file. */
function scanInterpreter(
  program: string,
  spec: InterpreterSpec,
  args: readonly WordValue[],
): InterpreterFindings {
  const hazards: ShellHazard[] = [];
  const done = (readsStdinCode: boolean): InterpreterFindings => ({ readsStdinCode, hazards });
  const inline = (written: string) => {
    hazards.push({ kind: 'inline_code', detail: `inline code given to \`${program} ${written}\`` });
    return done(false);
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === undefined) break;
    const literal = arg.literal;
    if (literal === undefined) {
      const detail = `the argument \`${arg.text}\` of \`${program}\`, which is not literal`;
      hazards.push({ kind: 'inline_code', detail });
      return done(false);
    }
    if (literal === '-') {
      const detail = `\`${program} -\`, which reads code from standard input`;
      hazards.push({ kind: 'inline_code', detail });
      return done(true);
    }
    // A script file: what it runs is the file's business (and the rules').
    if (literal === '--' || !literal.startsWith('-')) return done(false);
    const equals = literal.indexOf('=');
    const name = equals < 0 ? literal : literal.slice(0, equals);
    const stuck = equals < 0 ? undefined : literal.slice(equals + 1);
    if (spec.inlineLong?.includes(name.toLowerCase())) return inline(name);
    if (literal.startsWith('--')) {
      if (spec.longWithValue?.includes(name)) {
        const value = stuck ?? args[i + 1]?.literal;
        if (value === undefined || REMOTE_CODE.test(value)) return inline(name);
        if (stuck === undefined) i++;
      }
      continue;
    }
    for (let j = 1; j < literal.length; j++) {
      const letter = literal[j] ?? '';
      if (spec.inlineShort.includes(letter)) return inline(`-${letter}`);
      if (spec.moduleShort?.includes(letter) || spec.scriptShort?.includes(letter)) {
        return done(false);
      }
      if (spec.shortWithValue.includes(letter)) {
        if (j === literal.length - 1) i++;
        break;
      }
    }
  }
  const detail = `\`${program}\` without a script, which reads code from standard input`;
  hazards.push({ kind: 'inline_code', detail });
  return done(true);
}

/** deno runs code with `eval`, `repl` and `run` of a URL or standard input. */
function denoFindings(args: readonly WordValue[]): InterpreterFindings {
  const operands = args.filter((arg) => !arg.literal?.startsWith('-'));
  const sub = operands[0];
  const target = operands[1];
  const inline = (detail: string, readsStdinCode = false): InterpreterFindings => ({
    readsStdinCode,
    hazards: [{ kind: 'inline_code', detail }],
  });
  if (args.some((arg) => arg.literal === '--version' || arg.literal === '--help')) {
    return NOT_AN_INTERPRETER;
  }
  if (sub === undefined) return inline('`deno` without a subcommand, which reads code', true);
  if (sub.literal === undefined) {
    return inline(`the deno subcommand \`${sub.text}\`, which is not literal`);
  }
  if (sub.literal === 'eval' || sub.literal === 'repl') {
    return inline(`\`deno ${sub.literal}\`, which runs inline code`, sub.literal === 'repl');
  }
  if (sub.literal !== 'run') return NOT_AN_INTERPRETER;
  if (target?.literal === undefined || target.literal === '-') {
    return inline(`\`deno run\` reading code that is not a file`, target?.literal === '-');
  }
  if (REMOTE_CODE.test(target.literal)) {
    return inline(`\`deno run ${target.text}\`, which runs code from a URL`);
  }
  return NOT_AN_INTERPRETER;
}

/**
 * `bash -c 'string'`: the string is handed back to be parsed and checked. Options that read
 * start-up files (`-i`, `--rcfile`), read commands from standard input (`-s`, no operand) or that
 * this reader does not know make the shell itself a hazard.
 */
function shellFindings(program: string, args: readonly WordValue[]): InterpreterFindings {
  const hazards: ShellHazard[] = [];
  const hazard = (kind: ShellHazard['kind'], detail: string) => hazards.push({ kind, detail });
  let commandMode = false;
  let stdinMode = false;
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i];
    if (arg === undefined) break;
    const literal = arg.literal;
    if (literal === undefined) {
      hazard('inline_code', `the argument \`${arg.text}\` of \`${program}\`, which is not literal`);
      return { readsStdinCode: false, hazards };
    }
    if (literal === '--' || literal === '-') {
      i++;
      break;
    }
    if (literal.startsWith('--')) {
      if (!HARMLESS_SHELL_LONG.has(literal)) {
        hazard('dangerous_argument', `the shell option \`${literal}\`, which can run other code`);
      }
      // Their value is the next word.
      if (literal === '--rcfile' || literal === '--init-file') i++;
      continue;
    }
    if (!literal.startsWith('-') && !literal.startsWith('+')) break;
    for (const letter of literal.slice(1)) {
      if (letter === 'c') {
        commandMode = true;
      } else if (letter === 's') {
        stdinMode = true;
        hazard('inline_code', `\`${program} -s\`, which reads commands from standard input`);
      } else if (letter === 'i') {
        hazard('dangerous_argument', `\`${program} -i\`, which runs start-up files`);
      } else if (letter === 'o' || letter === 'O') {
        i++;
      } else if (!HARMLESS_SHELL_LETTERS.includes(letter)) {
        hazard('dangerous_argument', `the unknown shell option \`-${letter}\``);
      }
    }
  }
  const operand = args[i];
  if (!commandMode) {
    const readsStdin = stdinMode || operand === undefined;
    if (operand === undefined && !stdinMode) {
      hazard(
        'inline_code',
        `\`${program}\` without a script, which reads commands from standard input`,
      );
    }
    return { readsStdinCode: readsStdin, hazards };
  }
  if (operand?.literal === undefined) {
    const what = operand
      ? `the string \`${operand.text}\`, which is not literal`
      : 'no command string';
    hazard('inline_code', `\`${program} -c\` with ${what}`);
    return { readsStdinCode: false, hazards };
  }
  if (FOREIGN_SYNTAX_SHELLS.has(program)) {
    hazard(
      'inline_code',
      `a \`${program} -c\` string, which ${program} may read differently from bash`,
    );
  }
  return { readsStdinCode: false, hazards, shellString: operand.literal };
}
