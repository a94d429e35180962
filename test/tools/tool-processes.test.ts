import { mkdir, mkdtemp, realpath, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PendingSandbox } from '../../src/platform/sandbox/pending-sandbox.js';
import type { Sandbox, SandboxCommand } from '../../src/platform/sandbox/sandbox-types.js';
import { ToolProcesses, toolSandboxSession } from '../../src/tools/tool-processes.js';

/** A sandbox that marks the commands it wraps, so a test can tell they went through it. */
function markingSandbox(): Sandbox {
  return {
    kind: 'namespace',
    describe: 'A test sandbox.',
    gaps: [],
    canIsolateNetwork: true,
    open: () =>
      Promise.resolve({
        lendsWorkspace: false,
        wrap: (command: SandboxCommand) =>
          Promise.resolve({ ...command, argv: ['sandboxed', ...command.argv] }),
        pidInSandbox: (pid: number) => Promise.resolve(pid),
        close: () => Promise.resolve(),
      }),
  };
}

const command: SandboxCommand = { argv: ['echo', 'hi'], env: {}, cwd: '/tmp' };

describe('ToolProcesses with a sandbox still to be found', () => {
  it('starts the probe with the first process and holds it until the probe has decided', async () => {
    let settle: (sandbox: Sandbox) => void = () => undefined;
    let probes = 0;
    const pending = new PendingSandbox(() => {
      probes += 1;
      return new Promise<Sandbox>((resolve) => {
        settle = resolve;
      });
    });
    const processes = new ToolProcesses({
      workspaceRoot: '/tmp',
      parentEnv: {},
      sandbox: pending,
    });
    expect(processes.confined).toBeUndefined();
    expect(pending.isStarted).toBe(false);

    let prepared: SandboxCommand | undefined;
    const preparing = processes.prepare(command).then((result) => {
      prepared = result;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pending.isStarted).toBe(true);
    expect(prepared).toBeUndefined();

    settle(markingSandbox());
    expect((await preparing).argv).toEqual(['sandboxed', 'echo', 'hi']);
    expect((await processes.prepare(command)).argv).toEqual(['sandboxed', 'echo', 'hi']);
    expect(probes).toBe(1);
    await processes.close();
  });

  it('starts nothing when the probe fails', async () => {
    const pending = new PendingSandbox(() => Promise.reject(new Error('the probe broke')));
    const processes = new ToolProcesses({ workspaceRoot: '/tmp', parentEnv: {}, sandbox: pending });
    await expect(processes.prepare(command)).rejects.toThrow('the probe broke');
    await processes.close();
  });

  it('closes without starting a probe no process asked for', async () => {
    let probes = 0;
    const pending = new PendingSandbox(() => {
      probes += 1;
      return Promise.resolve(markingSandbox());
    });
    const processes = new ToolProcesses({ workspaceRoot: '/tmp', parentEnv: {}, sandbox: pending });
    await processes.close();
    expect(probes).toBe(0);
    expect(pending.isStarted).toBe(false);
  });

  it('gives back the session a started probe set up when no process came to use it', async () => {
    let released = 0;
    const pending = new PendingSandbox(() =>
      Promise.resolve({
        ...markingSandbox(),
        release: () => {
          released += 1;
          return Promise.resolve();
        },
      }),
    );
    await pending.find();
    const processes = new ToolProcesses({ workspaceRoot: '/tmp', parentEnv: {}, sandbox: pending });
    await processes.close();
    expect(released).toBe(1);
  });
});

describe('ToolProcesses for the processes the configuration starts', () => {
  it('keeps them out of the workspace, by any spelling, when it may hold code the configuration did not come from', async () => {
    const root = await realpath(await mkdtemp(path.join(tmpdir(), 'tool-processes-')));
    try {
      const workspace = path.join(root, 'ws');
      await mkdir(path.join(workspace, 'tools'), { recursive: true });
      await symlink(path.join(workspace, 'tools'), path.join(root, 'link'));
      const plain = new ToolProcesses({
        workspaceRoot: workspace,
        parentEnv: { PATH: '/usr/bin' },
      });
      const guarded = new ToolProcesses({
        workspaceRoot: workspace,
        parentEnv: { PATH: `${workspace}/bin:/usr/bin` },
        configuredLaunch: { directory: '/private' },
        readablePaths: ['/private'],
      });

      expect(plain.configuredProcess({ cwd: 'tools' }).cwd).toBe(path.join(workspace, 'tools'));
      expect(plain.launchesOutsideWorkspace).toBe(false);
      for (const cwd of [undefined, 'tools', workspace, path.join(root, 'link')]) {
        expect(guarded.configuredProcess(cwd === undefined ? {} : { cwd })).toEqual({
          cwd: '/private',
          env: expect.objectContaining({ PATH: '/usr/bin' }) as unknown,
        });
      }
      expect(guarded.configuredProcess({ cwd: '/opt' }).cwd).toBe('/opt');
      expect(guarded.launchesOutsideWorkspace).toBe(true);
      expect(
        toolSandboxSession({ workspaceRoot: workspace, parentEnv: {}, readablePaths: ['/private'] })
          .readablePaths,
      ).toEqual(['/private']);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});
