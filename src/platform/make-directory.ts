/**
 * `mkdir -p` that always ends, for folders a user names (an outfile's, `--out`, `--transcript`).
 *
 * Node's own `mkdir(dir, { recursive: true })` (sync and async, Node 22 and 24) never returns
 * when a folder on the way exists but answers ENOENT for a child, as procfs does
 * (`/proc/nope/t.jsonl`): its walk makes the parent (EEXIST), retries the child (ENOENT), and
 * so on forever, spinning on the CPU; the async call spins in a thread-pool thread, which also
 * keeps the process from exiting. Here each folder on the way is tried at most twice — once, and
 * once more after its parent has been made — and a second failure is the answer.
 *
 * A failure is a `DirectoryError` whose message says which folder and why, in words a person
 * can act on ("/tmp/x is a file, not a folder"); it keeps the system's `code` and the `path`.
 */
import { mkdirSync, statSync } from 'node:fs';
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { errorCode } from './errors.js';

export class DirectoryError extends Error {
  override readonly name = 'DirectoryError';

  constructor(
    message: string,
    /** The system's error code (`EACCES`, `ENOTDIR`, …). */
    readonly code: string,
    /** The folder that could not be made, or the entry in its way. */
    readonly path: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Makes `dir` and the folders above it that are missing; nothing when it is a folder already. */
export async function makeDirectory(dir: string, mode?: number): Promise<void> {
  const target = path.resolve(dir);
  const options = mode === undefined ? undefined : { mode };
  try {
    await mkdir(target, options);
    return;
  } catch (error) {
    if (await settled(target, error)) return;
    await makeDirectory(path.dirname(target), mode);
  }
  try {
    await mkdir(target, options);
  } catch (error) {
    if (errorCode(error) === 'EEXIST' && (await isFolder(target))) return;
    throw finalError(target, error);
  }
}

/** `makeDirectory`, synchronous: for the few places that must not wait for the event loop. */
export function makeDirectorySync(dir: string, mode?: number): void {
  const target = path.resolve(dir);
  const options = mode === undefined ? undefined : { mode };
  try {
    mkdirSync(target, options);
    return;
  } catch (error) {
    if (settledSync(target, error)) return;
    makeDirectorySync(path.dirname(target), mode);
  }
  try {
    mkdirSync(target, options);
  } catch (error) {
    if (errorCode(error) === 'EEXIST' && isFolderSync(target)) return;
    throw finalError(target, error);
  }
}

/**
 * After the first `mkdir` of `target` failed: true when it is a folder already, nothing when the
 * parent should be made first (ENOENT, or ENOTDIR: something above is not a folder, found by
 * the walk up), else the failure.
 */
async function settled(target: string, error: unknown): Promise<boolean> {
  const code = errorCode(error);
  if (code === 'EEXIST') {
    if (await isFolder(target)) return true;
    throw notAFolder(target, error);
  }
  if ((code === 'ENOENT' || code === 'ENOTDIR') && path.dirname(target) !== target) return false;
  throw finalError(target, error);
}

function settledSync(target: string, error: unknown): boolean {
  const code = errorCode(error);
  if (code === 'EEXIST') {
    if (isFolderSync(target)) return true;
    throw notAFolder(target, error);
  }
  if ((code === 'ENOENT' || code === 'ENOTDIR') && path.dirname(target) !== target) return false;
  throw finalError(target, error);
}

async function isFolder(target: string): Promise<boolean> {
  try {
    return (await stat(target)).isDirectory();
  } catch {
    return false;
  }
}

function isFolderSync(target: string): boolean {
  try {
    return statSync(target).isDirectory();
  } catch {
    return false;
  }
}

function notAFolder(target: string, cause: unknown): DirectoryError {
  let what = 'is not a folder';
  try {
    if (statSync(target).isFile()) what = 'is a file, not a folder';
  } catch {
    // A dangling link, or something that went away: "not a folder" is still true.
  }
  return new DirectoryError(`${target} ${what}`, 'ENOTDIR', target, { cause });
}

/** The failure of `mkdir target` once its parent is there (or cannot be made). */
function finalError(target: string, error: unknown): DirectoryError {
  const code = errorCode(error) ?? 'EIO';
  const parent = path.dirname(target);
  const reason =
    code === 'EACCES' || code === 'EPERM'
      ? `no permission to create ${target} (${code})`
      : code === 'EROFS'
        ? `${parent} is on a read-only file system, so ${target} cannot be created`
        : code === 'ENOENT' || code === 'ENOTDIR'
          ? `${target} cannot be created in ${parent} (${code})`
          : code === 'ENOSPC' || code === 'EDQUOT'
            ? `no space left to create ${target} (${code})`
            : `${target} cannot be created: ${error instanceof Error ? error.message : String(error)}`;
  return new DirectoryError(reason, code, target, { cause: error });
}
