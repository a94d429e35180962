/**
 * Picks the sandbox for a run. `auto` takes the strongest that works on this machine:
 * a namespace sandbox (as a separate user when the Action runs as root), else a user sandbox,
 * else none. Whether one works is found out by running it once for real — setting it up on an
 * empty directory and running a command in it — not by reading kernel settings, which never tell
 * the whole story (AppArmor, seccomp in containers, sudo rules). The outcome is remembered for the
 * life of the process. A caller that knows the first session it will open (`firstSession`) has
 * that session be the probe, so a run sets its sandbox up once rather than twice.
 *
 * Asking for `namespace` or `user` where it cannot work is a configuration error: a workflow that
 * demands a sandbox must not quietly run without one.
 */
import { mkdtemp, realpath, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ConfigurationError, errorMessage } from '../errors.js';
import type { Logger } from '../logger.js';
import type { Elevation, NamespaceSandboxConfig } from './namespace-session.js';
import { DEFAULT_SUDO, openNamespaceSession } from './namespace-session.js';
import type { RunProgram } from './run-program.js';
import { failureText, runProgram } from './run-program.js';
import {
  namespaceDescription,
  noneDescription,
  platformName,
  userDescription,
} from './sandbox-descriptions.js';
import type {
  Sandbox,
  SandboxMode,
  SandboxSession,
  SandboxSessionOptions,
} from './sandbox-types.js';
import { sandboxSummaryLine } from './sandbox-types.js';
import type { SandboxUser } from './sandbox-user.js';
import { ensureSandboxUser } from './sandbox-user.js';
import { openUserSession } from './user-session.js';
import type { Owner } from './workspace-loan.js';

export interface ResolveSandboxOptions {
  /** The Action's environment (the CLI's): where the home, temporary and runner directories are. */
  env: Readonly<Record<string, string | undefined>>;
  logger: Logger;
  /** How errors name the setting; default the Action input `sandbox`. */
  setting?: string;
  /** Default `process.platform`. */
  platform?: NodeJS.Platform;
  /** The Action's user; default this process's. */
  action?: Owner & { name?: string };
  /** Default: runs the programs for real. Probes are remembered only with the default. */
  run?: RunProgram;
  /** The ways to set up a namespace, tried in order; default what this machine offers. */
  elevations?: readonly Elevation[];
  /** The sandbox user for a root Action; default `gemini-agent-sandbox`, created if missing. */
  userName?: string;
  /** How a program is run as root where the Action is not root; default `sudo -n --`. */
  sudo?: readonly string[];
  /**
   * The session the caller opens first (the CLI's one workspace). A way not yet probed in this
   * process is then tried by setting up that session for real, and the sandbox's first `open()`
   * with the same options takes it over instead of setting up another. Where that session cannot
   * be set up, the way is probed on an empty directory as usual, so the choice is the same as
   * without it. The caller closes a session it never took over with `Sandbox.release()`.
   */
  firstSession?: SandboxSessionOptions;
}

/** What a probe found: the way works (with the user commands run as), or why not. */
type ProbeOutcome = { works: true; user?: SandboxUser } | { works: false; problem: string };

/** A probe's outcome, and the caller's first session when the probe was that session. */
interface Trial {
  outcome: ProbeOutcome;
  session?: SandboxSession;
}

/** Probe outcomes, per way of setting up, for the life of the process. */
const probes = new Map<string, Promise<ProbeOutcome>>();

export async function resolveSandbox(
  mode: SandboxMode,
  options: ResolveSandboxOptions,
): Promise<Sandbox> {
  const platform = options.platform ?? process.platform;
  const setting = options.setting ?? 'sandbox';
  if (mode === 'none') return noneSandbox({ platform });
  if (platform !== 'linux') {
    if (mode === 'auto') return noneSandbox({ platform });
    throw new ConfigurationError(
      `expected a sandbox this runner supports: ${mode} needs Linux, and this is ${platformName(platform)}. Use auto (no sandbox there) or none.`,
      { input: setting },
    );
  }
  const problems: string[] = [];
  if (mode === 'auto' || mode === 'namespace') {
    for (const elevation of await elevationsFor(options)) {
      const { outcome: found, session } = await probe(`namespace:${elevation}`, options, () =>
        probeNamespace(elevation, options),
      );
      if (found.works) {
        return keepingFirstSession(
          namespaceSandbox(elevation, found.user, options),
          options,
          session,
        );
      }
      problems.push(`namespace via ${elevation}: ${found.problem}`);
      options.logger.debug(
        `Sandbox: namespace via ${elevation} is not available: ${found.problem}`,
      );
    }
  }
  if (mode === 'auto' || mode === 'user') {
    const { outcome: found, session } = await probe('user', options, () => probeUser(options));
    if (found.works && found.user !== undefined) {
      return keepingFirstSession(userSandbox(found.user, options), options, session);
    }
    const problem = found.works ? 'no sandbox user' : found.problem;
    problems.push(`user: ${problem}`);
    options.logger.debug(`Sandbox: user is not available: ${problem}`);
  }
  if (mode === 'auto') return noneSandbox({ platform, reason: problems.join('; ') });
  throw new ConfigurationError(
    `expected a sandbox that works on this machine, but ${mode} does not (${problems.join('; ')}). Use auto to take the strongest one that works, or none.`,
    { input: setting },
  );
}

/** How an Action run chooses to go without a sandbox. */
export const ACTION_SANDBOX_OFF =
  'Set the input sandbox: none to run without one on purpose and silence this warning.';

/**
 * Logs which sandbox runs — when there is none although one was wanted, once and plainly, with
 * what that means and how to silence it (`silence`; the Action's input by default) — and returns
 * the line for the job summary, which also says what the sandbox does not protect.
 */
export function reportSandbox(
  sandbox: Sandbox,
  options: {
    mode: SandboxMode;
    isolateNetwork: boolean;
    logger: Logger;
    silence?: string;
    /** Log a working sandbox at debug level only (the CLI's runs stay quiet about it). */
    quiet?: boolean;
  },
): string {
  const line = sandboxSummaryLine(sandbox, options);
  const notice = unsandboxedNotice(sandbox, {
    mode: options.mode,
    silence: options.silence ?? ACTION_SANDBOX_OFF,
  });
  if (notice !== undefined) {
    options.logger.warning(notice);
    options.logger.debug(line);
  } else if (options.quiet === true) {
    options.logger.debug(line);
  } else {
    options.logger.info(line);
  }
  return line;
}

/**
 * What a run without the sandbox it wanted means, in words for whoever started it; undefined when
 * a sandbox runs or none was asked for.
 */
export function unsandboxedNotice(
  sandbox: Sandbox,
  options: { mode: SandboxMode; silence: string },
): string | undefined {
  if (sandbox.kind !== 'none' || options.mode === 'none') return undefined;
  const why = sandbox.unavailable ?? 'none could be set up here';
  return (
    `No sandbox: ${why}, so shell commands run unsandboxed, as this process's user. The policy ` +
    'still decides which commands run, and commands that read files (cat, grep, ls and the like) ' +
    'may only name files inside the workspace; but a command the policy allows that runs code ' +
    '(a test script, say) can read and change whatever this user can, and reach the network. ' +
    options.silence
  );
}

function noneSandbox(options: { platform: NodeJS.Platform; reason?: string }): Sandbox {
  const unavailable =
    options.platform !== 'linux'
      ? `no sandbox exists on ${platformName(options.platform)}`
      : options.reason !== undefined
        ? 'none of the sandboxes could be set up on this machine (the debug log says why)'
        : undefined;
  return {
    kind: 'none',
    ...noneDescription(options),
    canIsolateNetwork: false,
    ...(unavailable === undefined ? {} : { unavailable }),
    open: () => Promise.resolve(passThroughSession),
  };
}

const passThroughSession: SandboxSession = {
  lendsWorkspace: false,
  wrap: (command) => Promise.resolve(command),
  pidInSandbox: (pid) => Promise.resolve(pid),
  close: () => Promise.resolve(),
};

function actionOwner(options: ResolveSandboxOptions): Owner & { name: string } {
  const uid = options.action?.uid ?? process.getuid?.() ?? -1;
  const gid = options.action?.gid ?? process.getgid?.() ?? -1;
  let name = options.action?.name;
  if (name === undefined) {
    try {
      name = os.userInfo().username;
    } catch {
      name = `uid ${uid}`;
    }
  }
  return { uid, gid, name };
}

async function elevationsFor(options: ResolveSandboxOptions): Promise<readonly Elevation[]> {
  if (options.elevations !== undefined) return options.elevations;
  if (actionOwner(options).uid === 0) return ['root'];
  const sudo = await (options.run ?? runProgram)([...(options.sudo ?? DEFAULT_SUDO), 'true'], {
    timeoutMs: 10_000,
  });
  // Set up with sudo when it is there: root can drop supplementary groups, a user namespace cannot.
  return sudo.exitCode === 0 ? ['sudo', 'userns'] : ['userns'];
}

/** Probes a way once per process; only the first caller can get its session. */
function probe(
  key: string,
  options: ResolveSandboxOptions,
  create: () => Promise<Trial>,
): Promise<Trial> {
  if (options.run !== undefined) return create();
  const cacheKey = JSON.stringify([key, actionOwner(options), options.userName, options.sudo]);
  const found = probes.get(cacheKey);
  if (found !== undefined) return found.then((outcome) => ({ outcome }));
  const trial = create();
  probes.set(
    cacheKey,
    trial.then((done) => done.outcome),
  );
  return trial;
}

function namespaceConfig(
  elevation: Elevation,
  user: SandboxUser | undefined,
  options: ResolveSandboxOptions,
): NamespaceSandboxConfig {
  return {
    elevation,
    action: actionOwner(options),
    env: options.env,
    run: options.run ?? runProgram,
    logger: options.logger,
    ...(user ? { user } : {}),
    ...(options.sudo ? { sudo: options.sudo } : {}),
  };
}

async function probeNamespace(
  elevation: Elevation,
  options: ResolveSandboxOptions,
): Promise<Trial> {
  const run = options.run ?? runProgram;
  let user: SandboxUser | undefined;
  if (elevation === 'root' && actionOwner(options).uid === 0) {
    const found = await ensureSandboxUser(run, { name: options.userName });
    if ('problem' in found) options.logger.debug(`Sandbox: ${found.problem}`);
    else user = found;
  }
  const works: ProbeOutcome = user ? { works: true, user } : { works: true };
  const config = namespaceConfig(elevation, user, options);
  const session = await tryFirstSession(run, options, (first) =>
    openNamespaceSession(config, first),
  );
  if (session !== undefined) return { outcome: works, session };
  // The probe hides only what every machine has; real sessions use the run's environment.
  const probeConfig = { ...config, env: { PATH: options.env.PATH } };
  const problem = await tryOnce(run, (workspaceRoot) =>
    openNamespaceSession(probeConfig, { workspaceRoot, isolateNetwork: false }),
  );
  return { outcome: problem === undefined ? works : { works: false, problem } };
}

function namespaceSandbox(
  elevation: Elevation,
  user: SandboxUser | undefined,
  options: ResolveSandboxOptions,
): Sandbox {
  const config = namespaceConfig(elevation, user, options);
  return {
    kind: user !== undefined ? 'namespace+user' : 'namespace',
    ...namespaceDescription({ elevation, user, actionUser: actionOwner(options).name }),
    canIsolateNetwork: true,
    open: (session) => openNamespaceSession(config, session),
  };
}

async function probeUser(options: ResolveSandboxOptions): Promise<Trial> {
  const run = options.run ?? runProgram;
  const action = actionOwner(options);
  if (action.uid !== 0) {
    return {
      outcome: {
        works: false,
        problem:
          'a separate user needs the Action to run as root (with namespaces, sudo serves instead)',
      },
    };
  }
  const user = await ensureSandboxUser(run, { name: options.userName });
  if ('problem' in user) return { outcome: { works: false, problem: user.problem } };
  const config = { user, action, run, logger: options.logger };
  const session = await tryFirstSession(run, options, (first) => openUserSession(config, first));
  if (session !== undefined) return { outcome: { works: true, user }, session };
  const problem = await tryOnce(run, (workspaceRoot) =>
    openUserSession(config, { workspaceRoot, isolateNetwork: false }),
  );
  return { outcome: problem === undefined ? { works: true, user } : { works: false, problem } };
}

function userSandbox(user: SandboxUser, options: ResolveSandboxOptions): Sandbox {
  const config = {
    user,
    action: actionOwner(options),
    run: options.run ?? runProgram,
    logger: options.logger,
  };
  return {
    kind: 'user',
    ...userDescription(user),
    canIsolateNetwork: false,
    open: (session) => openUserSession(config, session),
  };
}

/**
 * Sets the sandbox up on an empty directory and runs one command in it; the problem when either
 * fails, undefined when both worked.
 */
async function tryOnce(
  run: RunProgram,
  open: (workspaceRoot: string) => Promise<SandboxSession>,
): Promise<string | undefined> {
  const workspaceRoot = await mkdtemp(path.join(os.tmpdir(), 'gemini-sandbox-probe-'));
  let session: SandboxSession | undefined;
  try {
    session = await open(workspaceRoot);
    const command = await session.wrap({
      argv: ['sh', '-c', 'echo ok > probe && cat probe'],
      env: { PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin' },
      cwd: workspaceRoot,
    });
    const result = await run(command.argv, {
      env: command.env,
      cwd: command.cwd,
      timeoutMs: 20_000,
    });
    if (result.exitCode !== 0 || result.stdout.trim() !== 'ok') {
      return `a command in it failed: ${failureText(result)}`;
    }
    return undefined;
  } catch (error) {
    return errorMessage(error);
  } finally {
    await session?.close();
    await rm(workspaceRoot, { recursive: true, force: true });
  }
}

/**
 * Sets up the caller's first session for real and runs one command in it that checks the
 * workspace is writable, or only enterable where it would have to be lent first (without writing
 * to it: it is the user's); the session when both worked,
 * undefined (the session closed again) when there is none or either failed.
 */
async function tryFirstSession(
  run: RunProgram,
  options: ResolveSandboxOptions,
  open: (first: SandboxSessionOptions) => Promise<SandboxSession>,
): Promise<SandboxSession | undefined> {
  const first = options.firstSession;
  if (first === undefined) return undefined;
  let session: SandboxSession | undefined;
  try {
    session = await open(first);
    // Where the workspace is lent to the sandbox user, lending changes the owner of every file
    // (seconds in a large checkout, and again to give it back): that waits for the first command,
    // which a run may never make. The check then is that the user can enter the workspace; the
    // loan warns at the first command if it cannot give write access.
    const access = session.lendsWorkspace ? '-x' : '-w';
    const command = await session.wrap(
      {
        argv: ['sh', '-c', `test ${access} . && echo ok`],
        env: { PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin' },
        cwd: await realpath(first.workspaceRoot),
      },
      { lendWorkspace: false },
    );
    const result = await run(command.argv, {
      env: command.env,
      cwd: command.cwd,
      timeoutMs: 20_000,
    });
    if (result.exitCode === 0 && result.stdout.trim() === 'ok') return session;
    options.logger.debug(
      `Sandbox: a command in the workspace's sandbox failed: ${failureText(result)}`,
    );
  } catch (error) {
    options.logger.debug(
      `Sandbox: the workspace's sandbox could not be set up: ${errorMessage(error)}`,
    );
  }
  await session?.close();
  return undefined;
}

/**
 * The sandbox, handing `session` (set up for `options.firstSession` by the probe) to its first
 * `open()` with the same options; a first `open()` with other options closes it and opens anew.
 */
function keepingFirstSession(
  sandbox: Sandbox,
  options: ResolveSandboxOptions,
  session: SandboxSession | undefined,
): Sandbox {
  const first = options.firstSession;
  if (session === undefined || first === undefined) return sandbox;
  let kept: SandboxSession | undefined = session;
  const take = (): SandboxSession | undefined => {
    const taken = kept;
    kept = undefined;
    return taken;
  };
  return {
    ...sandbox,
    open: async (wanted) => {
      const taken = take();
      if (taken !== undefined) {
        if (await sameSessionOptions(wanted, first)) return taken;
        await taken.close();
      }
      return sandbox.open(wanted);
    },
    release: async () => {
      await take()?.close();
    },
  };
}

async function sameSessionOptions(
  a: SandboxSessionOptions,
  b: SandboxSessionOptions,
): Promise<boolean> {
  const definedEntries = (env: SandboxSessionOptions['commandEnv']) =>
    JSON.stringify(
      Object.entries(env ?? {})
        .filter(([, value]) => value !== undefined)
        .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
    );
  if (a.isolateNetwork !== b.isolateNetwork) return false;
  if (definedEntries(a.commandEnv) !== definedEntries(b.commandEnv)) return false;
  if ((a.readablePaths ?? []).join('\0') !== (b.readablePaths ?? []).join('\0')) return false;
  const [rootA, rootB] = await Promise.all([
    realpath(a.workspaceRoot).catch(() => a.workspaceRoot),
    realpath(b.workspaceRoot).catch(() => b.workspaceRoot),
  ]);
  return rootA === rootB;
}
