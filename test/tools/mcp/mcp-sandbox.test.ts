// Stdio MCP servers start through the run's ToolProcesses: wrapped by its sandbox, in the
// workspace (or the configured cwd), and never unconfined when the sandbox cannot take them.
// The sandbox here is a fake that runs commands through `env SANDBOXED=1`; test/platform/sandbox/
// runs the real ones.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Sandbox, SandboxCommand } from '../../../src/platform/sandbox/sandbox-types.js';
import { ToolProcesses } from '../../../src/tools/tool-processes.js';
import { callsReply, textReply } from '../../support/fake-gemini.js';
import {
  connectForTest,
  lastParts,
  runMcpSession,
  tempWorkspace,
  testServer,
} from '../../support/mcp-session.js';

function fakeSandbox(
  options: { failWrap?: boolean } = {},
): Sandbox & { wrapped: SandboxCommand[] } {
  const wrapped: SandboxCommand[] = [];
  return {
    kind: 'namespace',
    describe: 'A fake.',
    gaps: [],
    canIsolateNetwork: false,
    wrapped,
    open: () =>
      Promise.resolve({
        lendsWorkspace: false,
        wrap: (command) => {
          wrapped.push(command);
          if (options.failWrap) return Promise.reject(new Error('no user namespaces here'));
          return Promise.resolve({ ...command, argv: ['env', 'SANDBOXED=1', ...command.argv] });
        },
        pidInSandbox: (pid) => Promise.resolve(pid),
        close: () => Promise.resolve(),
      }),
  };
}

async function sandboxedProcesses(sandbox: Sandbox): Promise<ToolProcesses> {
  const processes = new ToolProcesses({
    workspaceRoot: await tempWorkspace(),
    parentEnv: { PATH: process.env['PATH'], GITHUB_TOKEN: 'ghs_secret0123456789' },
    sandbox,
  });
  onTestFinished(() => processes.close());
  return processes;
}

describe('stdio MCP servers and the sandbox', () => {
  it('starts the server as the sandbox wraps it, in the configured directory', async () => {
    const sandbox = fakeSandbox();
    const processes = await sandboxedProcesses(sandbox);
    await mkdir(path.join(processes.workspaceRoot, 'tools'));
    const mcp = await connectForTest(
      { srv: testServer(undefined, { cwd: 'tools', env: { MODE: 'ci' } }) },
      { processes },
    );
    const run = await runMcpSession(mcp.tools, [
      callsReply([{ id: 'e', name: 'env', args: {} }]),
      textReply('Done.'),
    ]);

    expect(sandbox.wrapped).toEqual([
      {
        argv: [process.execPath, expect.stringMatching(/mcp-test-server\.mjs$/) as unknown],
        env: processes.environment({ MODE: 'ci' }),
        cwd: path.join(processes.workspaceRoot, 'tools'),
      },
    ]);
    const env = JSON.parse(
      String(lastParts(run.bodies[1])[0]?.functionResponse?.response?.['output']),
    ) as Record<string, string>;
    expect(env['SANDBOXED']).toBe('1');
    expect(env['MODE']).toBe('ci');
    expect(env).not.toHaveProperty('GITHUB_TOKEN');
  });

  it('leaves the server out, never unconfined, when the sandbox cannot take it', async () => {
    const processes = await sandboxedProcesses(fakeSandbox({ failWrap: true }));
    const mcp = await connectForTest({ srv: testServer() }, { processes });

    expect(mcp.tools).toEqual([]);
    expect(mcp.servers[0]).toMatchObject({
      state: 'failed',
      reason: 'the sandbox could not start it: no user namespaces here',
    });
  });

  it('starts a server outside the workspace when the workspace holds code its configuration did not come from', async () => {
    const sandbox = fakeSandbox();
    const workspace = await tempWorkspace();
    const directory = await tempWorkspace();
    const processes = new ToolProcesses({
      workspaceRoot: workspace,
      parentEnv: { PATH: `${workspace}/bin:.:/usr/bin:/bin` },
      sandbox,
      configuredLaunch: { directory },
    });
    onTestFinished(() => processes.close());
    await mkdir(path.join(workspace, 'tools'));
    await connectForTest(
      {
        inside: testServer(undefined, { cwd: 'tools' }),
        plain: testServer(),
        outside: testServer(undefined, { cwd: '/' }),
      },
      { processes },
    );

    expect(sandbox.wrapped.map((command) => [command.cwd, command.env['PATH']])).toEqual([
      [directory, '/usr/bin:/bin'],
      [directory, '/usr/bin:/bin'],
      ['/', '/usr/bin:/bin'],
    ]);
  });
});
