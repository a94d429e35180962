// The user sandbox, for machines without namespaces where the Action runs as root (container
// jobs): another uid keeps the Action's process out of reach, and the workspace is lent to that
// user for the session and given back before anything is published.
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { memoryLogger } from '../../../src/platform/logger.js';
import { resolveSandbox } from '../../../src/platform/sandbox/resolve-sandbox.js';
import type { Sandbox } from '../../../src/platform/sandbox/sandbox-types.js';
import { describeSandboxed, sandboxWay } from '../../support/sandbox-suites.js';
import { makeTempDir, removeTempDirs } from '../../tools/tool-harness.js';
import type { SandboxedShell, StandIn } from './support.js';
import {
  git,
  outputOf,
  processesWith,
  sandboxedShell,
  startStandIn,
  uniqueCanary,
  uniqueSleep,
} from './support.js';

/** The user sandbox, set where the suite runs. */
let sandbox: Sandbox;

const canary = uniqueCanary('user-sandbox');
let standIn: StandIn;
const shells: SandboxedShell[] = [];

beforeAll(async () => {
  standIn = await startStandIn(canary);
});
afterAll(() => {
  standIn.stop();
});
afterEach(async () => {
  for (const shell of shells.splice(0)) await shell.tool.dispose?.();
  await removeTempDirs();
});

async function shellIn(root: string): Promise<SandboxedShell> {
  const shell = await sandboxedShell(root, sandbox);
  shells.push(shell);
  return shell;
}

describeSandboxed(sandboxWay('user'), 'the user sandbox', () => {
  beforeAll(async () => {
    sandbox = await resolveSandbox('user', { env: process.env, logger: memoryLogger() });
  });

  it("cannot read the Action's environment or memory, and cannot raise privileges", async () => {
    const shell = await shellIn(await makeTempDir('user-sandbox-'));
    const output = outputOf(
      await shell.run(
        `cat /proc/${standIn.pid}/environ; head -c 4 /proc/${standIn.pid}/mem; ps axe -o args | grep -F -- "${standIn.marker}"; id -u; grep -E "^(NoNewPrivs|CapEff):" /proc/self/status`,
      ),
    );
    expect(output).not.toContain(canary);
    expect(output).toContain(`/proc/${standIn.pid}/environ: Permission denied`);
    expect(output).toContain(`'/proc/${standIn.pid}/mem' for reading: Permission denied`);
    // Other processes are listed (a gap of this sandbox), without their environment.
    expect(output).toContain(standIn.marker);
    expect(output).not.toMatch(/^0$/m);
    expect(output).toMatch(/^NoNewPrivs:\s+1$/m);
    expect(output).toMatch(/^CapEff:\s+0+$/m);
  });

  it('lends the workspace for the session and gives it back, so the Action can commit', async () => {
    const root = await makeTempDir('user-sandbox-ws-');
    await writeFile(path.join(root, 'README.md'), '# demo\n');
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'init');
    const shell = await shellIn(root);
    expect(
      outputOf(
        await shell.run(
          'echo hi > new.txt && echo more >> README.md && touch .git/planted; git status --short; touch ~/cache && echo "home ok"',
        ),
      ),
    ).toMatch(/Permission denied[\s\S]* M README.md\n\?\? new.txt\nhome ok/);
    // A file write_file writes meanwhile can be changed by the next command.
    await shell.write('edited.txt', 'one\n');
    expect(await shell.run('echo two >> edited.txt && cat edited.txt')).toContain('one\ntwo');

    await shell.tool.dispose?.();
    const uid = process.getuid?.() ?? 0;
    for (const file of ['.', 'README.md', 'new.txt', 'edited.txt']) {
      expect((await stat(path.join(root, file))).uid, file).toBe(uid);
    }
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'agent changes');
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual([
      'README.md',
      'edited.txt',
      'new.txt',
    ]);
  });

  it('ends every process of the sandbox user when the session ends, even one that left its group', async () => {
    const sleep = uniqueSleep();
    const shell = await shellIn(await makeTempDir('user-sandbox-daemon-'));
    await shell.run(`setsid sleep ${sleep} >/dev/null 2>&1 < /dev/null & echo started`);
    expect(await processesWith(sleep)).toHaveLength(1);
    await shell.tool.dispose?.();
    expect(await processesWith(sleep)).toEqual([]);
  });
});
