// The other ways a namespace sandbox is set up, run for real where this machine allows:
// an unprivileged user namespace (a local machine, older runners), and sudo (GitHub-hosted
// runners), here through a stand-in for sudo that resets the environment as sudo does.
import { chmod, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { memoryLogger } from '../../../src/platform/logger.js';
import type { ResolveSandboxOptions } from '../../../src/platform/sandbox/resolve-sandbox.js';
import { resolveSandbox } from '../../../src/platform/sandbox/resolve-sandbox.js';
import type { Sandbox } from '../../../src/platform/sandbox/sandbox-types.js';
import type { Availability } from '../../support/sandbox-suites.js';
import { describeSandboxed } from '../../support/sandbox-suites.js';
import { makeTempDir, removeTempDirs } from '../../tools/tool-harness.js';
import type { SandboxedShell, StandIn } from './support.js';
import {
  outputOf,
  processesWith,
  sandboxedShell,
  startStandIn,
  uniqueCanary,
  uniqueSleep,
} from './support.js';

async function tryResolve(options: Partial<ResolveSandboxOptions>): Promise<Sandbox | string> {
  try {
    return await resolveSandbox('namespace', {
      env: process.env,
      logger: memoryLogger(),
      ...options,
    });
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  }
}

const isRoot = process.getuid?.() === 0;
const userns = await tryResolve({ elevations: ['userns'] });

/** Runs its arguments as root with an environment reset to PATH alone, as sudo's env_reset does. */
const FAKE_SUDO = `#!/bin/sh
[ "$1" = -n ] && shift
[ "$1" = -- ] && shift
exec env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin "$@"
`;
const sudoDir = await makeTempDir('fake-sudo-');
const fakeSudo = path.join(sudoDir, 'sudo');
await writeFile(fakeSudo, FAKE_SUDO);
await chmod(fakeSudo, 0o755);
const viaSudo = isRoot
  ? await tryResolve({ elevations: ['sudo'], sudo: [fakeSudo, '-n', '--'] })
  : 'sudo is only simulated when the tests run as root';

const canary = uniqueCanary('elevations');
let standIn: StandIn;
const shells: SandboxedShell[] = [];

beforeAll(async () => {
  standIn = await startStandIn(canary);
});
afterAll(async () => {
  standIn.stop();
  await removeTempDirs();
});
afterEach(async () => {
  for (const shell of shells.splice(0)) await shell.tool.dispose?.();
});

async function shellIn(sandbox: Sandbox, prefix: string): Promise<SandboxedShell> {
  const root = await makeTempDir(prefix);
  const shell = await sandboxedShell(root, sandbox);
  shells.push(shell);
  return shell;
}

/**
 * Whether a suite of this file can run: the elevation is its subject, so it is resolved here
 * rather than by the test run's probe.
 */
function availability(sandbox: Sandbox | string, required: boolean): Availability {
  return { problem: typeof sandbox === 'string' ? sandbox : undefined, required };
}

// A machine may forbid unprivileged user namespaces (Ubuntu's AppArmor does): not required.
describeSandboxed(availability(userns, false), 'through an unprivileged user namespace', () => {
  it('runs as uid 0 of the namespace without any capability, and cannot see the Action', async () => {
    const sandbox = userns as Sandbox;
    expect(sandbox.kind).toBe('namespace');
    expect(sandbox.describe).toContain('uid 0 inside a user namespace');
    const shell = await shellIn(sandbox, 'userns-');
    const output = outputOf(
      await shell.run(
        `id -u; grep -E "^(NoNewPrivs|CapEff):" /proc/self/status; cat /proc/${standIn.pid}/environ`,
      ),
    );
    expect(output).toMatch(/^0\n/);
    expect(output).toMatch(/^NoNewPrivs:\s+1$/m);
    expect(output).toMatch(/^CapEff:\s+0+$/m);
    expect(output).toContain('No such file or directory');
    expect(output).not.toContain(canary);
  });

  it('leaves the files it creates owned by the Action’s user', async () => {
    const root = await makeTempDir('userns-owner-');
    const shell = await sandboxedShell(root, userns as Sandbox);
    shells.push(shell);
    await shell.run('echo made > made.txt');
    expect((await stat(path.join(root, 'made.txt'))).uid).toBe(process.getuid?.());
  });
});

// sudo is simulated, which works wherever the tests run as root.
describeSandboxed(availability(viaSudo, isRoot), 'through sudo', () => {
  it('gives the command its own environment back after sudo reset it', async () => {
    const shell = await shellIn(viaSudo as Sandbox, 'sudo-');
    const output = outputOf(
      await shell.run(
        `echo "lang=$LANG"; grep -E "^NoNewPrivs:" /proc/self/status; cat /proc/${standIn.pid}/environ`,
      ),
    );
    expect(output).toContain('lang=C.UTF-8');
    expect(output).toMatch(/^NoNewPrivs:\s+1$/m);
    expect(output).not.toContain(canary);
  });

  it('ends everything in the sandbox through sudo when the session ends', async () => {
    const sleep = uniqueSleep();
    const shell = await shellIn(viaSudo as Sandbox, 'sudo-end-');
    await shell.run(`setsid sleep ${sleep} >/dev/null 2>&1 < /dev/null & echo started`);
    expect(await processesWith(sleep)).toHaveLength(1);
    await shell.tool.dispose?.();
    expect(await processesWith(sleep)).toEqual([]);
  });
});
