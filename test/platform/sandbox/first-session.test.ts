// A caller that names the session it opens first (the CLI: its one workspace) has the probe be
// that session: the sandbox is set up once, the first open() gets that very namespace, and a
// session nobody took over is ended by release() or by the tool processes closing. Where that
// session cannot be set up, the choice is the one made without it.
import { chmod, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { memoryLogger } from '../../../src/platform/logger.js';
import { isProcessRunning } from '../../../src/platform/process-group.js';
import type { ResolveSandboxOptions } from '../../../src/platform/sandbox/resolve-sandbox.js';
import { PendingSandbox } from '../../../src/platform/sandbox/pending-sandbox.js';
import { resolveSandbox } from '../../../src/platform/sandbox/resolve-sandbox.js';
import type { RunProgram } from '../../../src/platform/sandbox/run-program.js';
import { runProgram } from '../../../src/platform/sandbox/run-program.js';
import type { SandboxSession } from '../../../src/platform/sandbox/sandbox-types.js';
import { ToolProcesses, toolSandboxSession } from '../../../src/tools/tool-processes.js';
import { describeSandboxed, sandboxWay } from '../../support/sandbox-suites.js';

const dirs: string[] = [];
async function workspace(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'first-session-'));
  dirs.push(dir);
  // As a checkout is: others may enter it (mkdtemp's 0700 keeps a sandbox user out until the
  // workspace is lent, and then the probe is made on an empty folder instead).
  await chmod(dir, 0o755);
  return dir;
}
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** The real machine, remembering the namespace each sandboxed command entered. */
function recordingMachine(): { run: RunProgram; targets: string[] } {
  const targets: string[] = [];
  const run: RunProgram = (argv, options) => {
    const target = argv.find((arg) => arg.startsWith('--target='));
    if (target !== undefined) targets.push(target);
    return runProgram(argv, options);
  };
  return { run, targets };
}

/** The init PID of the namespace a wrapped command enters. */
async function namespaceOf(session: SandboxSession, cwd: string): Promise<number> {
  const wrapped = await session.wrap({ argv: ['true'], env: { PATH: '/usr/bin:/bin' }, cwd });
  const target = wrapped.argv.find((arg) => arg.startsWith('--target='));
  return Number(target?.slice('--target='.length));
}

function options(
  run: RunProgram,
  root: string,
  overrides: Partial<ResolveSandboxOptions> = {},
): ResolveSandboxOptions {
  return {
    env: process.env,
    logger: memoryLogger(),
    // Given explicitly, so the probe is not the one another test in this process remembered.
    run,
    firstSession: toolSandboxSession({ workspaceRoot: root, parentEnv: process.env }),
    ...overrides,
  };
}

describeSandboxed(sandboxWay('namespace'), 'the first session as the probe', () => {
  it('sets the sandbox up once: the first open() gets the namespace the probe ran in', async () => {
    const root = await workspace();
    const machine = recordingMachine();
    const sandbox = await resolveSandbox('auto', options(machine.run, root));
    expect(sandbox.kind).toMatch(/^namespace/);
    // The probe's one command ran in the namespace set up for the workspace.
    expect(machine.targets).toHaveLength(1);
    const processes = new ToolProcesses({ workspaceRoot: root, parentEnv: process.env, sandbox });
    const session = await processes.session();
    if (session === undefined) throw new Error('expected a sandbox session');
    const init = await namespaceOf(session, root);
    expect(machine.targets).toEqual([`--target=${init}`]);
    // It is a working session: a command writes to the workspace.
    const wrapped = await session.wrap({
      argv: ['sh', '-c', 'echo hi > made-inside'],
      env: { PATH: '/usr/bin:/bin' },
      cwd: root,
    });
    expect((await runProgram(wrapped.argv, wrapped)).exitCode).toBe(0);
    await processes.close();
    expect(await isProcessRunning(init)).toBe(false);
    // The workspace is the Action's again after the session, as without the head start.
    expect((await stat(path.join(root, 'made-inside'))).uid).toBe(process.getuid?.());
  });

  it('changes the owner of no file before the first command, where the workspace is lent', async () => {
    const root = await workspace();
    await writeFile(path.join(root, 'kept.txt'), 'x\n');
    const programs: string[] = [];
    const run: RunProgram = (argv, runOptions) => {
      programs.push(argv.join(' '));
      return runProgram(argv, runOptions);
    };
    const sandbox = await resolveSandbox('auto', options(run, root));
    const processes = new ToolProcesses({ workspaceRoot: root, parentEnv: process.env, sandbox });
    const session = await processes.session();
    if (session === undefined) throw new Error('expected a sandbox session');
    // The probe ran in the workspace's session, and changed nobody's files.
    expect(programs.filter((line) => line.includes('chown'))).toEqual([]);
    expect((await stat(path.join(root, 'kept.txt'))).uid).toBe(process.getuid?.());
    const wrapped = await session.wrap({
      argv: ['sh', '-c', 'echo more >> kept.txt'],
      env: { PATH: '/usr/bin:/bin' },
      cwd: root,
    });
    // A command that writes works: the first command is where the workspace is lent.
    expect((await runProgram(wrapped.argv, wrapped)).exitCode).toBe(0);
    expect(programs.some((line) => line.includes('chown'))).toBe(session.lendsWorkspace);
    await processes.close();
    expect((await stat(path.join(root, 'kept.txt'))).uid).toBe(process.getuid?.());
  });

  it('opens anew for other options, ending the session set up in advance', async () => {
    const root = await workspace();
    const machine = recordingMachine();
    const sandbox = await resolveSandbox('auto', options(machine.run, root));
    const probed = Number(machine.targets[0]?.slice('--target='.length));
    expect(await isProcessRunning(probed)).toBe(true);
    const session = await sandbox.open({ workspaceRoot: root, isolateNetwork: true });
    const init = await namespaceOf(session, root);
    expect(init).not.toBe(probed);
    expect(await isProcessRunning(probed)).toBe(false);
    await session.close();
  });

  it('ends the session nobody took over when the tool processes close, and on release()', async () => {
    const machine = recordingMachine();
    const probed = options(machine.run, await workspace());
    const unused = new PendingSandbox(() => resolveSandbox('auto', probed));
    await unused.find();
    const processes = new ToolProcesses({
      workspaceRoot: await workspace(),
      parentEnv: process.env,
      sandbox: unused,
    });
    await processes.close();
    const released = await resolveSandbox('auto', options(machine.run, await workspace()));
    await released.release?.();
    await released.release?.();
    const [first, second] = machine.targets.map((target) => Number(target.slice(9)));
    expect(first).toBeGreaterThan(0);
    expect(second).toBeGreaterThan(0);
    expect(await isProcessRunning(first ?? 0)).toBe(false);
    expect(await isProcessRunning(second ?? 0)).toBe(false);
  });

  it('chooses as without it when the workspace cannot be set up', async () => {
    const missing = path.join(await workspace(), 'gone');
    const machine = recordingMachine();
    const logger = memoryLogger();
    const sandbox = await resolveSandbox('auto', options(machine.run, missing, { logger }));
    const without = await resolveSandbox('auto', {
      env: process.env,
      logger: memoryLogger(),
      run: runProgram,
    });
    expect(sandbox.kind).toBe(without.kind);
    expect(logger.lines.map((line) => line.message).join('\n')).toContain(
      "the workspace's sandbox could not be set up",
    );
    await expect(sandbox.open({ workspaceRoot: missing, isolateNetwork: false })).rejects.toThrow();
  });
});
