/**
 * The harness's child processes: each run of the CLI and each test command in a process group of
 * its own, its output kept (capped), killed whole when it overruns. The groups do not get the
 * terminal's Ctrl-C, so the harness ends them itself when it is stopped (`killAllGroups`).
 */
import { spawn } from 'node:child_process';
import { signalProcessGroup } from '../../src/platform/process-group.js';

const groups = new Set<number>();

/** What a process left: its exit code (null: a signal, or it never started) and its output. */
export interface GroupRun {
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Standard output and error interleaved as they came. */
  output: string;
  wallMs: number;
  timedOut: boolean;
}

/** Output kept per stream; what comes after is dropped. */
const MAX_OUTPUT = 4 * 1024 * 1024;

/** Runs `argv` in a new process group; it is killed whole after `timeoutMs`. Never rejects. */
export function runInGroup(
  argv: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<GroupRun> {
  const started = Date.now();
  const [program = '', ...args] = argv;
  return new Promise((resolve) => {
    const child = spawn(program, args, {
      cwd: options.cwd,
      env: options.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let stdout = '';
    let stderr = '';
    let output = '';
    let timedOut = false;
    child.stdout.on('data', (chunk: Buffer) => {
      if (stdout.length < MAX_OUTPUT) stdout += chunk.toString('utf8');
      if (output.length < MAX_OUTPUT) output += chunk.toString('utf8');
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < MAX_OUTPUT) stderr += chunk.toString('utf8');
      if (output.length < MAX_OUTPUT) output += chunk.toString('utf8');
    });
    const pid = child.pid;
    if (pid !== undefined) groups.add(pid);
    const timer = setTimeout(() => {
      timedOut = true;
      if (pid !== undefined) signalProcessGroup(pid, 'SIGKILL');
    }, options.timeoutMs);
    const done = (exitCode: number | null, error = '') => {
      clearTimeout(timer);
      if (pid !== undefined) groups.delete(pid);
      resolve({
        exitCode,
        stdout,
        stderr: `${stderr}${error}`,
        output: `${output}${error}`,
        wallMs: Date.now() - started,
        timedOut,
      });
    };
    child.on('error', (error) => {
      done(null, error.message);
    });
    child.on('close', (code) => {
      done(code);
    });
  });
}

/** Kills every group still running (SIGKILL): the harness is being stopped. */
export function killAllGroups(): void {
  for (const pid of groups) signalProcessGroup(pid, 'SIGKILL');
  groups.clear();
}
