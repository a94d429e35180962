/**
 * A fix case's test command, run as the case says (`/bin/sh -c` in the repository root) with a
 * plain environment, and the number of tests its output reports: `node --test` prints
 * `# tests N` (TAP) or `ℹ tests N` (its spec reporter), `python3 -m unittest` prints
 * `Ran N tests`.
 */
import type { Sandbox, SandboxCommand } from '../../src/platform/sandbox/sandbox-types.js';
import { runInGroup } from './process-groups.js';

export interface TestRun {
  exitCode: number | null;
  /** Standard output and error, interleaved as they came (capped). */
  output: string;
  /** Tests the output reports; null when it reports none the harness can read. */
  count: number | null;
  timedOut: boolean;
}

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

async function spawnTests(command: SandboxCommand, timeoutMs = 120_000): Promise<TestRun> {
  const run = await runInGroup(command.argv, { cwd: command.cwd, env: command.env, timeoutMs });
  const { exitCode, output, timedOut } = run;
  return { exitCode, output, count: countTests(output), timedOut };
}
