/**
 * Programs that run other programs or code given to them: wrappers (`env`, `xargs`, `sudo` …),
 * builtins this analysis does not judge (`trap`, `alias`), interpreters and shells (see
 * shell-interpreters.ts), and builtins that set variables later commands see (`read PATH`).
 *
 * Each table entry says why it is there. Names are matched on the last path segment, so
 * `/usr/bin/env` is `env`.
 */
import { interpreterFindings } from './shell-interpreters.js';
import type { ShellHazard, ShellRedirect } from './shell-analysis-types.js';
import type { WordValue } from './shell-words.js';

/** Commands that run the command given in their arguments (or change how later ones run). */
const WRAPPERS: Readonly<Record<string, string>> = {
  env: 'runs a command with a changed environment',
  command: 'runs a command bypassing functions',
  builtin: 'runs a builtin by name',
  exec: 'replaces the shell with a command',
  eval: 'runs its arguments as shell code',
  source: 'runs a file as shell code',
  '.': 'runs a file as shell code',
  xargs: 'runs a command built from its input',
  parallel: 'runs commands built from its input',
  timeout: 'runs a command with a time limit',
  gtimeout: 'runs a command with a time limit',
  nice: 'runs a command at another priority',
  nohup: 'runs a command immune to hangups',
  sudo: 'runs a command as another user',
  doas: 'runs a command as another user',
  su: 'runs a command as another user',
  runuser: 'runs a command as another user',
  pkexec: 'runs a command as another user',
  setsid: 'runs a command in a new session',
  stdbuf: 'runs a command with changed buffering',
  unbuffer: 'runs a command under a pseudo-terminal',
  time: 'runs a command and times it',
  watch: 'runs a command repeatedly through a shell',
  strace: 'runs a command under a tracer',
  ltrace: 'runs a command under a tracer',
  valgrind: 'runs a command under a debugger',
  gdb: 'runs a debugger, which can run commands',
  chroot: 'runs a command in another root directory',
  flock: 'runs a command holding a lock',
  ionice: 'runs a command at another I/O priority',
  chrt: 'runs a command at another scheduling priority',
  taskset: 'runs a command on chosen CPUs',
  numactl: 'runs a command with a memory policy',
  prlimit: 'runs a command with changed limits',
  script: 'runs a command under a recorded terminal',
  nsenter: 'runs a command in other namespaces',
  unshare: 'runs a command in new namespaces',
  busybox: 'runs any of the programs built into it',
  fakeroot: 'runs a command with faked root privileges',
  'ssh-agent': 'runs a command under an agent',
  'xvfb-run': 'runs a command under a virtual display',
  let: 'evaluates arithmetic, where array subscripts can run commands',
  // Package runners download and run packages, or run any command in a prepared environment.
  npx: 'downloads and runs a package',
  pnpx: 'downloads and runs a package',
  bunx: 'downloads and runs a package',
  uvx: 'downloads and runs a package',
  'cross-env': 'runs a command with a changed environment',
  dotenv: 'runs a command with a changed environment',
  'env-cmd': 'runs a command with a changed environment',
};

/** Subcommands of tools that turn them into wrappers (`npm exec`, `uv run` …). */
const WRAPPER_SUBCOMMANDS: Readonly<Record<string, readonly string[]>> = {
  npm: ['exec', 'x', 'explore'],
  pnpm: ['dlx', 'exec'],
  yarn: ['dlx', 'exec'],
  bun: ['x'],
  deno: ['x'],
  uv: ['run', 'tool'],
  pipx: ['run'],
  poetry: ['run'],
  pipenv: ['run'],
  pdm: ['run'],
  hatch: ['run'],
  conda: ['run'],
  bundle: ['exec'],
  mise: ['exec', 'x'],
  asdf: ['exec'],
  direnv: ['exec'],
};

/** Builtins and keywords this analysis does not judge. */
const UNSUPPORTED: Readonly<Record<string, string>> = {
  trap: 'sets commands to run on signals',
  alias: 'redefines what a command name runs',
  coproc: 'starts a coprocess',
  function: 'defines a function',
};

export interface ProgramFindings {
  hazards: ShellHazard[];
  /** The literal string of `bash -c '…'`, to be parsed and checked as a command. */
  shellString?: string;
}

export interface ProgramInput {
  /** The command name's last path segment. */
  program: string;
  args: readonly WordValue[];
  redirects: readonly ShellRedirect[];
}

export function programFindings(input: ProgramInput): ProgramFindings {
  const { program, args } = input;
  const hazards: ShellHazard[] = [];
  const wrapper = wrapperReason(program, args);
  if (wrapper !== undefined) hazards.push({ kind: 'wrapper', detail: wrapper });
  const unsupported = UNSUPPORTED[program];
  if (unsupported !== undefined) {
    hazards.push({ kind: 'unsupported_construct', detail: `\`${program}\`, which ${unsupported}` });
  }
  if (program === 'exec' && args.length === 0 && input.redirects.length > 0) {
    hazards.push({
      kind: 'unsupported_construct',
      detail: '`exec` with only redirections, which changes the descriptors of every later command',
    });
  }
  const interpreter = interpreterFindings(program, args);
  hazards.push(...interpreter.hazards);
  if (interpreter.readsStdinCode) {
    const fed = input.redirects.find((r) => r.operator.includes('<<'));
    if (fed) {
      hazards.push({
        kind: 'unsupported_construct',
        detail: `a here-document or here-string (\`${fed.operator}\`) feeding code to \`${program}\``,
      });
    }
  }
  return interpreter.shellString === undefined
    ? { hazards }
    : { hazards, shellString: interpreter.shellString };
}

function wrapperReason(program: string, args: readonly WordValue[]): string | undefined {
  if (program === 'command' && isCommandLookup(args)) return undefined;
  if (program === 'exec' && args.length === 0) return undefined;
  const why = WRAPPERS[program];
  if (why !== undefined) return `the wrapper \`${program}\`, which ${why}`;
  const subcommand = args.find((arg) => !arg.literal?.startsWith('-'));
  const sub = subcommand?.literal;
  if (sub !== undefined && WRAPPER_SUBCOMMANDS[program]?.includes(sub)) {
    return `the wrapper \`${program} ${sub}\`, which runs another command`;
  }
  return undefined;
}

/** `command -v name` and `command -V name` only describe a command. */
function isCommandLookup(args: readonly WordValue[]): boolean {
  const first = args[0]?.literal;
  return (first === '-v' || first === '-V') && args.every((arg) => arg.literal !== undefined);
}

/** Options of variable-setting builtins that take a value (which is not a variable name). */
const TARGET_OPTION_VALUES: Readonly<Record<string, string>> = {
  read: 'dinNptu',
  mapfile: 'dnOsuCc',
  readarray: 'dnOsuCc',
};

/**
 * Variables a command sets for the commands after it: `for PATH in …`, `read PATH`,
 * `printf -v PATH`, `mapfile`, `getopts`. Lower-case names are the script's own; upper-case ones
 * (and `*_proxy`) may be environment variables that change what later commands run or reach.
 */
export function variableTargetHazards(
  program: string,
  args: readonly (string | undefined)[],
): ShellHazard[] {
  const targets = variableTargets(program, args);
  return targets
    .filter(
      (name) => name === undefined || !/^[a-z_][a-z0-9_]*$/u.test(name) || name.endsWith('_proxy'),
    )
    .map((name) => ({
      kind: 'assignment_prefix' as const,
      detail: `\`${program}\` setting the variable \`${name ?? '(not literal)'}\` for later commands`,
    }));
}

function variableTargets(
  program: string,
  args: readonly (string | undefined)[],
): (string | undefined)[] {
  if (program === 'for') return args.slice(0, 1);
  if (program === 'printf') {
    const at = args.indexOf('-v');
    return at < 0 ? [] : [args[at + 1]];
  }
  if (program === 'getopts') return args.slice(1, 2);
  const withValue = TARGET_OPTION_VALUES[program];
  if (withValue === undefined) return [];
  const targets: (string | undefined)[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === undefined || !arg.startsWith('-')) {
      targets.push(arg);
      continue;
    }
    const letter = arg[arg.length - 1] ?? '';
    // `read -a NAME` names an array to set.
    if (arg.length === 2 && letter === 'a') targets.push(args[i + 1]);
    if (arg.length === 2 && (withValue.includes(letter) || letter === 'a')) i++;
  }
  return program === 'read' ? targets : targets.slice(-1);
}
