/**
 * Our own git commands, for publishing what the agent changed. They run after a session in which
 * a hostile model may have shaped the working tree, so:
 * - no shell: arguments go to `execFile` as they are;
 * - configuration that could run programs is overridden on every command (hooks, the fsmonitor,
 *   commit signing, automatic maintenance, credential helpers), and every transport is forbidden
 *   unless the command is a network command, which gets exactly the protocol of its remote (so an
 *   `ext::` or ssh remote reached through some `insteadOf` cannot start a program);
 * - the environment is built from an allow-list: no `GITHUB_TOKEN`, `INPUT_*`, model keys or
 *   `GIT_*` variables from the parent (a stray `GIT_DIR` or `GIT_INDEX_FILE` would point our
 *   commands at something else); git never prompts and speaks English (`LC_ALL=C`) so its
 *   messages can be recognised;
 * - a failure is a `GitCommandError` carrying git's own message, redacted.
 */
import { execFile } from 'node:child_process';
import type { Redact } from '../platform/redaction.js';
import { redactTokenShapes } from '../platform/redaction.js';
import { buildToolEnvironment } from '../platform/tool-environment.js';

/**
 * Overrides given with `-c` on every command. A value given on the command line wins over the
 * repository's, the user's and the system's configuration.
 */
export const HARDENING_CONFIG: readonly string[] = [
  // No hook of the repository (or of a hooks directory named in its configuration) runs.
  'core.hooksPath=/dev/null',
  // The fsmonitor setting names a program git would start to ask which files changed.
  'core.fsmonitor=false',
  // Signing runs gpg.program (or ssh-keygen); commit-tree signs when commit.gpgSign is set.
  'commit.gpgSign=false',
  'tag.gpgSign=false',
  // An empty value resets the helper list: no helper hands out (or stores) other credentials.
  'credential.helper=',
  // No `git gc --auto` or `git maintenance run --auto` after a fetch or commit.
  'gc.auto=0',
  'maintenance.auto=false',
  // Plumbing never pages, but nothing may name a pager program either.
  'core.pager=cat',
];

/** Variables passed to git besides the default tool allow-list: proxies and certificates. */
const GIT_ALLOWED_VARIABLES = [
  'HTTPS_PROXY',
  'HTTP_PROXY',
  'NO_PROXY',
  'ALL_PROXY',
  'https_proxy',
  'http_proxy',
  'no_proxy',
  'all_proxy',
  'GIT_SSL_CAINFO',
  'GIT_SSL_CAPATH',
  'SSL_CERT_FILE',
  'SSL_CERT_DIR',
  'XDG_CONFIG_HOME',
  // What git for Windows needs to start at all.
  'SYSTEMROOT',
  'SystemRoot',
  'COMSPEC',
  'ComSpec',
  'PATHEXT',
  'USERPROFILE',
  'APPDATA',
  'LOCALAPPDATA',
  'ProgramData',
];

/** Set on every command, overriding the parent. */
const FIXED_GIT_VARIABLES: Readonly<Record<string, string>> = {
  GIT_TERMINAL_PROMPT: '0',
  // Empty: git skips askpass programs rather than starting one.
  GIT_ASKPASS: '',
  SSH_ASKPASS: '',
  GCM_INTERACTIVE: 'never',
  GIT_PAGER: 'cat',
  // English messages, so a rejected push can be recognised.
  LC_ALL: 'C',
  LANGUAGE: '',
  // No opportunistic index refresh: the workspace's own index is the user's.
  GIT_OPTIONAL_LOCKS: '0',
  // Partial clones would otherwise fetch missing objects from their promisor remote.
  GIT_NO_LAZY_FETCH: '1',
  // No transport at all, unless the command is a network command (see `network`).
  GIT_ALLOW_PROTOCOL: '',
};

export interface GitCommandOptions {
  cwd: string;
  /** More variables for this one command: `GIT_INDEX_FILE`, identities, the push credential. */
  env?: Readonly<Record<string, string>>;
  /** Written to the command's stdin. */
  input?: string | Buffer;
  /**
   * A command that talks to a remote: only `protocol` is allowed (`https`, `http` or `file`), and
   * the user's global configuration is not read (it may rewrite URLs or name credentials).
   */
  network?: { protocol: string };
  /** The most stdout bytes accepted. Default 256 MiB. */
  maxBuffer?: number;
}

export interface Git {
  /** Runs git and returns its stdout as UTF-8 text. */
  run(args: readonly string[], options: GitCommandOptions): Promise<string>;
  /** Runs git and returns its stdout as bytes (file contents, NUL-separated names). */
  runBytes(args: readonly string[], options: GitCommandOptions): Promise<Buffer>;
}

/** What a command looked like when it ran; for tests that check where a credential went. */
export interface GitCommandRecord {
  args: readonly string[];
  env: Readonly<Record<string, string>>;
  cwd: string;
}

export interface CreateGitOptions {
  /** Where the allowed variables come from. Default `process.env`. */
  parentEnv?: Readonly<Record<string, string | undefined>>;
  /** Applied to every error message. Token shapes are redacted in any case. */
  redact?: Redact;
  /** Sees every command before it runs. */
  onCommand?: (command: GitCommandRecord) => void;
  /** A command still running after this long is killed. Default 10 minutes. */
  timeoutMs?: number;
}

/** A git command that failed: its arguments, exit code and output, all redacted. */
export class GitCommandError extends Error {
  override readonly name = 'GitCommandError';
  readonly args: readonly string[];
  readonly exitCode: number | undefined;
  readonly stderr: string;
  /** What it printed on stdout before failing (`push --porcelain` reports rejections there). */
  readonly stdout: string;

  constructor(
    args: readonly string[],
    exitCode: number | undefined,
    output: { stderr: string; stdout?: string },
  ) {
    const detail = output.stderr.trim() === '' ? '' : `: ${output.stderr.trim()}`;
    super(`git ${args[0] ?? ''} failed (exit code ${exitCode ?? 'none'})${detail}`);
    this.args = args;
    this.exitCode = exitCode;
    this.stderr = output.stderr;
    this.stdout = output.stdout ?? '';
  }
}

const DEFAULT_MAX_BUFFER = 256 * 1024 * 1024;
const DEFAULT_TIMEOUT_MS = 10 * 60_000;

/** The environment every command starts from (before per-command variables). */
export function gitEnvironment(
  parentEnv: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  return {
    ...buildToolEnvironment(parentEnv, { allow: GIT_ALLOWED_VARIABLES }),
    ...FIXED_GIT_VARIABLES,
  };
}

export function createGit(options: CreateGitOptions = {}): Git {
  const redact: Redact = (text) => redactTokenShapes(options.redact ? options.redact(text) : text);
  const baseEnv = gitEnvironment(options.parentEnv ?? process.env);

  const runBytes = (args: readonly string[], command: GitCommandOptions): Promise<Buffer> => {
    const env: Record<string, string> = { ...baseEnv, ...command.env };
    if (command.network) {
      env.GIT_ALLOW_PROTOCOL = command.network.protocol;
      env.GIT_CONFIG_GLOBAL = '/dev/null';
    }
    const argv = [...HARDENING_CONFIG.flatMap((setting) => ['-c', setting]), ...args];
    options.onCommand?.({ args: argv, env, cwd: command.cwd });
    return new Promise((resolve, reject) => {
      const child = execFile(
        'git',
        argv,
        {
          cwd: command.cwd,
          env,
          encoding: 'buffer',
          maxBuffer: command.maxBuffer ?? DEFAULT_MAX_BUFFER,
          timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
          windowsHide: true,
        },
        (error, stdout, stderr) => {
          if (!error) {
            resolve(stdout);
            return;
          }
          const code = typeof error.code === 'number' ? error.code : undefined;
          const message = stderr.length > 0 ? stderr.toString('utf8') : error.message;
          // Only the start of stdout: it may be a whole file's content.
          const printed = stdout.subarray(0, 4096).toString('utf8');
          reject(
            new GitCommandError(args.map(redact), code, {
              stderr: redact(message),
              stdout: redact(printed),
            }),
          );
        },
      );
      // A command without input must see end-of-file at once, never wait for a terminal.
      child.stdin?.on('error', () => undefined);
      child.stdin?.end(command.input);
    });
  };

  return {
    runBytes,
    run: async (args, command) => (await runBytes(args, command)).toString('utf8'),
  };
}

/** The transport git should allow for a remote: its URL scheme, or `file` for a local path. */
export function remoteProtocol(remote: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(remote)?.[1];
  return scheme === undefined ? 'file' : scheme.toLowerCase();
}

/** Splits NUL-separated output (`-z`), dropping the empty piece after the last separator. */
export function splitNul(output: Buffer | string): string[] {
  const text = typeof output === 'string' ? output : output.toString('utf8');
  const parts = text.split('\0');
  if (parts.at(-1) === '') parts.pop();
  return parts;
}
