/**
 * Which directories a namespace sandbox hides, which stay visible under them, and which sockets
 * it covers. Derived from the Action's environment and the machine, never from the model.
 *
 * Hidden (an empty private tmpfs over each):
 * - the home directory (from HOME, the password database and Node's view): credentials of git,
 *   ssh, docker, cloud CLIs, and on GitHub-hosted runners also the other checkouts and the
 *   runner's temporary directory;
 * - the temporary directories (/tmp, /var/tmp, /dev/shm, TMPDIR): other processes' files;
 * - RUNNER_TEMP and the directories of the workflow file commands (GITHUB_ENV, GITHUB_OUTPUT…),
 *   which change later steps of the job, and XDG_RUNTIME_DIR (agent sockets);
 * - the runner's own installation (found from the Node executable running the Action): its
 *   credentials and diagnostic logs.
 * Kept visible, read-only: the folders the session asks for (the base branch's copies a pull
 * request's run starts its configured processes from), the tool cache (RUNNER_TOOL_CACHE,
 * AGENT_TOOLSDIRECTORY) and PATH entries named `bin`, where they lie under a hidden directory, so
 * the programs a workflow set up still run.
 */
import { existsSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { MAX_KEPT_DIRECTORIES } from './namespace-setup.js';
import type { NamespaceSetup } from './namespace-setup.js';
import { FILE_COMMAND_VARIABLES } from '../runner-file-commands.js';
import { isInsideOrSame, isStrictlyInside } from '../path-containment.js';

type Environment = Readonly<Record<string, string | undefined>>;

/** Directories that must stay as they are: hiding one of them (or a parent) breaks every program. */
const SYSTEM_DIRECTORIES = ['/usr', '/bin', '/sbin', '/lib', '/lib64', '/etc', '/proc', '/sys'];
const TEMPORARY_DIRECTORIES = ['/tmp', '/var/tmp', '/dev/shm'];
/** Sockets of container engines: whoever can reach one can start a privileged container. */
export const CONTAINER_SOCKETS = [
  '/run/docker.sock',
  '/var/run/docker.sock',
  '/run/containerd/containerd.sock',
  '/run/podman/podman.sock',
  '/run/user/0/podman/podman.sock',
];

export interface SandboxPathsInput {
  /** The Action's environment and the commands' (their HOME and TMPDIR must be private too). */
  environments: readonly Environment[];
  /** The workspace, as a real path. */
  workspaceRoot: string;
  /** The Node executable running the Action (default `process.execPath`). */
  execPath?: string;
  /** Home directories besides HOME (default: Node's and the password database's). */
  homes?: readonly string[];
  /** Cover container sockets (for commands that keep their supplementary groups). */
  maskSockets: boolean;
  /** Folders to keep readable wherever they are (kept first, before the tool cache and PATH). */
  readable?: readonly string[];
}

export type SandboxPaths = Pick<NamespaceSetup, 'hide' | 'keep' | 'mask'>;

export async function sandboxPaths(input: SandboxPathsInput): Promise<SandboxPaths> {
  const { environments } = input;
  const workspace = input.workspaceRoot;
  const all = (name: string) => environments.map((env) => env[name]);
  const homes = input.homes ?? [os.homedir(), safeUserHome()];
  const temporary = [...TEMPORARY_DIRECTORIES, os.tmpdir(), ...all('TMPDIR')];
  const other = [
    ...all('RUNNER_TEMP'),
    ...all('XDG_RUNTIME_DIR'),
    runnerRoot(input.execPath ?? process.execPath),
    ...FILE_COMMAND_VARIABLES.flatMap((name) =>
      all(name).map((file) => (file ? path.dirname(file) : undefined)),
    ),
  ];
  // Looked up side by side: setting up the sandbox is on the way to the first command (and, in
  // the Action, to the first model request).
  const [homeDirs, temporaryDirs, otherDirs, keepCandidates, readableDirs] = await Promise.all([
    existingDirectories([...all('HOME'), ...homes]),
    existingDirectories(temporary),
    existingDirectories(other),
    existingDirectories([
      ...all('RUNNER_TOOL_CACHE'),
      ...all('AGENT_TOOLSDIRECTORY'),
      ...all('PATH')
        .flatMap((value) => (value ?? '').split(path.delimiter))
        .filter((entry) => path.basename(entry) === 'bin'),
    ]),
    existingDirectories(input.readable ?? []),
  ]);
  const candidates = [
    ...homeDirs.map((dir) => ({ path: dir, mode: '0700' as const })),
    ...temporaryDirs.map((dir) => ({ path: dir, mode: '1777' as const })),
    ...otherDirs.map((dir) => ({ path: dir, mode: '0700' as const })),
  ];
  const hide: SandboxPaths['hide'][number][] = [];
  for (const candidate of candidates) {
    if (!mayHide(candidate.path, workspace)) continue;
    if (hide.some((dir) => dir.path === candidate.path)) continue;
    hide.push(candidate);
  }
  // Outer directories first: an inner one is then created inside the outer one's tmpfs.
  hide.sort((a, b) => depth(a.path) - depth(b.path));

  const hidden = hide.map((dir) => dir.path);
  const keep = [
    ...new Set(
      [...readableDirs, ...keepCandidates].filter(
        (dir) =>
          hidden.some((outer) => isStrictlyInside(dir, outer)) &&
          // Never an ancestor of something hidden or of the workspace: that would show it again.
          !hidden.some((inner) => isInsideOrSame(inner, dir)) &&
          !isInsideOrSame(workspace, dir) &&
          !isInsideOrSame(dir, workspace),
      ),
    ),
  ].slice(0, MAX_KEPT_DIRECTORIES);

  const mask = input.maskSockets ? CONTAINER_SOCKETS.filter((file) => existsSync(file)) : [];
  return { hide, keep, mask };
}

function mayHide(dir: string, workspace: string): boolean {
  if (dir === path.parse(dir).root) return false;
  if (isInsideOrSame(dir, workspace)) return false;
  return !SYSTEM_DIRECTORIES.some((system) => isInsideOrSame(system, dir));
}

function depth(dir: string): number {
  return dir.split(path.sep).filter((part) => part !== '').length;
}

/**
 * The absolute ones that exist as directories, as real paths (a mount lands on the target), in
 * the order given and each once. All are looked up at once.
 */
async function existingDirectories(candidates: readonly (string | undefined)[]): Promise<string[]> {
  const looked = await Promise.all(
    candidates.map(async (candidate) => {
      if (candidate === undefined || !path.isAbsolute(candidate)) return undefined;
      try {
        const real = await realpath(candidate);
        return (await stat(real)).isDirectory() ? real : undefined;
      } catch {
        // Missing or unreadable: nothing to hide there.
        return undefined;
      }
    }),
  );
  return [...new Set(looked.filter((real): real is string => real !== undefined))];
}

function safeUserHome(): string | undefined {
  try {
    return os.userInfo().homedir;
  } catch {
    return undefined;
  }
}

/**
 * The GitHub Actions runner's installation directory when the Action runs under one: Node comes
 * from its `externals/` (`<root>/externals/node24/bin/node`), next to `bin/Runner.Worker`.
 */
export function runnerRoot(execPath: string): string | undefined {
  let dir = path.dirname(execPath);
  for (let level = 0; level < 5; level += 1) {
    if (path.basename(dir) === 'externals') {
      const root = path.dirname(dir);
      return existsSync(path.join(root, 'bin', 'Runner.Worker')) ||
        existsSync(path.join(root, 'bin', 'Runner.Worker.dll'))
        ? root
        : undefined;
    }
    const parent = path.dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
  return undefined;
}
