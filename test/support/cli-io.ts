// The CLI's standard streams and environment for in-process runs of `runCli`: what it writes is
// collected, standard input is a terminal (nothing piped) unless text is given, and Ctrl-C can be
// pressed from the test. `captureOutput` collects the two output streams alone.
import { PassThrough } from 'node:stream';
import type { CliIo } from '../../src/cli/run-cli.js';

export function testIo(env: NodeJS.ProcessEnv, stdinText?: string) {
  let stdout = '';
  let stderr = '';
  const stdin = new PassThrough() as PassThrough & { isTTY?: boolean };
  if (stdinText === undefined) stdin.isTTY = true;
  else stdin.end(stdinText);
  let interrupt: (() => void) | undefined;
  const io: CliIo = {
    env,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    stdin: stdin as unknown as NodeJS.ReadStream,
    onInterrupt(handler) {
      interrupt = handler;
      return () => {
        interrupt = undefined;
      };
    },
  };
  return {
    io,
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
    interrupt: () => interrupt?.(),
  };
}

/** Standard output and error alone, collected (for commands that take no input). */
export function captureOutput() {
  let stdout = '';
  let stderr = '';
  return {
    io: {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
    },
    get stdout() {
      return stdout;
    },
    get stderr() {
      return stderr;
    },
  };
}
