/**
 * Runs one shell command for `run_shell_command`: `bash -c <command>` as the leader of a new
 * process group, stdin closed, stdout and stderr on one pipe (so the output reads as it would on
 * a terminal), with inactivity and total timeouts and abort killing the whole group.
 *
 * In a sandbox the group's leader is the program that enters it (`nsenter`, `setpriv`); the shell
 * and everything it starts stay in the same group, so timeouts and abort reach them the same way.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { errorMessage } from '../platform/errors.js';
import type { Logger } from '../platform/logger.js';
import type { ProcessGroupTracker } from '../platform/process-group.js';
import { killProcessGroup, listProcessGroup } from '../platform/process-group.js';
import type { SandboxSession } from '../platform/sandbox/sandbox-types.js';
import type { ShellOutput } from './shell-output.js';

/**
 * Started as `bash -c LAUNCHER bash <command>`: points stderr at the stdout pipe and replaces
 * itself (same PID, so it stays the group leader) with `bash -c <command>`. The command reaches
 * the inner shell as an argument, byte for byte, so nothing about it is rewritten or re-parsed.
 */
const LAUNCHER = 'exec "$0" -c "$1" 2>&1';

/**
 * Once the shell has exited, output it wrote is already in the pipe; it is read until the pipe
 * closes or stays quiet this long. A background process may hold the pipe open forever, and the
 * call must not wait for it.
 */
const DRAIN_IDLE_MS = 50;
const DRAIN_MAX_MS = 1000;

export type StopReason = 'aborted' | 'inactivity' | 'total';

export interface ShellExecutionOptions {
  command: string;
  cwd: string;
  env: Record<string, string>;
  output: ShellOutput;
  signal: AbortSignal;
  /** Stop after this long without output; 0 disables. */
  inactivityTimeoutMs: number;
  /** Stop after this long in total; 0 disables. */
  totalTimeoutMs: number;
  /** Records the running group and the background processes it leaves. */
  tracker: ProcessGroupTracker;
  killGraceMs: number;
  logger: Logger;
  /** Called after each piece of output. */
  onOutput?: () => void;
  /** The shell to run; default `bash` found on the tool environment's PATH. */
  shell?: string;
  /** Where the command runs; without one it runs as the Action's user, unconfined. */
  sandbox?: Pick<SandboxSession, 'wrap'>;
}

export interface ShellExecutionResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** The shell could not be started (or failed in a way that is not an exit status). */
  error: Error | null;
  /** The process group (the shell's PID); undefined when it never started. */
  pgid: number | undefined;
  /** Processes of the group still running after the shell exited, in ascending order. */
  backgroundPids: number[];
  /** Why the command was stopped, when it did not finish on its own. */
  stopped: StopReason | undefined;
}

export async function executeShellCommand(
  options: ShellExecutionOptions,
): Promise<ShellExecutionResult> {
  const shell = options.shell ?? 'bash';
  let program: { argv: readonly string[]; env: Record<string, string>; cwd: string };
  try {
    const command = {
      argv: [shell, '-c', LAUNCHER, shell, options.command],
      env: options.env,
      cwd: options.cwd,
    };
    // A sandbox that cannot take the command fails the call: it never runs unconfined instead.
    program = options.sandbox ? await wrapped(options.sandbox, command) : command;
  } catch (error) {
    return notStarted(error);
  }
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      const [file = shell, ...args] = program.argv;
      child = spawn(file, args, {
        cwd: program.cwd,
        env: program.env,
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      });
    } catch (error) {
      // Arguments Node refuses outright, such as a command containing a NUL byte.
      resolve(notStarted(error));
      return;
    }
    new Execution(child, options, resolve).start();
  });
}

async function wrapped(
  sandbox: Pick<SandboxSession, 'wrap'>,
  command: { argv: readonly string[]; env: Record<string, string>; cwd: string },
): Promise<{ argv: readonly string[]; env: Record<string, string>; cwd: string }> {
  const program = await sandbox.wrap(command);
  return { argv: program.argv, env: { ...program.env }, cwd: program.cwd };
}

function notStarted(error: unknown): ShellExecutionResult {
  return {
    exitCode: null,
    signal: null,
    error: error instanceof Error ? error : new Error(errorMessage(error)),
    pgid: undefined,
    backgroundPids: [],
    stopped: undefined,
  };
}

class Execution {
  private stopped: StopReason | undefined;
  private hasExited = false;
  private killing: Promise<void> | undefined;
  private collecting = true;
  private settled = false;
  private inactivityTimer: NodeJS.Timeout | undefined;
  private totalTimer: NodeJS.Timeout | undefined;
  private readonly streams: Readable[];
  private readonly onAbort = () => {
    this.stop('aborted');
  };

  constructor(
    private readonly child: ChildProcess,
    private readonly options: ShellExecutionOptions,
    private readonly resolve: (result: ShellExecutionResult) => void,
  ) {
    this.streams = [child.stdout, child.stderr].filter(
      (stream): stream is Readable => stream !== null,
    );
  }

  start(): void {
    const { child, options } = this;
    if (child.pid !== undefined) options.tracker.started(child.pid);
    // Data keeps being read after the result is in, and dropped: a background process that
    // inherited the pipe must neither block on a full pipe nor die of SIGPIPE.
    child.stdout?.on('data', (chunk: Buffer) => {
      this.receive(chunk, 'stdout');
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      this.receive(chunk, 'stderr');
    });
    for (const stream of this.streams) stream.on('error', () => undefined);
    child.on('error', (error) => {
      // Spawning failed (no bash on PATH, the directory vanished): there is no process to wait for.
      if (child.pid === undefined) this.settle(notStarted(error));
      else options.logger.debug(`run_shell_command: process error: ${errorMessage(error)}`);
    });
    child.on('exit', (code, signal) => {
      void this.exited(code, signal);
    });

    if (options.signal.aborted) this.stop('aborted');
    else options.signal.addEventListener('abort', this.onAbort, { once: true });
    this.resetInactivityTimer();
    if (options.totalTimeoutMs > 0) {
      this.totalTimer = setTimeout(() => {
        this.stop('total');
      }, options.totalTimeoutMs);
    }
  }

  private receive(chunk: Buffer, stream: 'stdout' | 'stderr'): void {
    if (!this.collecting) return;
    this.options.output.push(chunk, stream);
    this.resetInactivityTimer();
    this.options.onOutput?.();
  }

  private resetInactivityTimer(): void {
    if (this.options.inactivityTimeoutMs <= 0 || this.settled || this.stopped) return;
    clearTimeout(this.inactivityTimer);
    this.inactivityTimer = setTimeout(() => {
      this.stop('inactivity');
    }, this.options.inactivityTimeoutMs);
  }

  private stop(reason: StopReason): void {
    const pgid = this.child.pid;
    // Once the shell has exited, what is left in its group is reported as background processes.
    if (this.stopped || this.hasExited || this.settled || pgid === undefined) return;
    this.stopped = reason;
    this.clearTimers();
    this.options.logger.debug(`run_shell_command: stopping process group ${pgid} (${reason})`);
    this.killing = killProcessGroup(pgid, { graceMs: this.options.killGraceMs });
  }

  private async exited(code: number | null, signal: NodeJS.Signals | null): Promise<void> {
    this.hasExited = true;
    this.clearTimers();
    const pgid = this.child.pid;
    let backgroundPids: number[] = [];
    if (this.killing) {
      // Whatever else was in the group is being killed too; wait until it is gone.
      await this.killing;
    } else if (pgid !== undefined) {
      backgroundPids = await listProcessGroup(pgid);
    }
    await Promise.all(this.streams.map((stream) => drain(stream)));
    this.collecting = false;
    this.options.output.finish();
    for (const stream of this.streams) unref(stream);
    if (pgid !== undefined) this.options.tracker.finished(pgid, backgroundPids);
    this.settle({
      exitCode: code,
      signal,
      error: null,
      pgid,
      backgroundPids,
      stopped: this.stopped,
    });
  }

  private settle(result: ShellExecutionResult): void {
    if (this.settled) return;
    this.settled = true;
    this.clearTimers();
    this.options.signal.removeEventListener('abort', this.onAbort);
    this.resolve(result);
  }

  private clearTimers(): void {
    clearTimeout(this.inactivityTimer);
    clearTimeout(this.totalTimer);
    this.inactivityTimer = undefined;
    this.totalTimer = undefined;
  }
}

/** Resolves when the stream has closed, or has been quiet for a moment, whichever comes first. */
function drain(stream: Readable): Promise<void> {
  if (stream.closed || stream.destroyed || stream.readableEnded) return Promise.resolve();
  return new Promise((resolve) => {
    let idle: NodeJS.Timeout | undefined;
    const done = () => {
      clearTimeout(idle);
      clearTimeout(cap);
      stream.off('data', restartIdle);
      stream.off('close', done);
      stream.off('end', done);
      resolve();
    };
    const restartIdle = () => {
      clearTimeout(idle);
      idle = setTimeout(done, DRAIN_IDLE_MS);
    };
    const cap = setTimeout(done, DRAIN_MAX_MS);
    stream.on('data', restartIdle);
    stream.once('close', done);
    stream.once('end', done);
    restartIdle();
  });
}

/** A pipe still held by a background process must not keep this program from exiting. */
function unref(stream: Readable): void {
  const handle = stream as Readable & { unref?: () => void };
  if (typeof handle.unref === 'function') handle.unref();
}
