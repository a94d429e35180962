/**
 * Arguments that make a program a rule might allow (a search, a read-only git command, a stream
 * editor) run other code or write files. Each table entry says why it is there. A hit becomes a
 * `dangerous_argument` hazard: the engine then allows the command only by a rule naming its
 * exact text.
 *
 * For every program in the table, an argument that is not literal but could expand into an
 * option (`$x`, `*`, `{-c,x}`) is a hazard too: a file named `--output=x` matches `*`.
 */
import { gitArgumentProblems } from './git-arguments.js';
import { findOptions, mayExpandToOption, prefixOf, splitLong } from './option-scan.js';
import type { OptionRule, OptionSyntax } from './option-scan.js';
import { awkCheck, sedCheck } from './script-arguments.js';
import type { ShellHazard } from './shell-analysis-types.js';
import type { WordValue } from './shell-words.js';

interface ProgramCheck {
  /** Problems found in the arguments, each a phrase such as "the option `-x`, which …". */
  check: (args: readonly WordValue[]) => string[];
}

/** A check made of option rules. */
function options(syntax: OptionSyntax, rules: readonly OptionRule[]): ProgramCheck {
  return { check: (args) => findOptions(args, syntax, rules) };
}

/** A program that can run commands whatever its arguments. */
function always(why: string): ProgramCheck {
  return { check: () => [why] };
}

/** `find` predicates that run commands, delete files or write files. */
const FIND_ACTIONS: Readonly<Record<string, string>> = {
  '-exec': 'runs a command for each file',
  '-execdir': 'runs a command for each file',
  '-ok': 'runs a command for each file',
  '-okdir': 'runs a command for each file',
  '-delete': 'deletes files',
  '-fprint': 'writes a file',
  '-fprint0': 'writes a file',
  '-fprintf': 'writes a file',
  '-fls': 'writes a file',
};

function findCheck(args: readonly WordValue[]): string[] {
  return args.flatMap((arg) => {
    const why = arg.literal === undefined ? undefined : FIND_ACTIONS[arg.literal];
    return why === undefined ? [] : [`the find action \`${arg.text}\`, which ${why}`];
  });
}

const SSH_COMMAND_OPTIONS = [
  'proxycommand',
  'localcommand',
  'permitlocalcommand',
  'knownhostscommand',
  'match',
  'include',
  'pkcs11provider',
  'securitykeyprovider',
];
/** `-o ProxyCommand=…` / `-o 'ProxyCommand …'`. */
const sshOption = (value: string): boolean =>
  SSH_COMMAND_OPTIONS.includes((value.trim().split(/[=\s]/u)[0] ?? '').toLowerCase());

function zipCheck(args: readonly WordValue[]): string[] {
  return args.flatMap((arg) => {
    const literal = arg.literal ?? '';
    const [name] = splitLong(literal);
    const hit =
      /^-[^-]*TT/u.test(literal) || (name.startsWith('--') && prefixOf(name, 'unzip-command'));
    return hit
      ? [`the option \`${arg.text}\`, which names the command that tests the archive`]
      : [];
  });
}

/** Makefile variables given on the command line replace the Makefile's, recipes included. */
function makeCheck(args: readonly WordValue[]): string[] {
  const problems = findOptions(args, { shortWithValue: 'CfIoWEjl', abbreviations: true }, [
    {
      short: 'f',
      long: ['file', 'makefile'],
      why: 'reads the makefile from standard input',
      value: isStdin,
    },
    { short: 'E', long: ['eval'], why: 'evaluates make code given inline' },
  ]);
  for (const arg of args) {
    const literal = arg.literal;
    if (literal !== undefined && !literal.startsWith('-') && /^[^=\s]+=/u.test(literal)) {
      problems.push(
        `the variable override \`${arg.text}\`, which can change the commands make runs`,
      );
    }
  }
  return problems;
}

const isStdin = (value: string): boolean => value === '-' || value === '/dev/stdin';

/** Settings of npm-style package managers that name programs to run or configuration to load. */
const PACKAGE_MANAGER_RULES: readonly OptionRule[] = [
  { long: ['script-shell', 'shell'], why: 'names the shell that runs scripts' },
  { long: ['node-options'], why: 'passes options such as --require to every node process' },
  { long: ['userconfig', 'globalconfig'], why: 'loads another configuration file' },
  { long: ['git'], why: 'names the git program to run' },
  { long: ['editor', 'browser'], why: 'names a program to run' },
  { short: 'c', long: ['call'], why: 'runs a shell command' },
];

function packageManagerCheck(args: readonly WordValue[]): string[] {
  const problems = findOptions(
    args,
    { shortWithValue: '', abbreviations: true },
    PACKAGE_MANAGER_RULES,
  );
  for (const arg of args) {
    if (arg.literal?.startsWith('--config.')) {
      problems.push(`the setting \`${arg.text}\`, which can name programs to run`);
    }
  }
  const operands = args
    .map((arg) => arg.literal)
    .filter((a) => a !== undefined && !a.startsWith('-'));
  if (
    (operands[0] === 'config' || operands[0] === 'c') &&
    ['set', 'edit', 'delete'].includes(operands[1] ?? '')
  ) {
    problems.push('changing the configuration, whose settings can name programs to run');
  }
  return problems;
}

/** Names of variables given to builtins (`read`, `printf -v`) may hold `a[$(cmd)]`, evaluated. */
function subscriptCheck(args: readonly WordValue[]): string[] {
  return args.flatMap((arg) =>
    arg.literal !== undefined && /\[.*[$`]/u.test(arg.literal)
      ? [`the array subscript in \`${arg.text}\`, which bash evaluates and can run commands`]
      : [],
  );
}

const CHECKS: Readonly<Record<string, ProgramCheck>> = {
  git: { check: gitArgumentProblems },
  find: { check: findCheck },
  // fd runs commands with --exec / --exec-batch.
  fd: options({ shortWithValue: 'dtEecjSxX', abbreviations: false }, [
    { short: 'xX', long: ['exec', 'exec-batch'], why: 'runs a command for each match' },
  ]),
  sed: { check: sedCheck },
  awk: { check: awkCheck },
  gawk: { check: awkCheck },
  mawk: { check: awkCheck },
  nawk: { check: awkCheck },
  // ripgrep runs a preprocessor command given with --pre (and --hostname-bin in newer versions).
  // --search-zip only starts fixed decompressors found on PATH, so it is not listed.
  rg: options({ shortWithValue: '', abbreviations: false }, [
    { long: ['pre'], why: 'runs a preprocessor command for each file' },
    { long: ['pre-glob'], why: 'selects files for the preprocessor command' },
    { long: ['hostname-bin'], why: 'runs a command to find the host name' },
  ]),
  // GNU tar runs commands for compression, checkpoints, volume changes and extracted members.
  tar: {
    check: (args) => {
      const syntax: OptionSyntax = { shortWithValue: 'bCfFgHIKLNTVX', abbreviations: true };
      const rules: OptionRule[] = [
        { short: 'I', long: ['use-compress-program'], why: 'runs a compression command' },
        { short: 'F', long: ['info-script', 'new-volume-script'], why: 'runs a script' },
        { long: ['to-command'], why: 'pipes extracted files into a command' },
        { long: ['checkpoint-action'], why: 'can run a command at checkpoints' },
        { long: ['rsh-command', 'rmt-command'], why: 'names a remote shell command' },
        { short: 'P', long: ['absolute-names'], why: 'writes files at absolute paths' },
      ];
      // Old-style `tar xzf …`: the first word is a cluster of option letters without a dash.
      const first = args[0]?.literal;
      const oldStyle = first !== undefined && /^[A-Za-z]+$/u.test(first) ? `-${first}` : undefined;
      const view =
        oldStyle && args[0] ? [{ ...args[0], literal: oldStyle }, ...args.slice(1)] : args;
      return findOptions(view, syntax, rules);
    },
  },
  rsync: options({ shortWithValue: 'eBfTM', abbreviations: true }, [
    { short: 'e', long: ['rsh'], why: 'names the remote shell command' },
    { long: ['rsync-path'], why: 'names the command run on the other side' },
  ]),
  ssh: options({ shortWithValue: 'BbcDEeFIiJLlmOopPQRSWw', abbreviations: false }, [
    { short: 'o', why: 'names a command to run', value: sshOption },
    { short: 'F', why: 'reads a configuration file that can name commands' },
    { short: 'I', why: 'loads a PKCS#11 library' },
  ]),
  scp: options({ shortWithValue: 'cDFiJloPSX', abbreviations: false }, [
    { short: 'o', why: 'names a command to run', value: sshOption },
    { short: 'F', why: 'reads a configuration file that can name commands' },
    { short: 'S', why: 'names the program used instead of ssh' },
  ]),
  sftp: options({ shortWithValue: 'BbcDFiJloPRsS', abbreviations: false }, [
    { short: 'o', why: 'names a command to run', value: sshOption },
    { short: 'F', why: 'reads a configuration file that can name commands' },
    { short: 'SD', why: 'names a program to run' },
  ]),
  // zip -T tests the archive with unzip; -TT / --unzip-command replaces unzip by any command.
  zip: { check: zipCheck },
  // curl writes files (-o, -O, -D, -c, --trace …), reads a config file (-K) and uploads local files.
  curl: options({ shortWithValue: 'AbcCdDeEFHKmoPQrtTuUwxXyYz', abbreviations: true }, [
    {
      short: 'oO',
      long: ['output', 'remote-name', 'remote-name-all', 'output-dir'],
      why: 'writes a file',
    },
    {
      short: 'Dc',
      long: ['dump-header', 'cookie-jar', 'trace', 'trace-ascii', 'stderr', 'libcurl'],
      why: 'writes a file',
    },
    { long: ['etag-save', 'hsts', 'alt-svc'], why: 'writes a file' },
    { short: 'K', long: ['config'], why: 'reads options from a file' },
    { short: 'T', long: ['upload-file'], why: 'uploads a local file' },
    {
      short: 'dF',
      long: ['data', 'data-ascii', 'data-binary', 'data-urlencode', 'json', 'form'],
      why: 'uploads a local file',
      value: (v) => v.includes('@') || v.includes('<'),
    },
    {
      short: 'H',
      long: ['header'],
      why: 'reads headers from a file',
      value: (v) => v.startsWith('@'),
    },
    {
      short: 'w',
      long: ['write-out'],
      why: 'reads or writes a file',
      value: (v) => v.startsWith('@') || v.includes('%output{'),
    },
    { long: ['engine'], why: 'loads a crypto engine library' },
  ]),
  wget: options({ shortWithValue: 'aABDeiIloOPQRtTUwX', abbreviations: true }, [
    {
      short: 'Ooa',
      long: ['output-document', 'output-file', 'append-output', 'save-cookies', 'warc-file'],
      why: 'writes a file',
    },
    { short: 'P', long: ['directory-prefix'], why: 'writes files into a directory' },
    { short: 'e', long: ['execute'], why: 'runs a wgetrc command' },
    { long: ['config'], why: 'reads options from a file' },
    { long: ['use-askpass'], why: 'runs a password command' },
    { long: ['post-file', 'body-file'], why: 'uploads a local file' },
  ]),
  // Interpreters' options that change files or load code beyond the script (inline code itself
  // is judged in shell-programs.ts).
  php: options({ shortWithValue: 'cdfzt', abbreviations: false }, [
    { short: 'd', why: 'sets ini options, which can load code (auto_prepend_file)' },
  ]),
  perl: options({ shortWithValue: 'IxlCdD0i', abbreviations: false }, [
    { short: 'i', why: 'edits files in place' },
  ]),
  ruby: options({ shortWithValue: 'IrCEFxi', abbreviations: false }, [
    { short: 'i', why: 'edits files in place' },
  ]),
  make: { check: makeCheck },
  gmake: { check: makeCheck },
  npm: { check: packageManagerCheck },
  pnpm: { check: packageManagerCheck },
  yarn: { check: packageManagerCheck },
  // Pagers, manual readers and editors run commands from their own command lines (`!cmd`, `:!`).
  less: always('the pager `less`, which can run commands'),
  more: always('the pager `more`, which can run commands'),
  most: always('the pager `most`, which can run commands'),
  pg: always('the pager `pg`, which can run commands'),
  man: always('`man`, which runs a pager that can run commands'),
  vi: always('the editor `vi`, which can run commands'),
  vim: always('the editor `vim`, which can run commands'),
  nvim: always('the editor `nvim`, which can run commands'),
  view: always('the editor `view`, which can run commands'),
  vimdiff: always('the editor `vimdiff`, which can run commands'),
  ex: always('the editor `ex`, which can run commands'),
  ed: always('the editor `ed`, which can run commands'),
  emacs: always('the editor `emacs`, which can run code'),
  emacsclient: always('`emacsclient`, which can run code'),
  nano: always('the editor `nano`, which can run commands'),
  // Builtins that run code given as arguments or rebind what a name runs.
  hash: options({ shortWithValue: 'pt', abbreviations: false }, [
    { short: 'p', why: 'makes a command name run another file' },
  ]),
  enable: always('`enable`, which loads or disables builtins'),
  mapfile: options({ shortWithValue: 'CcdnOsu', abbreviations: false }, [
    { short: 'C', why: 'runs a callback as code' },
  ]),
  readarray: options({ shortWithValue: 'CcdnOsu', abbreviations: false }, [
    { short: 'C', why: 'runs a callback as code' },
  ]),
  compgen: options({ shortWithValue: 'AGWFCXPS', abbreviations: false }, [
    { short: 'CF', why: 'runs a command or function' },
  ]),
  complete: options({ shortWithValue: 'AGWFCXPSo', abbreviations: false }, [
    { short: 'CF', why: 'runs a command or function' },
  ]),
  fc: always('`fc`, which runs commands from the history through an editor'),
  bind: always('`bind`, which can bind keys to commands'),
};

/** Builtins whose arguments name variables, where `a[$(cmd)]` runs `cmd`. */
const NAME_TAKING_BUILTINS = new Set([
  'read',
  'printf',
  'getopts',
  'wait',
  'mapfile',
  'readarray',
  'test',
  'declare',
  'typeset',
  'local',
  'export',
  'readonly',
  'unset',
]);

export function dangerousArgumentHazards(
  program: string,
  args: readonly WordValue[],
): ShellHazard[] {
  const details: string[] = [];
  if (NAME_TAKING_BUILTINS.has(program)) details.push(...subscriptCheck(args));
  const entry = CHECKS[program];
  if (entry !== undefined) {
    for (const arg of args) {
      if (mayExpandToOption(arg)) {
        details.push(
          `the argument \`${arg.text}\`, which is not literal and could expand into an option of \`${program}\``,
        );
      }
    }
    details.push(...entry.check(args));
  }
  return details.map((detail) => ({ kind: 'dangerous_argument', detail }));
}
