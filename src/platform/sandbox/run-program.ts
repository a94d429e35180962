/**
 * Runs a helper program (unshare, chown, useradd…) to its end: an argument list, never a shell,
 * with a time limit so a program waiting for something (a sudo password prompt) cannot hang the
 * run.
 */
import { execFile } from 'node:child_process';

export interface ProgramResult {
  /** 0 on success; null when the program could not start or was killed. */
  exitCode: number | null;
  stdout: string;
  stderr: string;
  /** Why it did not run to an exit status (not found, timed out). */
  error?: string;
}

export type RunProgram = (
  argv: readonly string[],
  options?: { env?: Readonly<Record<string, string>>; cwd?: string; timeoutMs?: number },
) => Promise<ProgramResult>;

const DEFAULT_TIMEOUT_MS = 30_000;

export const runProgram: RunProgram = (argv, options = {}) => {
  const [command, ...args] = argv;
  if (command === undefined) return Promise.resolve({ exitCode: null, stdout: '', stderr: '' });
  return new Promise((resolve) => {
    execFile(
      command,
      args,
      {
        env: options.env ?? { PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin' },
        cwd: options.cwd ?? '/',
        timeout: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
        killSignal: 'SIGKILL',
        maxBuffer: 1024 * 1024,
        encoding: 'utf8',
      },
      (error, stdout, stderr) => {
        if (error === null) {
          resolve({ exitCode: 0, stdout, stderr });
          return;
        }
        const code = (error as { code?: unknown }).code;
        if (typeof code === 'number') {
          resolve({ exitCode: code, stdout, stderr });
          return;
        }
        resolve({
          exitCode: null,
          stdout,
          stderr,
          error: error.killed ? `timed out or was killed` : error.message,
        });
      },
    );
  });
};

/** The program's own words about a failure, for messages: stderr, else the error, else the code. */
export function failureText(result: ProgramResult): string {
  const stderr = result.stderr.trim().split('\n').slice(-3).join(' ').trim();
  if (stderr !== '') return stderr;
  if (result.error !== undefined) return result.error;
  return `exit code ${result.exitCode ?? '(none)'}`;
}
