// Vitest globalSetup of the projects that hold sandbox suites: finds out once per test run which
// sandboxes work on this machine, instead of once in every test file, and hands the findings to
// the test files through `provide` (read back with `sandboxWay` in sandbox-suites.ts).
import type { TestProject } from 'vitest/node';
import { silentLogger } from '../../src/platform/logger.js';
import { resolveSandbox } from '../../src/platform/sandbox/resolve-sandbox.js';
import { runProgram } from '../../src/platform/sandbox/run-program.js';
import type { SandboxMode } from '../../src/platform/sandbox/sandbox-types.js';
import { ensureSandboxUser } from '../../src/platform/sandbox/sandbox-user.js';
import type { SandboxFacts, SandboxWay } from './sandbox-suites.js';

/**
 * Each project that lists this file runs it, each through its own module loader; the facts are
 * kept on the main process's global object, so the machine is still probed once per test run.
 */
const FACTS = Symbol.for('gemini-agent.test.sandboxFacts');
const memo = globalThis as { [FACTS]?: Promise<SandboxFacts> };

export default async function probeSandboxes({ provide }: TestProject): Promise<void> {
  memo[FACTS] ??= sandboxFacts();
  provide('sandboxFacts', await memo[FACTS]);
}

async function sandboxFacts(): Promise<SandboxFacts> {
  const isRoot = process.getuid?.() === 0;
  const notRoot = 'needs the tests to run as root';
  const auto = await resolveSandbox('auto', { env: process.env, logger: silentLogger });
  const none = `sandbox: auto finds none on this machine (${auto.describe})`;
  const ways: Record<SandboxWay, string | undefined> = {
    any: auto.kind === 'none' ? none : undefined,
    namespace:
      auto.kind === 'namespace' || auto.kind === 'namespace+user'
        ? undefined
        : `no namespace sandbox on this machine (${auto.describe})`,
    user: await problemOf('user'),
    unshare: isRoot ? await unshareProblem() : notRoot,
    'sandbox-user': isRoot ? await sandboxUserProblem() : notRoot,
  };
  return {
    auto: { kind: auto.kind, describe: auto.describe },
    isRoot,
    problems: Object.fromEntries(
      Object.entries(ways).filter((entry): entry is [SandboxWay, string] => entry[1] !== undefined),
    ),
  };
}

/** Why the sandbox of `mode` cannot be set up here; undefined when it can. */
async function problemOf(mode: SandboxMode): Promise<string | undefined> {
  try {
    await resolveSandbox(mode, { env: process.env, logger: silentLogger });
    return undefined;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

async function unshareProblem(): Promise<string | undefined> {
  const result = await runProgram([
    'unshare',
    '--pid',
    '--fork',
    '--mount',
    '--mount-proc',
    'true',
  ]);
  return result.exitCode === 0 ? undefined : `unshare fails here: ${result.stderr.trim()}`;
}

async function sandboxUserProblem(): Promise<string | undefined> {
  const user = await ensureSandboxUser(runProgram);
  return 'problem' in user ? user.problem : undefined;
}
