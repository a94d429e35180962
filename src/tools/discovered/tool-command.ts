/**
 * Runs a discovery or call command from settings.json: `bash -c <command>` in the workspace root
 * (outside it when the workspace may hold code the configuration did not come from),
 * started through the session's `ToolProcesses` (its sandbox and allow-listed environment), as the
 * leader of its own process group, so a timeout or an abort stops everything it started. Input is
 * written to stdin, which is then closed; stdout and stderr go to separate sinks.
 *
 * The command line is the maintainer's (the model cannot change it), so it gets a real shell:
 * quoting, `cd tools && ./run`, and `$HOME` work as they do in a terminal. Anything that comes
 * from the model (a tool name, arguments) is passed as data: positional parameters and stdin.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { errorMessage } from '../../platform/errors.js';
import { killProcessGroup, reportProcessGroup } from '../../platform/process-group.js';
import type { SandboxCommand } from '../../platform/sandbox/sandbox-types.js';
import type { ToolProcesses } from '../tool-processes.js';

/** How long processes get after SIGTERM before SIGKILL (as the shell tool). */
const KILL_GRACE_MS = 2000;
/**
 * Once the command has exited, output it wrote is already in the pipes; they are read until they
 * close or this long. A background process holding a pipe open must not hold the call.
 */
const DRAIN_MAX_MS = 1000;

/** Where a stream's bytes go as they arrive. */
export interface OutputSink {
  push(chunk: Buffer): void;
}

export interface ToolCommandOptions {
  processes: ToolProcesses;
  /** A bash command line, as written in the settings. */
  command: string;
  /** Positional parameters after the command line (`<command> "$@"` passes them on). */
  args?: readonly string[];
  /** Written to stdin; stdin is closed either way. */
  input?: string;
  /** Stop after this long in total. */
  timeoutMs: number;
  signal?: AbortSignal;
  stdout: OutputSink;
  stderr: OutputSink;
}

export interface ToolCommandResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  /** The command could not be started (no bash, a sandbox that refused it). */
  error: Error | undefined;
  /** Why it was stopped, when it did not finish on its own. */
  stopped: 'timeout' | 'aborted' | undefined;
}

export async function runToolCommand(options: ToolCommandOptions): Promise<ToolCommandResult> {
  if (options.signal?.aborted === true) return notStarted(undefined, 'aborted');
  const { processes } = options;
  // The workspace root; outside the workspace when it may hold code the configuration did not
  // come from (tools/configured-launch.ts).
  const { cwd, env } = processes.configuredProcess({});
  let program: SandboxCommand;
  try {
    program = await processes.prepare({
      // `--norc`: stdin is a socket pair, which bash takes for a remote login and would read
      // ~/.bashrc for (whatever the user's shell start-up prints or changes).
      argv: ['bash', '--norc', '-c', options.command, 'bash', ...(options.args ?? [])],
      env,
      cwd,
    });
  } catch (error) {
    // A sandbox that cannot take the command fails it: it never runs unconfined instead.
    return notStarted(error);
  }
  return new Promise((resolve) => {
    let child: ChildProcess;
    try {
      const [file = 'bash', ...args] = program.argv;
      child = spawn(file, args, {
        cwd: program.cwd,
        env: { ...program.env },
        stdio: ['pipe', 'pipe', 'pipe'],
        detached: true,
      });
    } catch (error) {
      // Arguments Node refuses outright, such as a NUL byte.
      resolve(notStarted(error));
      return;
    }
    reportProcessGroup(child.pid);
    watch(child, options, resolve);
  });
}

function watch(
  child: ChildProcess,
  options: ToolCommandOptions,
  resolve: (result: ToolCommandResult) => void,
): void {
  let stopped: ToolCommandResult['stopped'];
  let settled = false;
  const stop = (reason: 'timeout' | 'aborted') => {
    if (stopped !== undefined || child.pid === undefined || child.exitCode !== null) return;
    stopped = reason;
    void killProcessGroup(child.pid, { graceMs: KILL_GRACE_MS }).catch(() => undefined);
  };
  const onAbort = () => {
    stop('aborted');
  };
  const timer = setTimeout(() => {
    stop('timeout');
  }, options.timeoutMs);
  const cleanUp = () => {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  };

  const streams = [child.stdout, child.stderr].filter((s): s is Readable => s !== null);
  const closed = Promise.all(
    streams.map((stream) => new Promise<void>((done) => stream.once('close', done))),
  );
  child.stdout?.on('data', (chunk: Buffer) => {
    options.stdout.push(chunk);
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    options.stderr.push(chunk);
  });
  for (const stream of streams) stream.on('error', () => undefined);
  // A command that does not read its input may exit before the write completes (EPIPE).
  child.stdin?.on('error', () => undefined);
  child.stdin?.end(options.input ?? '');

  child.on('error', (error) => {
    // Spawning failed (the directory vanished): there is no process to wait for.
    if (child.pid !== undefined || settled) return;
    settled = true;
    cleanUp();
    resolve(notStarted(error));
  });
  child.on('exit', (exitCode, signal) => {
    cleanUp();
    void (async () => {
      await Promise.race([closed, delay(DRAIN_MAX_MS)]);
      // Whatever the command left running in its group (`server &`) ends with the call.
      if (child.pid !== undefined) {
        await killProcessGroup(child.pid, { graceMs: KILL_GRACE_MS }).catch(() => undefined);
      }
      if (settled) return;
      settled = true;
      resolve({ exitCode, signal, error: undefined, stopped });
    })();
  });

  if (options.signal?.aborted === true) onAbort();
  else options.signal?.addEventListener('abort', onAbort, { once: true });
}

function notStarted(error: unknown, stopped?: 'aborted'): ToolCommandResult {
  return {
    exitCode: null,
    signal: null,
    error:
      error === undefined
        ? undefined
        : error instanceof Error
          ? error
          : new Error(errorMessage(error)),
    stopped,
  };
}

function delay(ms: number): Promise<void> {
  return new Promise((done) => {
    setTimeout(done, ms).unref();
  });
}

/** Keeps the first `maxBytes` of a stream and notes whether more came. */
export class ByteCollector implements OutputSink {
  private readonly chunks: Buffer[] = [];
  private kept = 0;
  /** Every byte received, kept or not. */
  total = 0;

  constructor(private readonly maxBytes: number) {}

  get overflowed(): boolean {
    return this.total > this.maxBytes;
  }

  push(chunk: Buffer): void {
    this.total += chunk.length;
    const room = this.maxBytes - this.kept;
    if (room <= 0) return;
    const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
    this.chunks.push(part);
    this.kept += part.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}
