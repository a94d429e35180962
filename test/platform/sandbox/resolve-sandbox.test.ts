// Choosing the sandbox: `auto` falls back to the strongest that works and says why; an explicit
// mode that cannot work is a configuration error naming the setting; macOS and Windows runners
// get a plain statement that nothing is sandboxed.
import { describe, expect, it } from 'vitest';
import { ConfigurationError } from '../../../src/platform/errors.js';
import { memoryLogger } from '../../../src/platform/logger.js';
import type { ResolveSandboxOptions } from '../../../src/platform/sandbox/resolve-sandbox.js';
import { reportSandbox, resolveSandbox } from '../../../src/platform/sandbox/resolve-sandbox.js';
import type { RunProgram } from '../../../src/platform/sandbox/run-program.js';
import { sandboxSummaryLine } from '../../../src/platform/sandbox/sandbox-types.js';

/** A machine where every helper program fails, remembering what was run. */
function failingMachine(options: { sudo?: boolean } = {}): { run: RunProgram; calls: string[] } {
  const calls: string[] = [];
  const run: RunProgram = (argv) => {
    const line = argv.join(' ');
    calls.push(line);
    if (options.sudo && line === 'sudo -n -- true') {
      return Promise.resolve({ exitCode: 0, stdout: '', stderr: '' });
    }
    return Promise.resolve({ exitCode: 1, stdout: '', stderr: `${argv[0] ?? ''}: not allowed` });
  };
  return { run, calls };
}

function options(overrides: Partial<ResolveSandboxOptions> = {}): ResolveSandboxOptions {
  return {
    env: { PATH: process.env.PATH },
    logger: memoryLogger(),
    action: { uid: 1001, gid: 118, name: 'runner' },
    ...overrides,
  };
}

async function configurationError(promise: Promise<unknown>): Promise<ConfigurationError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigurationError);
    return error as ConfigurationError;
  }
  throw new Error('expected a configuration error');
}

describe('resolveSandbox', () => {
  it('runs commands unconfined when asked for none, and says what that leaves open', async () => {
    const sandbox = await resolveSandbox('none', options());
    expect(sandbox.kind).toBe('none');
    expect(sandbox.canIsolateNetwork).toBe(false);
    expect(sandbox.gaps.join(' ')).toContain('environment and memory');
    const session = await sandbox.open({ workspaceRoot: '/w', isolateNetwork: true });
    const command = { argv: ['bash', '-c', 'true'], env: { PATH: '/bin' }, cwd: '/w' };
    expect(await session.wrap(command)).toBe(command);
    expect(await session.pidInSandbox(42)).toBe(42);
    await session.close();
  });

  it.each([
    ['darwin', 'macOS'],
    ['win32', 'Windows'],
  ] as const)('on %s, auto means no sandbox, said plainly', async (platform, name) => {
    const sandbox = await resolveSandbox('auto', options({ platform }));
    expect(sandbox.kind).toBe('none');
    expect(sandbox.describe).toContain(`No sandbox exists on ${name} runners`);
    expect(sandbox.describe).toContain('use a Linux runner');
    const logger = memoryLogger();
    const line = reportSandbox(sandbox, { mode: 'auto', isolateNetwork: false, logger });
    expect(line).toMatch(/^Sandbox: none\. No sandbox exists on/);
    // Once, plainly: what it means and how to silence it; the full line for the debug log.
    expect(logger.lines).toEqual([
      {
        level: 'warning',
        message:
          `No sandbox: no sandbox exists on ${name}, so shell commands run unsandboxed, as this process's user. ` +
          'The policy still decides which commands run, and commands that read files (cat, grep, ls and the like) may only name files inside the workspace; ' +
          'but a command the policy allows that runs code (a test script, say) can read and change whatever this user can, and reach the network. ' +
          'Set the input sandbox: none to run without one on purpose and silence this warning.',
      },
      { level: 'debug', message: line },
    ]);
  });

  it.each(['namespace', 'user'] as const)(
    'refuses %s on macOS, naming the input or the flag',
    async (mode) => {
      const error = await configurationError(resolveSandbox(mode, options({ platform: 'darwin' })));
      expect(error.location?.input).toBe('sandbox');
      expect(error.message).toBe(
        `sandbox: expected a sandbox this runner supports: ${mode} needs Linux, and this is macOS. Use auto (no sandbox there) or none.`,
      );
      const flag = await configurationError(
        resolveSandbox(mode, options({ platform: 'darwin', setting: '--sandbox' })),
      );
      expect(flag.message).toMatch(/^--sandbox: expected a sandbox this runner supports/);
    },
  );

  it('falls back to none under auto when nothing works here, saying why', async () => {
    const machine = failingMachine();
    const sandbox = await resolveSandbox('auto', options({ run: machine.run }));
    expect(sandbox.kind).toBe('none');
    expect(sandbox.describe).toMatch(
      /^No sandbox could be set up on this machine \(namespace via userns: .+; user: a separate user needs the Action to run as root/,
    );
  });

  it('refuses an explicit namespace that does not work here, naming the input', async () => {
    const machine = failingMachine();
    const error = await configurationError(
      resolveSandbox('namespace', options({ run: machine.run })),
    );
    expect(error.location?.input).toBe('sandbox');
    expect(error.message).toMatch(
      /^sandbox: expected a sandbox that works on this machine, but namespace does not \(namespace via userns: .+\)\. Use auto to take the strongest one that works, or none\.$/,
    );
  });

  it('refuses an explicit user sandbox when the Action is not root', async () => {
    const error = await configurationError(
      resolveSandbox('user', options({ run: failingMachine().run })),
    );
    expect(error.message).toContain('a separate user needs the Action to run as root');
  });

  it('tries sudo before an unprivileged user namespace when sudo works without a password', async () => {
    const machine = failingMachine({ sudo: true });
    const error = await configurationError(
      resolveSandbox('namespace', options({ run: machine.run })),
    );
    expect(machine.calls[0]).toBe('sudo -n -- true');
    expect(error.message.indexOf('namespace via sudo')).toBeLessThan(
      error.message.indexOf('namespace via userns'),
    );
  });

  it('sets up from root, without sudo or a user namespace, when the Action is root', async () => {
    const machine = failingMachine();
    const error = await configurationError(
      resolveSandbox(
        'namespace',
        options({ run: machine.run, action: { uid: 0, gid: 0, name: 'root' } }),
      ),
    );
    expect(machine.calls).not.toContain('sudo -n -- true');
    expect(error.message).toContain('namespace via root');
    expect(error.message).not.toContain('namespace via userns');
    // Without a way to create the sandbox user, root looks for `nobody` instead.
    expect(machine.calls).toContain('id nobody');
  });
});

describe('the sandbox line in the log and the job summary', () => {
  const sandbox = {
    kind: 'namespace' as const,
    describe: 'Commands run confined.',
    gaps: ['Network: commands can reach the network.', 'The workspace can be read.'],
    canIsolateNetwork: true,
    open: () => Promise.reject(new Error('not used')),
  };

  it('names the sandbox and every gap, and drops the network gap when the network is cut', () => {
    expect(sandboxSummaryLine(sandbox, { isolateNetwork: false })).toBe(
      'Sandbox: namespace. Commands run confined. Network: on. Not protected: Network: commands can reach the network. The workspace can be read.',
    );
    expect(sandboxSummaryLine(sandbox, { isolateNetwork: true })).toBe(
      'Sandbox: namespace. Commands run confined. Network: off. Not protected: The workspace can be read.',
    );
  });

  it('names how to silence the notice where the run was started, and says nothing when asked for none', async () => {
    const machine = failingMachine();
    const none = await resolveSandbox('auto', options({ run: machine.run }));
    const logger = memoryLogger();
    reportSandbox(none, {
      mode: 'auto',
      isolateNetwork: false,
      logger,
      silence: 'Pass --sandbox none to run without one on purpose and silence this notice.',
      quiet: true,
    });
    expect(
      logger.lines.filter((line) => line.level === 'warning').map((line) => line.message),
    ).toEqual([
      expect.stringMatching(
        /^No sandbox: none of the sandboxes could be set up on this machine \(the debug log says why\), .* Pass --sandbox none to run without one on purpose and silence this notice\.$/u,
      ) as string,
    ]);
    const chosen = memoryLogger();
    reportSandbox(await resolveSandbox('none', options()), {
      mode: 'none',
      isolateNetwork: false,
      logger: chosen,
      quiet: true,
    });
    expect(chosen.lines.map((line) => line.level)).toEqual(['debug']);
  });

  it('is information when a sandbox runs or none was asked for, a warning otherwise', async () => {
    const logger = memoryLogger();
    reportSandbox(sandbox, { mode: 'auto', isolateNetwork: false, logger });
    reportSandbox(await resolveSandbox('none', options()), {
      mode: 'none',
      isolateNetwork: false,
      logger,
    });
    expect(logger.lines.map((line) => line.level)).toEqual(['info', 'info']);
  });
});
