/**
 * A user sandbox for one agent session: commands run as the unprivileged sandbox user, with
 * no_new_privs and no capabilities, but in the Action's namespaces. For machines where namespaces
 * cannot be created but the Action runs as root (container jobs). The kernel keeps another user
 * out of the Action's process (environment, memory, signals) and out of files that are not open
 * to others; everything world-readable stays readable.
 */
import { chmod, chown, mkdtemp, readdir, readFile, realpath, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Logger } from '../logger.js';
import type { RunProgram } from './run-program.js';
import type {
  SandboxCommand,
  SandboxSession,
  SandboxSessionOptions,
  WrapOptions,
} from './sandbox-types.js';
import type { SandboxUser } from './sandbox-user.js';
import type { Owner } from './workspace-loan.js';
import { lendWorkspace } from './workspace-loan.js';

export interface UserSandboxConfig {
  user: SandboxUser;
  action: Owner;
  run: RunProgram;
  logger: Logger;
}

export async function openUserSession(
  config: UserSandboxConfig,
  options: SandboxSessionOptions,
): Promise<SandboxSession> {
  const { user } = config;
  const workspace = await realpath(options.workspaceRoot);
  const blocked = await firstClosedAncestor(workspace, user);
  if (blocked !== undefined) {
    throw new Error(
      `the sandbox user ${user.name} cannot reach the workspace: ${blocked} is not open to other users`,
    );
  }
  const loan = lendWorkspace({
    workspaceRoot: workspace,
    owner: config.action,
    borrower: user,
    run: config.run,
    logger: config.logger,
  });
  // The Action's home is root's; the sandbox user gets an empty one it can write caches to.
  const home = await mkdtemp(path.join(os.tmpdir(), 'gemini-sandbox-home-'));
  await chown(home, user.uid, user.gid);
  await chmod(home, 0o700);
  let closed = false;
  return {
    lendsWorkspace: true,
    wrap: async (command: SandboxCommand, wrapOptions?: WrapOptions): Promise<SandboxCommand> => {
      if (closed) throw new Error('The sandbox of this session was closed.');
      if (wrapOptions?.lendWorkspace !== false) await loan.refresh(wrapOptions?.actionWrites);
      return {
        argv: [
          'setpriv',
          `--reuid=${user.uid}`,
          `--regid=${user.gid}`,
          '--clear-groups',
          '--no-new-privs',
          '--inh-caps=-all',
          '--bounding-set=-all',
          '--',
          ...command.argv,
        ],
        env: {
          ...command.env,
          HOME: home,
          GIT_CONFIG_COUNT: '1',
          GIT_CONFIG_KEY_0: 'safe.directory',
          GIT_CONFIG_VALUE_0: workspace,
        },
        cwd: command.cwd,
      };
    },
    pidInSandbox: (pid) => Promise.resolve(pid),
    close: async () => {
      if (closed) return;
      closed = true;
      // Whatever escaped its process group (a daemon) is found by its owner. Only a dedicated
      // user's processes are all ours; `nobody` may be running other services.
      if (user.dedicated) await killProcessesOf(user.uid);
      await loan.giveBack();
      await rm(home, { recursive: true, force: true });
    },
  };
}

/** The first directory on the way to `target` that `user` may not pass through. */
async function firstClosedAncestor(target: string, user: Owner): Promise<string | undefined> {
  let dir = target;
  const chain: string[] = [];
  for (;;) {
    chain.unshift(dir);
    const parent = path.dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  for (const entry of chain) {
    const info = await stat(entry);
    const open =
      (info.mode & 0o001) !== 0 ||
      (info.uid === user.uid && (info.mode & 0o100) !== 0) ||
      (info.gid === user.gid && (info.mode & 0o010) !== 0);
    // The workspace itself is lent to the user, so only its ancestors matter.
    if (!open && entry !== target) return entry;
  }
  return undefined;
}

async function killProcessesOf(uid: number): Promise<void> {
  for (let round = 0; round < 3; round += 1) {
    const pids = await processesOf(uid);
    if (pids.length === 0) return;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Gone meanwhile.
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function processesOf(uid: number): Promise<number[]> {
  const names = await readdir('/proc');
  const owned: number[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const status = await readFile(`/proc/${name}/status`, 'utf8');
      const real = /^Uid:\s+(\d+)/m.exec(status)?.[1];
      const state = /^State:\s+(\S)/m.exec(status)?.[1];
      if (real === String(uid) && state !== 'Z') owned.push(Number(name));
    } catch {
      // Gone meanwhile.
    }
  }
  return owned;
}
