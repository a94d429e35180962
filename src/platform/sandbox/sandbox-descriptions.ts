/**
 * What each sandbox does and does not protect, in the words the log and the job summary show.
 * Each gap is one sentence; one starting with `Network` is left out when the run's network is cut.
 */
import type { Elevation } from './namespace-session.js';
import type { SandboxUser } from './sandbox-user.js';

const NETWORK_GAP =
  'Network: commands can reach the network, so whatever they can read they can send.';
const WORKSPACE_GAP = 'The workspace: anything secret kept in the checkout can be read.';
const KERNEL_GAP = 'The kernel is shared: a kernel exploit escapes any sandbox.';

export function namespaceDescription(options: {
  elevation: Elevation;
  user: SandboxUser | undefined;
  actionUser: string;
}): { describe: string; gaps: string[] } {
  const { elevation, user } = options;
  let who: string;
  const gaps = [NETWORK_GAP, WORKSPACE_GAP];
  if (elevation === 'userns') {
    who = `the Action's user ${options.actionUser} (uid 0 inside a user namespace)`;
    gaps.push(
      "Files of the Action's user outside the hidden directories can be read.",
      'Supplementary groups stay in effect inside a user namespace (container engine sockets are covered).',
    );
  } else if (user !== undefined) {
    who = `the unprivileged user ${user.name}`;
    gaps.push('Files readable by every user can be read.');
    if (!user.dedicated) {
      gaps.push(`The user ${user.name} is shared with other services on this machine.`);
    }
  } else {
    who = `the Action's user ${options.actionUser} without its supplementary groups`;
    gaps.push("Files of the Action's user outside the hidden directories can be read.");
  }
  gaps.push(KERNEL_GAP);
  return {
    describe: `Shell commands run in their own PID and mount namespaces (a private /proc: the Action's processes are out of sight) as ${who}, with no capabilities and no_new_privs (sudo and other set-user-ID programs cannot raise privileges); the home, temporary and runner directories are replaced by empty private ones, and everything outside the workspace is read-only, the workspace's .git included.`,
    gaps,
  };
}

export function userDescription(user: SandboxUser): { describe: string; gaps: string[] } {
  return {
    describe: `Shell commands run as the unprivileged user ${user.name} with no capabilities and no_new_privs, so the Action's process (its environment and memory) is out of reach and sudo cannot raise privileges; the workspace is lent to that user during the session.`,
    gaps: [
      NETWORK_GAP,
      WORKSPACE_GAP,
      'Other processes are visible (ps lists them, without their environment).',
      'Files readable by every user can be read, and places every user may write to, such as /tmp, can be written.',
      ...(user.dedicated
        ? []
        : [`The user ${user.name} is shared with other services on this machine.`]),
      KERNEL_GAP,
    ],
  };
}

const PLATFORM_NAMES: Partial<Record<NodeJS.Platform, string>> = {
  darwin: 'macOS',
  win32: 'Windows',
  linux: 'Linux',
};

export function platformName(platform: NodeJS.Platform): string {
  return PLATFORM_NAMES[platform] ?? platform;
}

export function noneDescription(options: {
  platform: NodeJS.Platform;
  /** Why no sandbox could be used, when one was wanted. */
  reason?: string;
}): { describe: string; gaps: string[] } {
  const base =
    "Shell commands run as the Action's own user with only an allow-listed environment; the policy, and its check that commands name files inside the workspace only, are the guards.";
  let describe = base;
  if (options.platform !== 'linux') {
    describe = `No sandbox exists on ${platformName(options.platform)} runners. ${base} For runs on untrusted input, use a Linux runner.`;
  } else if (options.reason !== undefined) {
    describe = `No sandbox could be set up on this machine (${options.reason}). ${base}`;
  }
  return {
    describe,
    gaps: [
      "The Action's process: a command can read its environment and memory where the system lets a user inspect its own processes.",
      'Privileges: passwordless sudo, where the runner has it, gives root.',
      "Files: the home directory and everything else the Action's user can read or write.",
      NETWORK_GAP,
    ],
  };
}
