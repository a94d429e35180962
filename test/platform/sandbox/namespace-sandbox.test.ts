// The sandbox `auto` picks on this machine, seen from inside a shell command the model runs: the
// Action's process, its memory and its home are out of reach, privileges cannot be raised, and
// nothing outlives the session. Each attack is also run without a sandbox, to show the test
// would notice if the sandbox let it through.
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import type { AddressInfo, Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryLogger } from '../../../src/platform/logger.js';
import { resolveSandbox } from '../../../src/platform/sandbox/resolve-sandbox.js';
import type { Sandbox } from '../../../src/platform/sandbox/sandbox-types.js';
import { describeSandboxed, sandboxWay } from '../../support/sandbox-suites.js';
import type { SandboxedShell, StandIn } from './support.js';
import {
  firstMappedAddress,
  git,
  outputOf,
  processesWith,
  sandboxedShell,
  startStandIn,
  uniqueCanary,
  uniqueSleep,
} from './support.js';
import { makeTempDir, removeTempDirs } from '../../tools/tool-harness.js';

const none = await resolveSandbox('none', { env: process.env, logger: memoryLogger() });
/** The sandbox `auto` picks, set where the suite runs: a namespace sandbox. */
let sandbox: Sandbox;

const canary = uniqueCanary('action-env');
let standIn: StandIn;
let root: string;
const shells: SandboxedShell[] = [];

async function shell(
  options: Parameters<typeof sandboxedShell>[2] = {},
  which = sandbox,
): Promise<SandboxedShell> {
  const created = await sandboxedShell(root, which, options);
  shells.push(created);
  return created;
}

beforeAll(async () => {
  standIn = await startStandIn(canary);
});
afterAll(() => {
  standIn.stop();
});
afterEach(async () => {
  for (const created of shells.splice(0)) await created.tool.dispose?.();
  await removeTempDirs();
});

describeSandboxed(sandboxWay('namespace'), 'the namespace sandbox on this machine', () => {
  beforeAll(async () => {
    sandbox = await resolveSandbox('auto', { env: process.env, logger: memoryLogger() });
  });

  it('keeps the environment of the Action’s process out of reach', async () => {
    root = await makeTempDir('sandbox-env-');
    const command = `cat /proc/${standIn.pid}/environ /proc/${process.pid}/environ | tr "\\0" "\\n"`;
    const open = await shell({}, none);
    expect(await open.run(command)).toContain(canary);

    const confinedShell = await shell();
    const report = await confinedShell.run(command);
    expect(report).not.toContain(canary);
    expect(outputOf(report)).not.toContain('PATH=');
    expect(report).toContain('No such file or directory');
  });

  it('shows only its own processes: ps and /proc list neither the Action nor its environment', async () => {
    root = await makeTempDir('sandbox-ps-');
    const command = 'ps axe -o pid,args; cat /proc/[0-9]*/cmdline | tr "\\0" " "';
    const open = await shell({}, none);
    expect(await open.run(command)).toContain(standIn.marker);

    const report = await (await shell()).run(command);
    expect(report).not.toContain(standIn.marker);
    expect(report).not.toContain(canary);
    expect(report).not.toContain(`${process.pid} `);
  });

  it('cannot read the memory of the Action’s process', async () => {
    root = await makeTempDir('sandbox-mem-');
    const address = await firstMappedAddress(standIn.pid);
    // The first mapping is the executable: its first bytes are the ELF magic number.
    const command = `dd if=/proc/${standIn.pid}/mem bs=4 count=1 skip=${address} iflag=skip_bytes status=none | od -An -tx1`;
    const open = await shell({}, none);
    expect(await open.run(command)).toContain('7f 45 4c 46');

    const report = await (await shell()).run(command);
    expect(report).not.toContain('7f 45 4c 46');
    expect(report).toContain('No such file or directory');
  });

  it('runs without capabilities and with no_new_privs, so sudo cannot raise privileges', async () => {
    root = await makeTempDir('sandbox-privileges-');
    const report = await (
      await shell()
    ).run(
      'grep -E "^(NoNewPrivs|CapEff|CapBnd):" /proc/self/status; if command -v sudo >/dev/null; then sudo -n true && echo ELEVATED; fi; id -u',
    );
    const output = outputOf(report);
    expect(output).toMatch(/^NoNewPrivs:\s+1$/m);
    expect(output).toMatch(/^CapEff:\s+0+$/m);
    expect(output).toMatch(/^CapBnd:\s+0+$/m);
    expect(output).not.toContain('ELEVATED');
    if (sandbox.kind === 'namespace+user') expect(output).not.toMatch(/^0$/m);
  });

  it('hides the home directory and the runner’s directories, and keeps the file commands out of reach', async () => {
    root = await makeTempDir('sandbox-home-');
    // A home outside the temporary directories, so hiding /tmp alone would not pass this test:
    // the user's own (the suite's HOME is a temporary folder, test/support/setup.ts).
    const userHome = os.userInfo().homedir;
    const home = await mkdtemp(path.join(userHome, '.gemini-sandbox-home-'));
    const runnerTemp = await mkdtemp(path.join(userHome, '.gemini-sandbox-runner-'));
    try {
      await writeFile(path.join(home, 'credentials'), canary);
      const githubEnv = path.join(runnerTemp, 'set_env_1');
      await writeFile(githubEnv, '');
      const command = `cat ${home}/credentials; ls -A ${home} ${runnerTemp}; echo INJECTED=1 >> ${githubEnv}; touch ~/.cache && echo "home is writable"`;
      const env = { PATH: process.env.PATH, HOME: home, RUNNER_TEMP: runnerTemp };
      const open = await shell({ parentEnv: env }, none);
      expect(await open.run(command)).toContain(canary);
      await writeFile(githubEnv, '');

      const hidden = await sandboxedShell(root, sandbox, { parentEnv: env });
      shells.push(hidden);
      const report = outputOf(await hidden.run(command));
      expect(report).not.toContain(canary);
      expect(report).not.toMatch(/^set_env_1$/m);
      // HOME is there, empty and the command's own.
      expect(report).toContain('home is writable');
      await hidden.tool.dispose?.();
      expect(await readFile(githubEnv, 'utf8')).toBe('');
    } finally {
      await rm(home, { recursive: true, force: true });
      await rm(runnerTemp, { recursive: true, force: true });
    }
  });

  it('lets commands read and write the workspace, and the Action commit their files afterwards', async () => {
    root = await makeTempDir('sandbox-workspace-');
    await writeFile(path.join(root, 'README.md'), '# demo\n');
    git(root, 'init', '-q', '-b', 'main');
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'init');
    const sandboxed = await shell();
    const report = await sandboxed.run(
      'cat README.md && echo hi > new.txt && mkdir -p src && echo "x" > src/code.js && git status --short',
    );
    expect(outputOf(report)).toBe('# demo\n?? new.txt\n?? src/');
    // A file write_file creates meanwhile, in a new directory, can be changed by the next command.
    await sandboxed.write('docs/edited.txt', 'one\n');
    expect(
      await sandboxed.run('echo two >> docs/edited.txt && touch docs/more && cat docs/edited.txt'),
    ).toContain('one\ntwo');
    await sandboxed.tool.dispose?.();

    const uid = process.getuid?.() ?? 0;
    for (const file of ['new.txt', 'src', 'src/code.js', 'docs', 'docs/edited.txt', 'docs/more']) {
      expect((await stat(path.join(root, file))).uid, file).toBe(uid);
    }
    git(root, 'add', '-A');
    git(root, 'commit', '-qm', 'agent changes');
    expect(git(root, 'show', '--name-only', '--format=', 'HEAD').split('\n').sort()).toEqual([
      'docs/edited.txt',
      'docs/more',
      'new.txt',
      'src/code.js',
    ]);
  });

  it('keeps .git and everything outside the workspace read-only, and /tmp private', async () => {
    root = await makeTempDir('sandbox-readonly-');
    git(root, 'init', '-q', '-b', 'main');
    const marker = uniqueCanary('outside');
    const outside = path.join(os.tmpdir(), marker);
    const report = await (
      await shell()
    ).run(
      `echo "#!/bin/sh" > .git/hooks/pre-commit; touch /etc/${marker}; touch /usr/local/${marker}; echo x > ${outside} && echo "tmp ok"`,
    );
    expect(report).toContain('.git/hooks/pre-commit: Read-only file system');
    expect(report).toContain(`/etc/${marker}': Read-only file system`);
    // /tmp is writable, but it is the sandbox's own.
    expect(report).toContain('tmp ok');
    await expect(stat(path.join(root, '.git/hooks/pre-commit'))).rejects.toThrow();
    await expect(stat(`/etc/${marker}`)).rejects.toThrow();
    await expect(stat(outside)).rejects.toThrow();
  });

  it('stops a command after its timeout together with everything it started', async () => {
    root = await makeTempDir('sandbox-timeout-');
    const sleep = uniqueSleep();
    const sandboxed = await shell({ inactivityTimeoutMs: 500, killGraceMs: 200 });
    const report = await sandboxed.run(`sleep ${sleep} & echo "child $!"; wait`);
    expect(report).toMatch(/^Command was automatically cancelled because it exceeded the timeout/);
    expect(await processesWith(sleep)).toEqual([]);
  });

  it('keeps background processes for later commands, by the PIDs the model sees, until the session ends', async () => {
    root = await makeTempDir('sandbox-background-');
    const sleep = uniqueSleep();
    const daemon = uniqueSleep();
    const sandboxed = await shell();
    const report = await sandboxed.run(`sleep ${sleep} & echo "child $!"`);
    const pid = /child (\d+)/.exec(report)?.[1];
    expect(report).toContain(`Background PIDs: ${pid ?? '?'}`);
    expect(await sandboxed.run(`kill -0 ${pid ?? '?'} && echo alive`)).toContain('alive');
    // A process that leaves the command's process group is not found by it, but it is in the
    // sandbox, and goes with it.
    await sandboxed.run(`setsid sleep ${daemon} >/dev/null 2>&1 < /dev/null & echo started`);
    // The command returns once the daemon is forked, maybe before it has started `sleep`.
    await vi.waitFor(async () => {
      expect(await processesWith(daemon)).toHaveLength(1);
    }, 5_000);

    await sandboxed.tool.dispose?.();
    expect(await processesWith(sleep)).toEqual([]);
    expect(await processesWith(daemon)).toEqual([]);
  });

  describe('the network', () => {
    let server: Server;
    let port: number;
    beforeAll(async () => {
      server = createServer((socket) => {
        socket.end('hello from the host\n');
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      port = (server.address() as AddressInfo).port;
    });
    afterAll(async () => {
      await new Promise((resolve) => server.close(resolve));
    });

    it('is cut off for runs on untrusted input, and open otherwise', async () => {
      root = await makeTempDir('sandbox-network-');
      const command = `exec 3<>/dev/tcp/127.0.0.1/${port} && head -1 <&3`;
      expect(await (await shell()).run(command)).toContain('hello from the host');
      const report = await (await shell({ isolateNetwork: true })).run(command);
      expect(report).not.toContain('hello from the host');
      expect(report).toMatch(/Network is unreachable|Connection refused/);
    });
  });

  it('tells the model about the sandbox in the tool description', async () => {
    root = await makeTempDir('sandbox-description-');
    const sandboxed = await shell();
    expect(sandboxed.tool.description).toContain('Commands run in a sandbox');
    const open = await shell({}, none);
    expect(open.tool.description).not.toContain('Commands run in a sandbox');
  });
});
