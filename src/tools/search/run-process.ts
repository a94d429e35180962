/**
 * Running a search program: an argument list (never a shell), a working directory inside the
 * workspace, the tool environment, output read line by line with back-pressure, and a stop on
 * abort or as soon as the reader has enough.
 */
import { spawn } from 'node:child_process';
import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import path from 'node:path';
import { buildToolEnvironment } from '../../platform/tool-environment.js';
import { isInsideOrSame } from '../../platform/path-containment.js';

/** Keeps the end of stderr for error messages; search programs rarely say more than a line. */
const STDERR_KEEP_BYTES = 4096;

export interface RunOptions {
  command: string;
  args: readonly string[];
  cwd: string;
  signal: AbortSignal;
  /** Variables set on top of the tool environment. */
  env?: Record<string, string>;
  /** Called for every stdout line (without `\n`); `stop` ends the process. */
  onLine(line: Buffer): Promise<'more' | 'stop'> | 'more' | 'stop';
}

export interface RunResult {
  /** Null when the process was stopped by a signal (also when we stopped it). */
  exitCode: number | null;
  stderr: string;
  /** True when `onLine` asked to stop. */
  stopped: boolean;
}

/** Runs a program to the end (or until `onLine` stops it); throws the abort reason on abort. */
export async function runLines(options: RunOptions): Promise<RunResult> {
  options.signal.throwIfAborted();
  const child = spawn(options.command, options.args, {
    cwd: options.cwd,
    env: { ...buildToolEnvironment(process.env), ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
    shell: false,
    windowsHide: true,
    signal: options.signal,
  });
  const closed = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => {
      resolve(code);
    });
  });
  // The rejection is observed below; avoid an unhandled rejection while stdout is still read.
  closed.catch(() => undefined);

  let stderr: Buffer = Buffer.alloc(0);
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = Buffer.concat([stderr, chunk]);
    if (stderr.length > STDERR_KEEP_BYTES) stderr = stderr.subarray(-STDERR_KEEP_BYTES);
  });

  let stopped = false;
  let pending: Buffer = Buffer.alloc(0);
  try {
    reading: for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
      pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk]);
      let newline = pending.indexOf(10);
      while (newline !== -1) {
        const line = pending.subarray(0, newline);
        pending = pending.subarray(newline + 1);
        if ((await options.onLine(line)) === 'stop') {
          stopped = true;
          break reading;
        }
        newline = pending.indexOf(10);
      }
    }
    if (!stopped && pending.length > 0) stopped = (await options.onLine(pending)) === 'stop';
  } catch (error) {
    child.kill('SIGKILL');
    await closed.catch(() => undefined);
    options.signal.throwIfAborted();
    throw error;
  }
  if (stopped) {
    child.stdout.destroy();
    child.kill('SIGTERM');
  }
  try {
    const exitCode = await closed;
    return { exitCode, stderr: stderr.toString('utf8').trim(), stopped };
  } catch (error) {
    options.signal.throwIfAborted();
    throw error;
  }
}

/**
 * The absolute path of `name` on `PATH`, or null. Relative `PATH` entries and directories inside
 * the workspace are skipped: a program planted in the repository must never run in place of the
 * real one.
 */
export async function findExecutable(
  name: string,
  options: { pathVariable: string | undefined; untrustedDirectories: readonly string[] },
): Promise<string | null> {
  const names = process.platform === 'win32' ? [`${name}.exe`, name] : [name];
  for (const dir of (options.pathVariable ?? '').split(path.delimiter)) {
    if (dir === '' || !path.isAbsolute(dir)) continue;
    const resolvedDir = path.resolve(dir);
    if (options.untrustedDirectories.some((root) => isInsideOrSame(resolvedDir, root))) continue;
    for (const candidate of names) {
      const full = path.join(resolvedDir, candidate);
      if (await isExecutableFile(full)) return full;
    }
  }
  return null;
}

async function isExecutableFile(file: string): Promise<boolean> {
  try {
    if (!(await stat(file)).isFile()) return false;
    await access(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
