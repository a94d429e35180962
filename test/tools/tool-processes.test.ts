import { describe, expect, it } from 'vitest';
import type { Sandbox, SandboxCommand } from '../../src/platform/sandbox/sandbox-types.js';
import { ToolProcesses } from '../../src/tools/tool-processes.js';

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

describe('ToolProcesses with a sandbox still being found', () => {
  it('holds every process until the probe has decided, then wraps it', async () => {
    let settle: (sandbox: Sandbox) => void = () => undefined;
    const found = new Promise<Sandbox>((resolve) => {
      settle = resolve;
    });
    const processes = new ToolProcesses({ workspaceRoot: '/tmp', parentEnv: {}, sandbox: found });
    expect(processes.confined).toBeUndefined();

    let prepared: SandboxCommand | undefined;
    const preparing = processes.prepare(command).then((result) => {
      prepared = result;
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(prepared).toBeUndefined();

    settle(markingSandbox());
    expect((await preparing).argv).toEqual(['sandboxed', 'echo', 'hi']);
    await processes.close();
  });

  it('starts nothing when the probe fails', async () => {
    const found = Promise.reject(new Error('the probe broke'));
    found.catch(() => undefined);
    const processes = new ToolProcesses({ workspaceRoot: '/tmp', parentEnv: {}, sandbox: found });
    await expect(processes.prepare(command)).rejects.toThrow('the probe broke');
    await processes.close();
  });
});
