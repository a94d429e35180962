/**
 * A fix case's test command, run as the case says (`/bin/sh -c` in the repository root) with a
 * plain environment, and the number of tests its output reports: `node --test` prints
 * `# tests N` (TAP) or `ℹ tests N` (its spec reporter), `python3 -m unittest` prints
 * `Ran N tests`.
 */
import { spawn } from 'node:child_process';
import type { Sandbox, SandboxCommand } from '../../src/platform/sandbox/sandbox-types.js';
import { killGroup, trackGroup } from './process-groups.js';

export interface TestRun {
  exitCode: number | null;
  /** Standard output and error, interleaved as they came (capped). */
  output: string;
  /** Tests the output reports; null when it reports none the harness can read. */
  count: number | null;
  timedOut: boolean;
}

const MAX_OUTPUT = 1024 * 1024;

/** The test count the output reports (its last summary), or null. */
export function countTests(output: string): number | null {
  const patterns = [/^(?:#|ℹ) tests (\d+)\s*$/gmu, /^Ran (\d+) tests? in /gm];
  let found: number | null = null;
  for (const pattern of patterns) {
    for (const match of output.matchAll(pattern)) found = Number(match[1]);
    if (found !== null) return found;
  }
  return found;
}

/**
 * The environment of a test run: the path, a home, a locale, nothing else — no credentials, and
 * nothing of an enclosing test runner (NODE_TEST_CONTEXT would make `node --test` report to it).
 */
function testEnvironment(): Record<string, string> {
  const env: Record<string, string> = { LANG: 'C.UTF-8', PYTHONDONTWRITEBYTECODE: '1' };
  for (const name of ['PATH', 'HOME', 'TMPDIR'] as const) {
    const value = process.env[name];
    if (value !== undefined) env[name] = value;
  }
  return env;
}

export interface TestRunOptions {
  /**
   * Runs the command in a session of this sandbox (cut off the network, writing only `cwd`): the
   * code under test after a run is the model's, as hostile as any the agent's tools run.
   */
  sandbox?: Sandbox;
  timeoutMs?: number;
}

export async function runTests(
  command: string,
  cwd: string,
  options: TestRunOptions = {},
): Promise<TestRun> {
  const plain: SandboxCommand = { argv: ['/bin/sh', '-c', command], env: testEnvironment(), cwd };
  if (options.sandbox === undefined) return spawnTests(plain, options.timeoutMs);
  const session = await options.sandbox.open({
    workspaceRoot: cwd,
    isolateNetwork: true,
    commandEnv: plain.env,
  });
  try {
    return await spawnTests(await session.wrap(plain), options.timeoutMs);
  } finally {
    await session.close();
  }
}

function spawnTests(command: SandboxCommand, timeoutMs = 120_000): Promise<TestRun> {
  const [program = '/bin/sh', ...args] = command.argv;
  return new Promise((resolve) => {
    const child = spawn(program, args, {
      cwd: command.cwd,
      env: command.env,
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    let output = '';
    let timedOut = false;
    const append = (chunk: Buffer) => {
      if (output.length < MAX_OUTPUT) output += chunk.toString('utf8');
    };
    child.stdout.on('data', append);
    child.stderr.on('data', append);
    const timer = setTimeout(() => {
      timedOut = true;
      // The whole group: a test runner's own children too.
      killGroup(child.pid);
    }, timeoutMs);
    const untrack = trackGroup(child.pid);
    child.on('error', (error) => {
      clearTimeout(timer);
      untrack();
      resolve({ exitCode: null, output: `${output}${error.message}`, count: null, timedOut });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      untrack();
      resolve({ exitCode: code, output, count: countTests(output), timedOut });
    });
  });
}
