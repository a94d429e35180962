/**
 * Opening a workspace file so that what was checked is what gets used.
 *
 * `Workspace.resolve` looks at the file system, and the tool opens the path a moment later; in
 * between, a process the model started could swap a file or a directory on the way for a symlink
 * to somewhere else. Node offers no `openat2(RESOLVE_BENEATH)`, so the open is checked afterwards:
 * the last component is opened without following a symlink (`O_NOFOLLOW`), and the open handle
 * is compared with the checked path (type, link count, device and inode, and on Linux the kernel's
 * own name for the handle). A handle that fails is closed and never used.
 *
 * What remains: an open that creates a file (`O_CREAT`) through a directory swapped in the
 * instant before may leave an empty file where the swapped link led; no content is written
 * there, because the handle is refused before any write. Truncation is delayed until after the
 * check for the same reason.
 */
import type { Stats } from 'node:fs';
import { constants } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { lstat, open, readlink } from 'node:fs/promises';
import { errorMessage, isMissingPathError } from '../platform/errors.js';
import { REFUSAL_REASONS, refusalMessage } from './boundary-messages.js';
import { isSpecialFile } from './real-path.js';
import type { PathPurpose, ResolvedPath } from './workspace-types.js';

/** The `fs.open` flag strings tools use; numbers (`fs.constants.O_*`) are taken too. */
export type OpenFlags = 'r' | 'r+' | 'w' | 'wx' | 'w+' | 'wx+' | 'a' | 'ax' | 'a+' | 'ax+' | number;

export interface OpenVerifiedOptions {
  purpose: PathPurpose;
  /** Default `'r'` for reading and `'w'` for writing. Writing flags need purpose `write`. */
  flags?: OpenFlags;
  /** Permission bits of a file the open creates (before the umask); default `0o666`. */
  mode?: number;
}

export interface VerifiedFile {
  ok: true;
  /** Read and write through this handle (not the path), and close it when done. */
  handle: FileHandle;
  /** The handle's `fstat`, taken after any truncation. */
  stats: Stats;
  absolutePath: string;
  relativePath: string;
  root: string;
  /**
   * A path naming exactly the open file or directory while the handle stays open:
   * `/proc/self/fd/<n>` where the system has it, otherwise `absolutePath`. For calls that only take
   * a path, such as listing a directory.
   */
  handlePath: string;
}

export type VerifiedOpenFailure =
  | { ok: false; reason: 'not_in_workspace'; message: string }
  | {
      ok: false;
      reason: 'not_found' | 'is_directory' | 'not_regular_file' | 'failed';
      message: string;
      absolutePath: string;
    };

export type VerifiedOpenResult = VerifiedFile | VerifiedOpenFailure;

/** What `openVerified` needs of the workspace: its path check. */
export interface PathChecker {
  resolve(requested: string, options: { purpose: PathPurpose }): ResolvedPath;
}

/** Seams for tests, which play the race by changing the file system between check and open. */
export interface OpenVerifiedHooks {
  beforeOpen?: () => Promise<void>;
  /** Where the kernel says the handle is (default: `/proc/self/fd`); `undefined` if unknown. */
  kernelPath?: (fd: number) => Promise<string | undefined>;
}

const { O_RDONLY, O_WRONLY, O_RDWR, O_CREAT, O_EXCL, O_TRUNC, O_APPEND } = constants;
// Not every platform has these (Windows has neither); there the later checks still apply.
const platformFlags: Partial<typeof constants> = constants;
const O_NOFOLLOW = platformFlags.O_NOFOLLOW ?? 0;
const O_NONBLOCK = platformFlags.O_NONBLOCK ?? 0;

const NAMED_FLAGS: Record<Exclude<OpenFlags, number>, number> = {
  r: O_RDONLY,
  'r+': O_RDWR,
  w: O_WRONLY | O_CREAT | O_TRUNC,
  wx: O_WRONLY | O_CREAT | O_TRUNC | O_EXCL,
  'w+': O_RDWR | O_CREAT | O_TRUNC,
  'wx+': O_RDWR | O_CREAT | O_TRUNC | O_EXCL,
  a: O_WRONLY | O_CREAT | O_APPEND,
  ax: O_WRONLY | O_CREAT | O_APPEND | O_EXCL,
  'a+': O_RDWR | O_CREAT | O_APPEND,
  'ax+': O_RDWR | O_CREAT | O_APPEND | O_EXCL,
};
const WRITING = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND;

/** See the module comment; `Workspace.openVerified` is the usual way to call this. */
export async function openVerified(
  workspace: PathChecker,
  requested: string,
  options: OpenVerifiedOptions,
  hooks: OpenVerifiedHooks = {},
): Promise<VerifiedOpenResult> {
  const { purpose } = options;
  const requestedFlags = flagsOf(options);
  if (purpose === 'read' && (requestedFlags & WRITING) !== 0) {
    throw new Error('openVerified: opening for writing needs purpose "write".');
  }
  const resolved = workspace.resolve(requested, { purpose });
  if (!resolved.ok) {
    return { ok: false, reason: 'not_in_workspace', message: resolved.error.message };
  }
  const file = resolved.absolutePath;
  const refused = (reason: string): VerifiedOpenFailure => ({
    ok: false,
    reason: 'not_in_workspace',
    message: refusalMessage(file, reason),
  });
  const failed = (
    reason: 'not_found' | 'is_directory' | 'not_regular_file' | 'failed',
    message: string,
  ): VerifiedOpenFailure => ({
    ok: false,
    reason,
    message,
    absolutePath: file,
  });
  const notRegular = () => failed('not_regular_file', `Path is not a regular file: ${file}`);

  // Looked at before opening too: opening a device can act on it, and a FIFO opened for writing
  // waits for a reader.
  try {
    if (isSpecialFile(await lstat(file))) return notRegular();
  } catch (error) {
    if (!isMissingPathError(error)) return failed('failed', errorMessage(error));
  }

  await hooks.beforeOpen?.();
  let handle: FileHandle;
  try {
    // O_NONBLOCK: a FIFO swapped in after the look above opens at once instead of blocking, and
    // is then refused by type. Regular files and directories ignore the flag.
    const flags = (requestedFlags & ~O_TRUNC) | O_NOFOLLOW | O_NONBLOCK;
    handle = await open(file, flags, options.mode ?? 0o666);
  } catch (error) {
    switch ((error as { code?: unknown }).code) {
      case 'ENOENT':
      case 'ENOTDIR':
        return failed('not_found', `File not found: ${file}`);
      case 'EISDIR':
        return failed('is_directory', `Path is a directory, not a file: ${file}`);
      case 'ENXIO':
        // A FIFO without a reader, or a socket.
        return notRegular();
      case 'ELOOP':
      case 'EMLINK':
        // The last component became a symlink after the check (EMLINK on some BSDs).
        return refused(REFUSAL_REASONS.changed);
      default:
        return failed('failed', errorMessage(error));
    }
  }

  try {
    const kernelName = await (hooks.kernelPath ?? procPath)(handle.fd);
    const problem = await verifyHandle(handle, { workspace, requested, file, purpose, kernelName });
    if (problem !== null) {
      await handle.close();
      return problem === 'special' ? notRegular() : refused(REFUSAL_REASONS[problem]);
    }
    let stats = await handle.stat();
    if ((requestedFlags & O_TRUNC) !== 0) {
      await handle.truncate(0);
      stats = await handle.stat();
    }
    return {
      ok: true,
      handle,
      stats,
      absolutePath: file,
      relativePath: resolved.relativePath,
      root: resolved.root,
      handlePath: kernelName === undefined ? file : `/proc/self/fd/${handle.fd}`,
    };
  } catch (error) {
    await handle.close().catch(() => undefined);
    return failed('failed', errorMessage(error));
  }
}

interface VerifyContext {
  workspace: PathChecker;
  requested: string;
  file: string;
  purpose: PathPurpose;
  /** Where the kernel says the handle is; `undefined` where the system cannot tell. */
  kernelName: string | undefined;
}

/** Why the open handle is not the file that was checked, or `null` when it is. */
async function verifyHandle(
  handle: FileHandle,
  context: VerifyContext,
): Promise<'special' | 'hardLink' | 'changed' | null> {
  const { workspace, requested, file, purpose, kernelName } = context;
  const stats = await handle.stat();
  if (isSpecialFile(stats)) return 'special';
  if (!stats.isDirectory() && stats.nlink > 1) return 'hardLink';

  // The kernel's own name for what was opened: a directory on the way that was swapped for a
  // symlink shows up here as a path somewhere else, which must pass the same check.
  if (kernelName !== undefined && kernelName !== file) {
    const again = workspace.resolve(kernelName, { purpose });
    if (!again.ok || again.absolutePath !== kernelName) return 'changed';
  }
  // Where no kernel name is available this is the main check; elsewhere a second opinion. The
  // request must still lead to the same path, and that path to the same file.
  const again = workspace.resolve(requested, { purpose });
  if (!again.ok || again.absolutePath !== file) return 'changed';
  let now: Stats;
  try {
    now = await lstat(file);
  } catch {
    return 'changed';
  }
  if (now.dev !== stats.dev || now.ino !== stats.ino) return 'changed';
  return null;
}

function flagsOf(options: OpenVerifiedOptions): number {
  const flags = options.flags ?? (options.purpose === 'write' ? 'w' : 'r');
  return typeof flags === 'number' ? flags : NAMED_FLAGS[flags];
}

/** The kernel's name for an open descriptor on Linux; `undefined` without `/proc`. */
async function procPath(fd: number): Promise<string | undefined> {
  try {
    return await readlink(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}
