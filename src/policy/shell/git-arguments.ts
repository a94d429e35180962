/**
 * Arguments that make git run other programs or write files beyond what its subcommand says.
 * Git runs commands named in its configuration (pagers, diff drivers, ssh, hooks, aliases, the
 * fsmonitor), so anything that sets configuration or points git at a repository whose
 * configuration we did not check can run code.
 */
import { findOptions } from './option-scan.js';
import type { OptionRule, OptionSyntax } from './option-scan.js';
import type { WordValue } from './shell-words.js';

/** Options before the subcommand that take the next word as their value. */
export const GIT_GLOBALS_WITH_VALUE: ReadonlySet<string> = new Set([
  '-C',
  '-c',
  '--config-env',
  '--git-dir',
  '--work-tree',
  '--namespace',
  '--super-prefix',
  '--attr-source',
  '--list-cmds',
]);

/** Options before the subcommand that only change how git behaves, not what it runs. */
const HARMLESS_GLOBALS = new Set([
  '-P',
  '--no-pager',
  '--bare',
  '--no-replace-objects',
  '--literal-pathspecs',
  '--glob-pathspecs',
  '--noglob-pathspecs',
  '--icase-pathspecs',
  '--no-optional-locks',
  '--no-lazy-fetch',
  '--no-advice',
  '--namespace',
  '--attr-source',
  '--list-cmds',
  '--version',
  '-v',
  '--help',
  '-h',
  '--html-path',
  '--man-path',
  '--info-path',
  // Without `=path` it only prints where git's programs are.
  '--exec-path',
]);

/** Why each dangerous option before the subcommand is dangerous. */
const DANGEROUS_GLOBALS: Readonly<Record<string, string>> = {
  '-c': 'sets configuration, which can name commands to run (core.pager, core.sshCommand, alias.*)',
  '--config-env': 'sets configuration from the environment, which can name commands to run',
  '--exec-path': 'makes git run its subcommands from another directory',
  '-C': 'runs git in another directory, whose repository configuration can run commands',
  '--git-dir': 'points git at another repository, whose configuration can run commands',
  '--work-tree': 'points git at another working tree',
  '--super-prefix': 'is internal to git',
  '-p': 'starts a pager, which runs a command',
  '--paginate': 'starts a pager, which runs a command',
};

/** Subcommands that exist to run other programs, or that expose configuration and credentials. */
const DANGEROUS_SUBCOMMANDS: Readonly<Record<string, string>> = {
  config:
    'reads or writes configuration: settings can name commands to run, and actions/checkout keeps the token there',
  credential: 'hands out stored credentials',
  'credential-store': 'hands out stored credentials',
  'credential-cache': 'hands out stored credentials',
  difftool: 'runs an external diff tool',
  mergetool: 'runs an external merge tool',
  'filter-branch': 'runs the filter commands it is given',
  instaweb: 'starts a web server',
  daemon: 'starts a server',
  'send-email': 'sends mail and can run a sendmail command',
  'imap-send': 'can run a tunnel command',
  hook: 'runs hooks',
  shell: 'is a restricted login shell',
  'web--browse': 'starts a browser',
  'remote-ext': 'runs the command in an ext:: address',
  'remote-fd': 'talks to arbitrary file descriptors',
  maintenance: 'can register background jobs',
  p4: 'runs Perforce commands',
  svn: 'runs Subversion commands',
  cvsserver: 'is a server',
  cvsimport: 'runs CVS commands',
  archimport: 'runs Arch commands',
};

/** Subcommands whose first operand is an action that runs a command. */
const DANGEROUS_ACTIONS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  bisect: { run: 'runs the command it is given at every step' },
  submodule: { foreach: 'runs the command it is given in every submodule' },
};

/** git's parse-options accepts unique prefixes of long options and clusters of short ones. */
const SUBCOMMAND_SYNTAX: OptionSyntax = { shortWithValue: '', abbreviations: true };

/** Options of every subcommand (each means the same wherever git accepts it). */
const COMMON_RULES: readonly OptionRule[] = [
  { long: ['output'], why: 'writes the output to a file' },
  { long: ['output-directory'], why: 'writes files into a directory' },
  { long: ['ext-diff'], why: 'runs the external diff command from the configuration' },
  { long: ['upload-pack'], why: 'names the command that serves a fetch' },
  { long: ['receive-pack'], why: 'names the command that receives a push' },
  { long: ['exec'], why: 'names a command to run' },
  { long: ['unsafe-paths'], why: 'lets a patch write outside the working tree' },
];

/**
 * Options that read a file named by their value, anywhere on disk, and quote its lines back
 * ("bad graft data: <line>", "invalid object name: <line>", blame's own output): a way round
 * read_file's workspace boundary. Rarely needed by an agent, which can read workspace files with
 * its tools, so they are hazards whatever the path.
 */
const ORDER_FILE: OptionRule = { short: 'O', why: 'reads the order of paths from any file' };
const FILE_READING_RULES: Readonly<Record<string, readonly OptionRule[]>> = {
  blame: [
    { short: 'S', why: 'reads revisions from any file and quotes lines it cannot parse' },
    {
      long: ['ignore-revs-file'],
      why: 'reads revisions from any file and quotes lines it cannot parse',
    },
    { long: ['contents'], why: "shows any file's lines as the blamed version" },
  ],
  diff: [ORDER_FILE, { long: ['no-index'], why: 'compares any two files on disk' }],
  log: [ORDER_FILE],
  show: [ORDER_FILE],
  whatchanged: [ORDER_FILE],
  'diff-tree': [ORDER_FILE],
  'diff-index': [ORDER_FILE],
  'diff-files': [ORDER_FILE],
  'ls-files': [{ short: 'X', long: ['exclude-from'], why: 'reads patterns from any file' }],
  'hash-object': [
    { short: 'w', why: 'stores any file in the repository, where git show prints it' },
  ],
};

/** Options of particular subcommands (short letters mean different things elsewhere). */
const SUBCOMMAND_RULES: Readonly<Record<string, readonly OptionRule[]>> = {
  'format-patch': [{ short: 'o', why: 'writes files into a directory' }],
  archive: [
    { short: 'o', why: 'writes the archive to a file' },
    { long: ['remote'], why: 'runs an archiver on another host' },
  ],
  clone: [
    { short: 'u', why: 'names the command that serves the fetch' },
    { long: ['template'], why: 'installs hooks from a template directory' },
    { short: 'c', long: ['config'], why: 'sets configuration, which can name commands to run' },
    { long: ['separate-git-dir'], why: 'puts the repository outside the working tree' },
  ],
  init: [
    { long: ['template'], why: 'installs hooks from a template directory' },
    { long: ['separate-git-dir'], why: 'puts the repository outside the working tree' },
  ],
  'ls-remote': [{ short: 'u', why: 'names the command that serves the fetch' }],
  'fetch-pack': [{ long: ['upload-pack'], why: 'names the command that serves the fetch' }],
  grep: [{ short: 'O', long: ['open-files-in-pager'], why: 'opens the matches with a command' }],
  rebase: [
    { short: 'x', why: 'runs a command after each commit' },
    { short: 'i', long: ['interactive'], why: 'starts an editor' },
  ],
  help: [
    {
      short: 'wim',
      long: ['web', 'info', 'man'],
      why: 'starts a browser or a documentation reader',
    },
  ],
  'checkout-index': [{ long: ['prefix'], why: 'writes files under any directory' }],
};

/** Transport addresses that run commands (`ext::sh -c …`) or use raw descriptors. */
const COMMAND_TRANSPORTS = ['ext::', 'fd::'];

export function gitArgumentProblems(args: readonly WordValue[]): string[] {
  const problems: string[] = [];
  for (const arg of args) {
    const known = (arg.literal ?? arg.literalPrefix).toLowerCase();
    const transport = COMMAND_TRANSPORTS.find((prefix) => known.includes(prefix));
    if (transport)
      problems.push(`the \`${transport}\` transport in \`${arg.text}\`, which runs commands`);
  }
  let i = 0;
  for (; i < args.length; i++) {
    const arg = args[i]?.literal;
    if (arg === undefined || !arg.startsWith('-')) break;
    const name = arg.startsWith('--') && arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
    const why = DANGEROUS_GLOBALS[name];
    if (why !== undefined && !(name === '--exec-path' && name === arg)) {
      problems.push(`the git option \`${arg}\`, which ${why}`);
    } else if (!HARMLESS_GLOBALS.has(name) && why === undefined) {
      problems.push(`the unknown git option \`${arg}\` before the subcommand`);
    }
    if (GIT_GLOBALS_WITH_VALUE.has(arg)) i++;
  }
  const subcommandWord = args[i];
  if (subcommandWord === undefined) return problems;
  const subcommand = subcommandWord.literal;
  if (subcommand === undefined) {
    problems.push(`the git subcommand \`${subcommandWord.text}\`, which is not literal`);
    return problems;
  }
  const rest = args.slice(i + 1);
  const dangerous = DANGEROUS_SUBCOMMANDS[subcommand];
  if (dangerous !== undefined) problems.push(`\`git ${subcommand}\`, which ${dangerous}`);
  const action = rest[0]?.literal;
  const actionWhy = action === undefined ? undefined : DANGEROUS_ACTIONS[subcommand]?.[action];
  if (actionWhy !== undefined && action !== undefined) {
    problems.push(`\`git ${subcommand} ${action}\`, which ${actionWhy}`);
  }
  const rules = [
    ...COMMON_RULES,
    ...(SUBCOMMAND_RULES[subcommand] ?? []),
    ...(FILE_READING_RULES[subcommand] ?? []),
  ];
  problems.push(...findOptions(rest, SUBCOMMAND_SYNTAX, rules));
  return problems;
}
