// How run_shell_command uses a sandbox: set up once at the first command, every command spawned
// as the sandbox says, never unconfined when the sandbox fails, closed when the session ends.
// The sandboxes here are fakes; test/platform/sandbox/ runs the real ones.
import { access } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { memoryLogger } from '../../src/platform/logger.js';
import type {
  Sandbox,
  SandboxCommand,
  SandboxSession,
  SandboxSessionOptions,
} from '../../src/platform/sandbox/sandbox-types.js';
import { createRunShellCommandTool } from '../../src/tools/run-shell-command.js';
import type { Tool } from '../../src/tools/tool-types.js';
import type { ToolHarness } from './tool-harness.js';
import { makeTempDir, removeTempDirs, toolHarness } from './tool-harness.js';

const BASE_ENV = { PATH: process.env.PATH, HOME: process.env.HOME, LANG: 'C.UTF-8' };

interface FakeSandbox extends Sandbox {
  opened: SandboxSessionOptions[];
  wrapped: SandboxCommand[];
  closed: number;
}

/** A sandbox that runs commands through `env SANDBOXED=1`, so its hand is visible. */
function fakeSandbox(
  behaviour: { open?: () => Promise<void>; wrap?: () => Promise<void> } = {},
): FakeSandbox {
  const sandbox: FakeSandbox = {
    kind: 'namespace',
    describe: 'A fake.',
    gaps: [],
    canIsolateNetwork: true,
    opened: [],
    wrapped: [],
    closed: 0,
    open: async (options) => {
      sandbox.opened.push(options);
      await behaviour.open?.();
      const session: SandboxSession = {
        lendsWorkspace: false,
        wrap: async (command) => {
          sandbox.wrapped.push(command);
          await behaviour.wrap?.();
          return { ...command, argv: ['env', 'SANDBOXED=1', ...command.argv] };
        },
        pidInSandbox: (pid) => Promise.resolve(pid + 100_000),
        close: () => {
          sandbox.closed += 1;
          return Promise.resolve();
        },
      };
      return session;
    },
  };
  return sandbox;
}

let root: string;
let harness: ToolHarness;
let tool: Tool;
const logger = memoryLogger();

async function setUp(sandbox: Sandbox, isolateNetwork = false): Promise<void> {
  harness = await toolHarness(root, {
    tools: (workspace) => {
      tool = createRunShellCommandTool({
        workspace,
        parentEnv: BASE_ENV,
        logger,
        sandbox,
        isolateNetwork,
      });
      return [tool];
    },
  });
}

async function run(command: string): Promise<string> {
  const completed = await harness.call('run_shell_command', { command });
  return completed.result.llmContent as string;
}

beforeEach(async () => {
  root = await makeTempDir('shell-sandbox-');
  logger.lines.length = 0;
});
afterEach(async () => {
  await tool.dispose?.();
  await removeTempDirs();
});

describe('run_shell_command in a sandbox', () => {
  it('sets the sandbox up once, at the first command, and spawns what it says', async () => {
    const sandbox = fakeSandbox();
    await setUp(sandbox, true);
    expect(sandbox.opened).toEqual([]);

    expect(await run('echo "sandboxed=$SANDBOXED"')).toContain('Output: sandboxed=1');
    expect(await run('pwd')).toContain(`Output: ${root}`);
    expect(sandbox.opened).toHaveLength(1);
    expect(sandbox.opened[0]).toMatchObject({ workspaceRoot: root, isolateNetwork: true });
    // Its HOME and TMPDIR are the ones the sandbox must make private.
    expect(sandbox.opened[0]?.commandEnv).toMatchObject({
      PATH: BASE_ENV.PATH,
      HOME: BASE_ENV.HOME,
    });
    expect(sandbox.wrapped).toHaveLength(2);
    expect(sandbox.wrapped[0]?.argv.slice(-1)).toEqual(['echo "sandboxed=$SANDBOXED"']);
    expect(sandbox.wrapped[0]?.cwd).toBe(root);
  });

  it('reports background processes by the PIDs they have in the sandbox', async () => {
    await setUp(fakeSandbox());
    const report = await run('sleep 30 & echo "child $!"');
    const pid = Number(/child (\d+)/.exec(report)?.[1]);
    expect(report).toContain(`Background PIDs: ${pid + 100_000}`);
  });

  it('closes the sandbox when the session ends, and never opens one that was not used', async () => {
    const used = fakeSandbox();
    await setUp(used);
    await run('true');
    await tool.dispose?.();
    expect(used.closed).toBe(1);

    const unused = fakeSandbox();
    await setUp(unused);
    await tool.dispose?.();
    expect(unused.opened).toEqual([]);
    expect(unused.closed).toBe(0);
  });

  it('does not run the command at all when the sandbox cannot be set up', async () => {
    await setUp(
      fakeSandbox({ open: () => Promise.reject(new Error('unshare: permission denied')) }),
    );
    const marker = path.join(root, 'ran');
    const completed = await harness.call('run_shell_command', { command: `touch ${marker}` });
    const message =
      'The sandbox for shell commands could not be set up, so the command did not run: unshare: permission denied';
    expect(completed.result.llmContent).toBe(message);
    expect(completed.result.error?.type).toBe('shell_execute_error');
    expect(logger.lines).toContainEqual({ level: 'warning', message });
    await expect(access(marker)).rejects.toThrow();
    // Every later command fails the same way: the sandbox is not retried without a word.
    expect(await run(`touch ${marker}`)).toBe(message);
  });

  it('reports a sandbox that no longer takes commands as an error of the call', async () => {
    await setUp(fakeSandbox({ wrap: () => Promise.reject(new Error('The sandbox ended.')) }));
    const marker = path.join(root, 'ran');
    const report = await run(`touch ${marker}`);
    expect(report).toContain('Error: The sandbox ended.');
    expect(report).toContain('Process Group PGID: (none)');
    await expect(access(marker)).rejects.toThrow();
  });

  it('tells the model about the sandbox only when there is one', async () => {
    await setUp(fakeSandbox());
    expect(tool.description).toContain('Commands run in a sandbox');
    await setUp({ ...fakeSandbox(), kind: 'none' });
    expect(tool.description).not.toContain('Commands run in a sandbox');
  });
});
