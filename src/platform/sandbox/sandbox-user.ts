/**
 * The unprivileged user commands run as when the Action itself runs as root. Root owns every
 * system file and may talk to systemd, D-Bus and container sockets as root; even without
 * capabilities a process with uid 0 keeps all of that. A user of its own has none of it.
 *
 * The user is created on first use (a system account without a home or login shell), and reused
 * afterwards. Where no account can be created, `nobody` stands in, which is weaker: other
 * services may run as `nobody` too.
 */
import type { RunProgram } from './run-program.js';
import { failureText } from './run-program.js';

export const SANDBOX_USER_NAME = 'gemini-agent-sandbox';

export interface SandboxUser {
  name: string;
  uid: number;
  gid: number;
  /** True when it is a dedicated account; false for the shared `nobody`. */
  dedicated: boolean;
}

/** Finds or creates the sandbox user; undefined with the reason when neither works. */
export async function ensureSandboxUser(
  run: RunProgram,
  options: { name?: string; allowNobody?: boolean } = {},
): Promise<SandboxUser | { problem: string }> {
  const name = options.name ?? SANDBOX_USER_NAME;
  const existing = await lookUpUser(run, name);
  if (existing !== undefined) return { name, ...existing, dedicated: true };
  const attempts = [
    // shadow-utils (Debian, Ubuntu, Fedora): a system account with its own group.
    [
      'useradd',
      '--system',
      '--user-group',
      '--no-create-home',
      '--home-dir',
      '/nonexistent',
      '--shell',
      '/usr/sbin/nologin',
      name,
    ],
    // BusyBox (Alpine).
    ['adduser', '-S', '-D', '-H', '-h', '/nonexistent', '-s', '/sbin/nologin', name],
  ];
  const problems: string[] = [];
  for (const argv of attempts) {
    const result = await run(argv);
    // Another process may have created it meanwhile: whether it exists now is what counts.
    const created = await lookUpUser(run, name);
    if (created !== undefined) return { name, ...created, dedicated: true };
    problems.push(`${argv[0] ?? ''}: ${failureText(result)}`);
  }
  if (options.allowNobody !== false) {
    const nobody = await lookUpUser(run, 'nobody');
    if (nobody !== undefined && nobody.uid !== 0) {
      return { name: 'nobody', ...nobody, dedicated: false };
    }
  }
  return { problem: `cannot create the user ${name} (${problems.join('; ')})` };
}

/**
 * The user's uid and primary gid from one `id NAME`: in the POSIX locale (the helper programs run
 * with PATH alone) POSIX fixes its output as `uid=%u(%s) gid=%u(%s)`, the names left out where
 * unknown. One program where `id -u` and `id -g` were two: each start of one costs the agent's
 * process a fork, and this lookup runs while the first model request is on its way.
 */
async function lookUpUser(
  run: RunProgram,
  name: string,
): Promise<{ uid: number; gid: number } | undefined> {
  const result = await run(['id', name]);
  if (result.exitCode !== 0) return undefined;
  const ids = /^uid=(\d+)(?:\([^)]*\))? gid=(\d+)(?:\(|\s|$)/.exec(result.stdout.trim());
  if (ids === null) return undefined;
  return { uid: Number(ids[1]), gid: Number(ids[2]) };
}
