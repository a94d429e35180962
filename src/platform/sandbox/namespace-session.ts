/**
 * A namespace sandbox for one agent session. One long-lived namespace per session rather than
 * one per command, so that it behaves like a machine of its own: a server started in the
 * background by one command is still there for the next, and /tmp keeps its files between
 * commands. Each command joins the namespaces (`nsenter`), drops every privilege (`setpriv`:
 * no_new_privs, no capabilities, no bounding set, the command user's ids and no supplementary
 * groups) and only then runs.
 *
 * The namespace is set up with privileges, in one of three ways:
 * - `root`: the Action runs as root;
 * - `sudo`: passwordless `sudo` (GitHub-hosted runners), which also works where unprivileged user
 *   namespaces are restricted (Ubuntu 24.04's AppArmor setting);
 * - `userns`: an unprivileged user namespace; the command is then uid 0 inside it (the Action's
 *   own user outside) without any capability, and keeps its supplementary groups, which a user
 *   namespace cannot drop.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { readFile, realpath } from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from '../logger.js';
import { isProcessRunning, reportProcessGroup } from '../process-group.js';
import { READY_LINE, SETUP_SCRIPT, setupArguments } from './namespace-setup.js';
import { isInsideOrSame, relativeInside } from '../path-containment.js';
import { sandboxPaths } from './sandbox-paths.js';
import type {
  SandboxCommand,
  SandboxSession,
  SandboxSessionOptions,
  WrapOptions,
} from './sandbox-types.js';
import type { SandboxUser } from './sandbox-user.js';
import type { RunProgram } from './run-program.js';
import type { Owner } from './workspace-loan.js';
import { lendWorkspace } from './workspace-loan.js';

export type Elevation = 'root' | 'sudo' | 'userns';

export interface NamespaceSandboxConfig {
  elevation: Elevation;
  /** Who commands run as; absent: the Action's own user. Ignored for `userns`. */
  user?: SandboxUser;
  /** The Action's own user. */
  action: Owner;
  /** The Action's environment: where the home, temporary and runner directories are. */
  env: Readonly<Record<string, string | undefined>>;
  run: RunProgram;
  logger: Logger;
  /** How long setting up may take; default 20 s. */
  startTimeoutMs?: number;
  /** How a program is run as root for `sudo` (default `sudo -n --`). */
  sudo?: readonly string[];
}

const DEFAULT_START_TIMEOUT_MS = 20_000;
/** Never prompts: without a passwordless rule it fails at once instead of hanging. */
export const DEFAULT_SUDO: readonly string[] = ['sudo', '-n', '--'];
/**
 * Changes into the command's directory after the mount namespace was entered, then runs it. The
 * path is resolved inside the sandbox: a directory opened before entering (as `nsenter --wd`
 * does) would be the host's, and `..` from it would lead back into the host's file system.
 */
const CHANGE_DIRECTORY = 'cd -- "$1" && shift && exec "$@"';

export async function openNamespaceSession(
  config: NamespaceSandboxConfig,
  options: SandboxSessionOptions,
): Promise<SandboxSession> {
  const { elevation, logger } = config;
  const workspace = await realpath(options.workspaceRoot);
  const userns = elevation === 'userns';
  const commandUser: Owner = userns ? { uid: 0, gid: 0 } : (config.user ?? config.action);
  const paths = await sandboxPaths({
    environments: [config.env, options.commandEnv ?? {}],
    workspaceRoot: workspace,
    // Cheap, and it matters wherever the command keeps groups or runs with uid 0.
    maskSockets: true,
    ...(options.readablePaths === undefined ? {} : { readable: options.readablePaths }),
  });
  const sudo = config.sudo ?? DEFAULT_SUDO;
  const asRoot = elevation === 'sudo' ? sudo : [];
  const loan =
    !userns && config.user !== undefined && config.user.uid !== config.action.uid
      ? lendWorkspace({
          workspaceRoot: workspace,
          owner: config.action,
          borrower: config.user,
          run: config.run,
          logger,
          asRoot,
        })
      : undefined;
  let holder: Holder;
  try {
    holder = await startHolder(
      [
        ...asRoot,
        'unshare',
        ...(userns ? ['--user', '--map-root-user'] : []),
        '--pid',
        '--fork',
        '--kill-child',
        '--mount',
        '--mount-proc',
        ...(options.isolateNetwork ? ['--net'] : []),
        '--',
        'sh',
        '-c',
        SETUP_SCRIPT,
        'gemini-sandbox',
        ...setupArguments({
          workspaceRoot: workspace,
          ...paths,
          uid: commandUser.uid,
          gid: commandUser.gid,
          ownNetwork: options.isolateNetwork,
        }),
      ],
      {
        cwd: workspace,
        timeoutMs: config.startTimeoutMs ?? DEFAULT_START_TIMEOUT_MS,
        logger,
        killAsRoot: elevation === 'sudo' ? sudo : undefined,
      },
    );
  } catch (error) {
    await loan?.giveBack();
    throw error;
  }

  const drop = [
    '--no-new-privs',
    '--inh-caps=-all',
    '--bounding-set=-all',
    ...(userns
      ? []
      : [`--reuid=${commandUser.uid}`, `--regid=${commandUser.gid}`, '--clear-groups']),
  ];
  const enter = [
    'nsenter',
    `--target=${holder.initPid}`,
    ...(userns ? ['--user', '--preserve-credentials'] : []),
    '--mount',
    '--pid',
    ...(options.isolateNetwork ? ['--net'] : []),
    '--',
  ];
  let closed = false;

  return {
    lendsWorkspace: loan !== undefined,
    wrap: async (command: SandboxCommand, wrapOptions?: WrapOptions): Promise<SandboxCommand> => {
      if (closed) throw new Error('The sandbox of this session was closed.');
      if (!(await isProcessRunning(holder.initPid))) {
        throw new Error('The sandbox ended unexpectedly; no more commands can run in it.');
      }
      if (wrapOptions?.lendWorkspace !== false) await loan?.refresh(wrapOptions?.actionWrites);
      const cwd = await directoryInside(command.cwd, options.workspaceRoot, workspace);
      const env = loan ? withSafeDirectory(command.env, workspace) : command.env;
      const run = ['sh', '-c', CHANGE_DIRECTORY, 'gemini-sandbox', cwd, ...command.argv];
      if (elevation === 'sudo') {
        // sudo resets the environment; `env -i` sets exactly the command's again.
        const pairs = Object.entries(env).map(([name, value]) => `${name}=${value}`);
        return {
          argv: [...sudo, ...enter, 'setpriv', ...drop, '--', 'env', '-i', ...pairs, ...run],
          env: { PATH: env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin' },
          cwd: '/',
        };
      }
      return { argv: [...enter, 'setpriv', ...drop, '--', ...run], env, cwd: '/' };
    },
    pidInSandbox: (pid) => pidInNamespace(pid),
    close: async () => {
      if (closed) return;
      closed = true;
      await holder.stop(config.run);
      await loan?.giveBack();
    },
  };
}

interface Holder {
  /** The namespace's init, as the Action sees it. */
  initPid: number;
  stop(run: RunProgram): Promise<void>;
}

/** Starts the namespace and waits until its setup reports ready. */
async function startHolder(
  argv: readonly string[],
  options: {
    cwd: string;
    timeoutMs: number;
    logger: Logger;
    /** The processes are root's: they are killed through this (sudo). */
    killAsRoot: readonly string[] | undefined;
  },
): Promise<Holder> {
  const [program, ...args] = argv;
  if (program === undefined) throw new Error('no program to start the sandbox with');
  const child = spawn(program, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin' },
    // Standard input stays open for the sandbox's lifetime: its closing ends the sandbox.
    stdio: ['pipe', 'pipe', 'pipe'],
    detached: true,
  });
  reportProcessGroup(child.pid);
  await waitUntilReady(child, options);
  child.stdout.destroy();
  child.stderr.destroy();
  // Neither the sandbox nor the pipe keeping it alive may hold the Action's event loop open.
  child.unref();
  (child.stdin as { unref?: () => void }).unref?.();
  const leader = child.pid;
  if (leader === undefined) throw new Error('the sandbox did not start');
  const initPid = await findNamespaceInit(leader);
  if (initPid === undefined) {
    signalGroup(leader);
    throw new Error('the sandbox started, but its init process could not be found');
  }
  return {
    initPid,
    stop: async (run) => {
      // Killing a PID namespace's init kills every process in it. Root-owned (sudo) processes
      // can only be killed through sudo.
      if (options.killAsRoot) await run([...options.killAsRoot, 'kill', '-KILL', String(initPid)]);
      else signalGroup(leader);
      await waitForExit(initPid);
      child.stdin.destroy();
    },
  };
}

function waitUntilReady(
  child: ChildProcess,
  options: { timeoutMs: number; logger: Logger },
): Promise<void> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const fail = (reason: string) => {
      clearTimeout(timer);
      if (child.pid !== undefined) signalGroup(child.pid);
      // Where the processes are root's and cannot be signalled, the closed pipe ends them.
      child.stdin?.destroy();
      const said = stderr.trim().split('\n').slice(-3).join(' ');
      reject(new Error(said === '' ? reason : `${reason}: ${said}`));
    };
    const timer = setTimeout(() => {
      fail(`setting up took longer than ${options.timeoutMs / 1000} s`);
    }, options.timeoutMs);
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString('utf8');
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString('utf8');
      if (!stdout.includes(READY_LINE)) return;
      clearTimeout(timer);
      child.removeAllListeners('exit');
      for (const line of stderr.trim().split('\n')) {
        if (line !== '') options.logger.debug(`sandbox setup: ${line}`);
      }
      resolve();
    });
    child.on('error', (error) => {
      fail(`could not start ${error.message}`);
    });
    child.on('exit', (code, signal) => {
      // The output may still be in the pipes; give it a moment so the message has the reason.
      setTimeout(() => {
        fail(`setting up failed (${signal ?? `exit code ${code ?? '?'}`})`);
      }, 50);
    });
  });
}

function signalGroup(leader: number): void {
  try {
    process.kill(-leader, 'SIGKILL');
  } catch {
    // Gone already.
  }
}

async function waitForExit(pid: number): Promise<void> {
  // A killed init is usually gone within a few milliseconds: look often at first.
  for (let waited = 0, step = 2; waited < 5000; waited += step, step = Math.min(step * 2, 50)) {
    if (!(await isProcessRunning(pid))) return;
    await new Promise((resolve) => setTimeout(resolve, step));
  }
}

/** The first process below `root` that is the init (PID 1) of a PID namespace of its own. */
async function findNamespaceInit(root: number): Promise<number | undefined> {
  let level = [root];
  for (let depth = 0; depth < 4 && level.length > 0; depth += 1) {
    const next: number[] = [];
    for (const pid of level) {
      const ids = await namespacePids(pid);
      if (ids.length > 1 && ids[ids.length - 1] === 1) return pid;
      next.push(...(await childrenOf(pid)));
    }
    level = next;
  }
  return undefined;
}

/** The PIDs a process has in each PID namespace it belongs to, outermost first. */
async function namespacePids(pid: number): Promise<number[]> {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    const line = /^NSpid:\s*(.*)$/m.exec(status)?.[1] ?? '';
    return line
      .split(/\s+/)
      .filter((field) => field !== '')
      .map(Number);
  } catch {
    return [];
  }
}

async function childrenOf(pid: number): Promise<number[]> {
  try {
    const text = await readFile(`/proc/${pid}/task/${pid}/children`, 'utf8');
    return text
      .split(/\s+/)
      .filter((field) => field !== '')
      .map(Number);
  } catch {
    return [];
  }
}

async function pidInNamespace(pid: number): Promise<number> {
  const ids = await namespacePids(pid);
  return ids[ids.length - 1] ?? pid;
}

/** The directory as the sandbox sees it: the workspace is mounted at its real path. */
async function directoryInside(cwd: string, given: string, real: string): Promise<string> {
  if (isInsideOrSame(cwd, real)) return cwd;
  const inGiven = relativeInside(cwd, given);
  if (inGiven !== undefined) return path.join(real, inGiven);
  return realpath(cwd);
}

/**
 * git refuses a repository owned by another user; the sandbox user may read this one. Passed as
 * command-line configuration through the environment, which git takes as protected.
 */
function withSafeDirectory(
  env: Readonly<Record<string, string>>,
  workspace: string,
): Record<string, string> {
  const count = Number.parseInt(env.GIT_CONFIG_COUNT ?? '0', 10);
  const index = Number.isInteger(count) && count > 0 ? count : 0;
  return {
    ...env,
    GIT_CONFIG_COUNT: String(index + 1),
    [`GIT_CONFIG_KEY_${index}`]: 'safe.directory',
    [`GIT_CONFIG_VALUE_${index}`]: workspace,
  };
}
