/**
 * Where a path really leads: symlinks followed the way the kernel follows them, including
 * dangling ones (so a link to a not-yet-existing file outside the workspace is caught before
 * something creates that file).
 */
import type { Stats } from 'node:fs';
import { lstatSync, readlinkSync } from 'node:fs';
import path from 'node:path';
import { errorCode, isMissingPathError } from '../platform/errors.js';

/** Following more symlinks than this in one path means a loop (Linux gives up at 40 too). */
const MAX_SYMLINK_HOPS = 40;

export interface RealPathResolution {
  /** The path with every symlink resolved; components that do not exist yet kept as given. */
  realPath: string;
  /** `lstat` of `realPath`; `null` when it does not exist (yet). */
  stats: Stats | null;
  /**
   * Every path looked up on the way, symlinks included. The kernel follows some links (such as
   * `/proc/self/cwd`) by what they are, not by the text `readlink` returns, so a path that merely
   * passes through a forbidden place must be refused even when its text ends somewhere harmless.
   */
  visited: string[];
}

/** The path, or one of its names, is longer than the file system allows. */
export class PathTooLongError extends Error {
  override readonly name = 'PathTooLongError';
}

/** The path holds a symlink loop. */
export class SymlinkLoopError extends Error {
  override readonly name = 'SymlinkLoopError';
}

/**
 * Resolves `absolute` component by component, applying `..` to the real directory reached so far
 * (as the kernel does, so `link/..` is the parent of the link's target, not of the link).
 * Throws `PathTooLongError`, `SymlinkLoopError`, or the file system's error for anything else
 * that stops the walk (such as a directory it may not search).
 */
export function resolveRealPath(absolute: string): RealPathResolution {
  const { root } = path.parse(absolute);
  const pending = splitComponents(absolute.slice(root.length));
  const visited: string[] = [];
  let current = root;
  let hops = 0;
  for (let part = pending.shift(); part !== undefined; part = pending.shift()) {
    if (part === '.') continue;
    if (part === '..') {
      current = path.dirname(current);
      continue;
    }
    const next = path.join(current, part);
    visited.push(next);
    const stats = lstatOrNull(next);
    if (!stats?.isSymbolicLink()) {
      current = next;
      continue;
    }
    hops += 1;
    if (hops > MAX_SYMLINK_HOPS) throw new SymlinkLoopError(`Too many levels of symbolic links`);
    const target = readlinkSync(next);
    const targetRoot = path.parse(target).root;
    if (targetRoot !== '') current = targetRoot;
    pending.unshift(...splitComponents(target.slice(targetRoot.length)));
  }
  return { realPath: current, stats: lstatOrNull(current), visited };
}

function lstatOrNull(file: string): Stats | null {
  try {
    // A missing path is common (dangling links, files about to be written): asked without an
    // exception, which costs more than the lstat itself.
    return lstatSync(file, { throwIfNoEntry: false }) ?? null;
  } catch (error) {
    if (isMissingPathError(error)) return null;
    if (errorCode(error) === 'ENAMETOOLONG') throw new PathTooLongError('File name too long');
    throw error;
  }
}

function splitComponents(relative: string): string[] {
  return relative.split(/[\\/]+/u).filter((part) => part !== '');
}

/** FIFOs, sockets and devices: reading one may block forever or never end, writing one acts. */
export function isSpecialFile(stats: Stats): boolean {
  return stats.isFIFO() || stats.isSocket() || stats.isCharacterDevice() || stats.isBlockDevice();
}

/**
 * `resolveRealPath` for many paths that share directories (a search's matches): each directory's
 * resolution is computed once and reused for the paths below it. Only for absolute paths in
 * normal form (`path.resolve` output: no `.`, `..` or empty components), and only for the lifetime
 * of one search, since a cached directory could be replaced by a symlink afterwards.
 *
 * The result for a path always equals `resolveRealPath`'s: a component that is not a symlink
 * extends its parent's resolution by one step, exactly as the component-by-component walk would;
 * a component that is a symlink (whose hops count against the loop limit) is resolved from scratch.
 */
export class RealPathCache {
  private readonly directories = new Map<string, Omit<RealPathResolution, 'stats'>>();

  resolve(absolute: string): RealPathResolution {
    const parent = path.dirname(absolute);
    if (parent === absolute) return resolveRealPath(absolute);
    const { realPath: realParent, visited } = this.directory(parent);
    // `path.join` as the walk does; a real directory is normalised already, so joining is adding.
    const name = path.basename(absolute);
    const next = realParent.endsWith(path.sep) ? realParent + name : realParent + path.sep + name;
    const stats = lstatOrNull(next);
    if (stats?.isSymbolicLink()) return resolveRealPath(absolute);
    return { realPath: next, stats, visited: [...visited, next] };
  }

  private directory(absolute: string): Omit<RealPathResolution, 'stats'> {
    let known = this.directories.get(absolute);
    if (known === undefined) {
      const { realPath, visited } = this.resolve(absolute);
      known = { realPath, visited };
      this.directories.set(absolute, known);
    }
    return known;
  }
}
