/**
 * Where every process started on the model's behalf runs: shell commands, MCP servers started for
 * the run, discovery and call commands. They share one sandbox session (opened at the first
 * process, closed after the session's tools have let go of theirs) and one allow-listed
 * environment, so a tool kind added later cannot forget either.
 */
import path from 'node:path';
import type {
  Sandbox,
  SandboxCommand,
  SandboxSession,
  SandboxSessionOptions,
} from '../platform/sandbox/sandbox-types.js';
import { PendingSandbox } from '../platform/sandbox/pending-sandbox.js';
import { isInsideOrSame } from '../platform/path-containment.js';
import { buildToolEnvironment } from '../platform/tool-environment.js';
import { launchEnvironment, realPathOf } from './configured-launch.js';
import type { Workspace } from './workspace.js';

export interface ToolProcessesOptions {
  workspaceRoot: string;
  /** The environment the run started in; only allow-listed names reach tool processes. */
  parentEnv: Readonly<Record<string, string | undefined>>;
  /** More names (or `PREFIX_*` patterns) to pass; names that look like secrets are still refused. */
  envAllow?: readonly string[];
  /**
   * Without one (or with kind `none`), processes run as the Action's user, unconfined. A pending
   * sandbox is one still to be found (`auto`'s probe, which starts with the first model request):
   * the first process starts its probe if nothing has, and every process waits for its answer,
   * so none starts before the probe has decided.
   */
  sandbox?: Sandbox | PendingSandbox;
  /** Cut processes off the network, where the sandbox can. */
  isolateNetwork?: boolean;
  /**
   * Where the files the Action's own tools wrote are recorded; a sandbox that lends the workspace
   * hands them over before the next process starts.
   */
  writes?: Pick<Workspace, 'takeWritten'>;
  /**
   * Set when the workspace may hold code the configuration did not come from (a pull request's):
   * the processes the configuration starts (MCP servers, discovery and call commands) then start
   * in `directory`, a private folder outside the workspace holding the base branch's copies, which
   * (configured-launch.ts). The sandbox shows it read-only (add it to `readablePaths`).
   */
  configuredLaunch?: { directory: string };
  /** Folders outside the workspace the sandbox must show processes read-only. */
  readablePaths?: readonly string[];
}

export class ToolProcesses {
  readonly workspaceRoot: string;
  /**
   * Whether processes run confined (a sandbox other than `none`); undefined while the sandbox is
   * still being found.
   */
  readonly confined: boolean | undefined;
  private readonly options: ToolProcessesOptions;
  private opened: Promise<SandboxSession> | undefined;
  private closed = false;

  constructor(options: ToolProcessesOptions) {
    this.options = options;
    this.workspaceRoot = options.workspaceRoot;
    const { sandbox } = options;
    this.confined =
      sandbox instanceof PendingSandbox
        ? undefined
        : sandbox !== undefined && sandbox.kind !== 'none';
  }

  /**
   * The environment a tool process starts with: the allow-listed part of the run's environment,
   * the fixed tool variables, then `extra` (an MCP server's configured `env`, which the
   * maintainer chose to give it).
   */
  environment(extra: Readonly<Record<string, string>> = {}): Record<string, string> {
    return { ...toolProcessEnvironment(this.options), ...extra };
  }

  /**
   * Where a process the configuration starts runs, and its environment: `cwd` (relative to the
   * workspace) and `extra` as configured — but never in the workspace, and with no PATH entry in
   * it, when the workspace may hold code the configuration did not come from.
   */
  configuredProcess(options: { cwd?: string; extra?: Readonly<Record<string, string>> }): {
    cwd: string;
    env: Record<string, string>;
  } {
    const cwd = path.resolve(this.workspaceRoot, options.cwd ?? '.');
    const env = this.environment(options.extra);
    const launch = this.options.configuredLaunch;
    if (launch === undefined) return { cwd, env };
    // Either spelling: the path as configured, or where its links lead.
    const inside = [cwd, realPathOf(cwd)].some((spelling) =>
      isInsideOrSame(spelling, this.workspaceRoot),
    );
    return {
      cwd: inside ? launch.directory : cwd,
      env: launchEnvironment(env, [this.workspaceRoot]),
    };
  }

  /** Whether configured processes start outside the workspace (see `configuredLaunch`). */
  get launchesOutsideWorkspace(): boolean {
    return this.options.configuredLaunch !== undefined;
  }

  /**
   * The sandbox session, opened on first use; undefined when there is no sandbox. Rejects when
   * the sandbox cannot be set up (the caller reports that instead of running unconfined) or
   * after `close()`.
   */
  session(): Promise<SandboxSession> | undefined {
    const { sandbox } = this.options;
    if (sandbox === undefined) return undefined;
    if (this.closed) return Promise.reject(new Error('The session has ended; no more processes.'));
    this.opened ??= (
      sandbox instanceof PendingSandbox ? sandbox.find() : Promise.resolve(sandbox)
    ).then((found) => found.open(toolSandboxSession(this.options)));
    return this.opened;
  }

  /** The program to spawn for `command`: wrapped by the sandbox when there is one. */
  async prepare(command: SandboxCommand): Promise<SandboxCommand> {
    const session = this.session();
    return session === undefined ? command : this.wrapIn(await session, command);
  }

  /**
   * `command` wrapped by `session` (from `session()`), which first gets the files the tools wrote
   * since the last process started (a lent workspace hands them over).
   */
  wrapIn(session: SandboxSession, command: SandboxCommand): Promise<SandboxCommand> {
    return session.wrap(command, { actionWrites: this.options.writes?.takeWritten() ?? [] });
  }

  /**
   * Ends whatever still runs in the sandbox and gives the workspace back. Called once, after
   * every tool has been disposed (so MCP servers get to shut down cleanly first).
   */
  async close(): Promise<void> {
    this.closed = true;
    const opened = await this.opened?.catch(() => undefined);
    await opened?.close();
    // A session the sandbox set up in advance, which no process came to use.
    const { sandbox } = this.options;
    await (sandbox instanceof PendingSandbox ? sandbox.release() : sandbox?.release?.());
  }
}

/** The allow-listed environment every tool process starts from. */
function toolProcessEnvironment(
  options: Pick<ToolProcessesOptions, 'parentEnv' | 'envAllow'>,
): Record<string, string> {
  return buildToolEnvironment(options.parentEnv, { allow: options.envAllow ?? [] });
}

/**
 * The sandbox session ToolProcesses opens with these options: what a caller that resolves the
 * sandbox gives as its `firstSession`, so the session the probe sets up is the one used.
 */
export function toolSandboxSession(
  options: Pick<
    ToolProcessesOptions,
    'workspaceRoot' | 'parentEnv' | 'envAllow' | 'isolateNetwork' | 'readablePaths'
  >,
): SandboxSessionOptions {
  return {
    workspaceRoot: options.workspaceRoot,
    isolateNetwork: options.isolateNetwork ?? false,
    commandEnv: toolProcessEnvironment(options),
    ...(options.readablePaths === undefined || options.readablePaths.length === 0
      ? {}
      : { readablePaths: options.readablePaths }),
  };
}
