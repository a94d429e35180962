/**
 * Keeping this process's own environment — the model key, the GitHub token, whatever secret the
 * caller exported — out of reach of the commands it runs when no sandbox separates them.
 *
 * Removing a variable from `process.env` is not enough: the kernel shows the block `exec` placed
 * on the stack in `/proc/<pid>/environ` for as long as the process runs, whatever the process
 * does to its variables afterwards, and any process of the same user may read it there (macOS's
 * `ps eww` reads the same block). So, first thing at start:
 *
 * - On Linux, the block is overwritten with zeros in place, through `/proc/self/mem` (a process
 *   may always write its own memory; no privilege is needed, unlike `prctl(PR_SET_MM)` to move
 *   the block, which needs CAP_SYS_RESOURCE), after every variable was copied to the heap, where
 *   `process.env` then finds it. `/proc/<pid>/environ` shows nothing from then on. Costs well
 *   under a millisecond.
 * - Elsewhere, or where the kernel refuses the write, and only when a credential is in the
 *   environment: the program runs itself again with `process.execve`, the credentials handed over
 *   in a private file (mode 0600 in a fresh 0700 directory) that the new image reads and deletes
 *   before anything else runs. The new image's block holds no credentials. Costs one more Node
 *   start-up (~50–70 ms), paid only there.
 *
 * What this does not cover: a command that runs code as the same user can still read this
 * process's memory (`/proc/<pid>/mem`, a debugger) where the system lets a user trace their own
 * processes (Yama `ptrace_scope` 0). The sandbox covers that; this keeps the plainest door shut.
 */
import {
  mkdtempSync,
  openSync,
  closeSync,
  readFileSync,
  readSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isSecretEnvironmentName } from './tool-environment.js';

/** Names the hand-over file in the new image's environment. */
export const HANDOVER_VARIABLE = 'GEMINI_AGENT_ENVIRONMENT_HANDOVER';
const HANDOVER_DIRECTORY_PREFIX = 'gemini-agent-env-';
const HANDOVER_FILE = 'environment.json';

type Execve = (file: string, args: string[], env: Record<string, string>) => never;

export type EnvironmentProtection =
  /** The initial block was wiped; `/proc/self/environ` now shows nothing. */
  | { outcome: 'wiped' }
  /** This image was started by a hand-over: its initial block holds no credentials. */
  | { outcome: 'handed_over' }
  /** No credential was in the environment, so nothing needed hiding. */
  | { outcome: 'nothing_to_hide' }
  /** It could not be done here; the credentials stay visible to the process's own user. */
  | { outcome: 'not_protected'; reason: string };

export interface ProtectOptions {
  env?: NodeJS.ProcessEnv;
  platform?: NodeJS.Platform;
  /** Where `/proc/self` is (tests point it elsewhere to simulate a refusal). */
  procSelf?: string;
  /**
   * Re-executes this program; default `process.execve` where Node has it (22.15, 23.11 and
   * later); `null` where it may not be used.
   */
  execve?: Execve | null;
}

/**
 * Run first thing at start. Returns what was done; when it re-executes, it does not return (the
 * new image starts over and finds the hand-over).
 */
export function protectInitialEnvironment(options: ProtectOptions = {}): EnvironmentProtection {
  const env = options.env ?? process.env;
  if (receiveHandover(env)) return { outcome: 'handed_over' };
  const platform = options.platform ?? process.platform;
  let reason = `the environment cannot be rewritten in place on ${platform}`;
  if (platform === 'linux') {
    const wiped = wipeEnvironmentBlock(env, options.procSelf ?? '/proc/self');
    if (wiped === undefined) return { outcome: 'wiped' };
    reason = wiped;
  }
  const credentials = Object.keys(env).filter(isSecretEnvironmentName);
  if (credentials.length === 0) return { outcome: 'nothing_to_hide' };
  const execve = options.execve === undefined ? processExecve() : options.execve;
  if (execve === null) {
    return {
      outcome: 'not_protected',
      reason: `${reason}, and this Node (${process.version}) cannot re-execute itself (process.execve needs 22.15 or later)`,
    };
  }
  reexecute(env, credentials, execve);
}

/**
 * Copies every variable to the heap, then zeroes the block the kernel shows. Returns why it could
 * not, or undefined when `/proc/self/environ` shows nothing afterwards.
 */
export function wipeEnvironmentBlock(env: NodeJS.ProcessEnv, procSelf: string): string | undefined {
  let start: number;
  let end: number;
  try {
    [start, end] = environmentBounds(readFileSync(path.join(procSelf, 'stat'), 'utf8'));
  } catch (error) {
    return `the environment's place in memory is unknown (${errorText(error)})`;
  }
  const snapshot = Object.entries(env);
  let memory: number | undefined;
  try {
    memory = openSync(path.join(procSelf, 'mem'), 'r+');
    // Read back first: only a block that is what /proc shows is overwritten.
    const shown = readFileSync(path.join(procSelf, 'environ'));
    const block = Buffer.alloc(end - start);
    readSync(memory, block, 0, block.length, start);
    if (!block.subarray(0, shown.length).equals(shown)) {
      return 'the environment in memory is not what /proc shows';
    }
    writeSync(memory, Buffer.alloc(block.length), 0, block.length, start);
  } catch (error) {
    return `the kernel refused to rewrite it (${errorText(error)})`;
  } finally {
    if (memory !== undefined) closeSync(memory);
  }
  // The C library's entries pointed into the block, now empty; each variable gets a heap copy.
  for (const [name, value] of snapshot) {
    if (value !== undefined) env[name] = value;
  }
  const after = readFileSync(path.join(procSelf, 'environ'));
  return after.some((byte) => byte !== 0) ? 'the block still shows variables' : undefined;
}

/** `env_start` and `env_end`, fields 50 and 51 of `/proc/<pid>/stat` (Linux 3.5 and later). */
export function environmentBounds(stat: string): [number, number] {
  // The command name (field 2) may hold spaces and parentheses; the fields after it may not.
  const fields = stat
    .slice(stat.lastIndexOf(')') + 2)
    .trim()
    .split(' ');
  const start = Number(fields[50 - 3]);
  const end = Number(fields[51 - 3]);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || end <= start || start === 0) {
    throw new Error(`no environment bounds in /proc/self/stat`);
  }
  return [start, end];
}

function processExecve(): Execve | null {
  const execve = (process as { execve?: Execve }).execve;
  return typeof execve === 'function' ? execve.bind(process) : null;
}

/** Runs this program again with the credentials in a hand-over file instead of the environment. */
function reexecute(env: NodeJS.ProcessEnv, credentials: readonly string[], execve: Execve): never {
  const directory = mkdtempSync(path.join(os.tmpdir(), HANDOVER_DIRECTORY_PREFIX));
  const file = path.join(directory, HANDOVER_FILE);
  const handed = Object.fromEntries(credentials.map((name) => [name, env[name] ?? '']));
  writeFileSync(file, JSON.stringify(handed), { mode: 0o600, flag: 'wx' });
  const rest: Record<string, string> = {};
  for (const [name, value] of Object.entries(env)) {
    if (value !== undefined && !credentials.includes(name)) rest[name] = value;
  }
  rest[HANDOVER_VARIABLE] = file;
  try {
    return execve(
      process.execPath,
      [process.execPath, ...process.execArgv, ...process.argv.slice(1)],
      rest,
    );
  } catch (error) {
    rmSync(directory, { recursive: true, force: true });
    throw error;
  }
}

/**
 * In a re-executed image: takes the credentials from the hand-over file into `env` (heap copies,
 * never the block the kernel shows) and deletes the file. False when this image was not handed
 * anything.
 */
export function receiveHandover(env: NodeJS.ProcessEnv): boolean {
  const file = env[HANDOVER_VARIABLE];
  if (file === undefined) return false;
  Reflect.deleteProperty(env, HANDOVER_VARIABLE);
  // Only a file this module writes is read and removed, whatever the variable says.
  const directory = path.dirname(file);
  const ours =
    path.basename(file) === HANDOVER_FILE &&
    path.dirname(directory) === os.tmpdir() &&
    path.basename(directory).startsWith(HANDOVER_DIRECTORY_PREFIX);
  if (!ours) return false;
  let handed: unknown;
  try {
    handed = JSON.parse(readFileSync(file, 'utf8'));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
  if (typeof handed !== 'object' || handed === null) return true;
  for (const [name, value] of Object.entries(handed)) {
    if (typeof value === 'string') env[name] = value;
  }
  return true;
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
