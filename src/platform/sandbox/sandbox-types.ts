/**
 * The sandbox every command run on the model's behalf goes through. The model is assumed hostile:
 * whatever a tool process can reach, the model can print. A sandbox decides what that is.
 */

/** What a user asks for (the `sandbox` input, the CLI's `--sandbox`). */
export type SandboxMode = 'auto' | 'namespace' | 'user' | 'none';
export const SANDBOX_MODES: readonly SandboxMode[] = ['auto', 'namespace', 'user', 'none'];

/**
 * What actually runs:
 * - `namespace`: own PID and mount namespaces as the Action's own (non-root) user;
 * - `namespace+user`: the same, as a separate unprivileged user (the Action runs as root);
 * - `user`: a separate unprivileged user, without namespaces;
 * - `none`: the Action's user, with only the scrubbed environment.
 */
export type SandboxKind = 'namespace+user' | 'namespace' | 'user' | 'none';

/** A program to start: what `spawn` gets. */
export interface SandboxCommand {
  argv: readonly string[];
  env: Readonly<Record<string, string>>;
  cwd: string;
}

export interface SandboxSessionOptions {
  /** The one directory commands may write to (besides private temporary directories). */
  workspaceRoot: string;
  /** Cut the commands off the network (loopback only); where the kind cannot, it says so. */
  isolateNetwork: boolean;
  /** The environment commands will get: its HOME and TMPDIR are made private too. */
  commandEnv?: Readonly<Record<string, string | undefined>>;
  /**
   * Folders outside the workspace that commands must be able to read (never write), even where
   * the sandbox hides the directory they are in: the base branch's copies a pull request's run
   * starts its configured processes from.
   */
  readablePaths?: readonly string[];
}

export interface WrapOptions {
  /**
   * Whether the workspace is lent first, where the session's commands run as a user it must be
   * lent to (workspace-loan.ts); default true. False only for a check that must not change the
   * owner of the user's files.
   */
  lendWorkspace?: boolean;
  /**
   * Files the Action's own tools wrote in the workspace since the last command; where the
   * workspace is lent, they are handed over too (everything else was at the first command).
   */
  actionWrites?: readonly string[];
}

/** A sandbox in use by one agent session: started once, used for every command, then closed. */
export interface SandboxSession {
  /** Whether commands run as a user the workspace is lent to (at the first command). */
  readonly lendsWorkspace: boolean;
  /**
   * The program to spawn instead of `command`. Throws when the sandbox cannot run a command any
   * more (it was closed); never returns an unsandboxed command.
   */
  wrap(command: SandboxCommand, options?: WrapOptions): Promise<SandboxCommand>;
  /**
   * The PID a process has inside the sandbox, where that differs from the Action's view (a PID
   * namespace); the same PID otherwise.
   */
  pidInSandbox(pid: number): Promise<number>;
  /**
   * Ends every process left in the sandbox and gives back what was lent (the workspace's
   * ownership), so trusted code after the session sees the workspace as before.
   */
  close(): Promise<void>;
}

export interface Sandbox {
  kind: SandboxKind;
  /** What it does, in a sentence or two. */
  describe: string;
  /** What it does not protect, one item each. */
  gaps: string[];
  /** Whether `isolateNetwork` is honoured. */
  canIsolateNetwork: boolean;
  /** For `none` that was not asked for: why no sandbox runs, in a short phrase. */
  unavailable?: string;
  open(options: SandboxSessionOptions): Promise<SandboxSession>;
  /**
   * Closes the session set up in advance for the first `open()` (`firstSession` of
   * resolveSandbox) when no `open()` took it over; nothing otherwise. Safe to call more than once.
   */
  release?(): Promise<void>;
}

/** The one line the log and the job summary show about the sandbox of a run. */
export function sandboxSummaryLine(sandbox: Sandbox, options: { isolateNetwork: boolean }): string {
  const network =
    sandbox.kind === 'none'
      ? ''
      : options.isolateNetwork && sandbox.canIsolateNetwork
        ? ' Network: off.'
        : ' Network: on.';
  const gaps = sandbox.gaps.filter(
    (gap) => !(options.isolateNetwork && sandbox.canIsolateNetwork && gap.startsWith('Network')),
  );
  return `Sandbox: ${sandbox.kind}. ${sandbox.describe}${network} Not protected: ${gaps.join(' ')}`;
}
