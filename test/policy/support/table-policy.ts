// The fixed policy of the shell table and property tests.
import { rule } from './rules.js';

const SHELL = ['run_shell_command'];

/** Read-only git, a few read-only tools and `npm test` are allowed. */
export const ALLOWED_PREFIXES = [
  'git status',
  'git diff',
  'git log',
  'npm test',
  'ls',
  'cat',
  'grep',
  'find',
  'sed',
  'rg',
  'wc',
  'head',
];

/**
 * Allows `ALLOWED_PREFIXES`; `echo` too, with redirection (inside the workspace); `rm` and `curl`
 * are denied outright. Everything else falls to the default deny.
 */
export const TABLE_POLICY = [
  rule({ toolNames: SHELL, commandPrefixes: ALLOWED_PREFIXES, decision: 'allow', priority: 100 }),
  rule({
    toolNames: SHELL,
    commandPrefixes: ['echo'],
    allowRedirection: true,
    decision: 'allow',
    priority: 100,
  }),
  rule({ toolNames: SHELL, commandPrefixes: ['rm', 'curl'], decision: 'deny', priority: 200 }),
];

/** The same denials over a rule allowing every shell command (what `--yolo` amounts to). */
export const PERMISSIVE_POLICY = [
  rule({ toolNames: SHELL, commandPrefixes: ['rm', 'curl'], decision: 'deny', priority: 200 }),
  rule({ toolNames: ['*'], decision: 'allow', priority: 0, tier: 'default' }),
];
