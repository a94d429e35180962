/**
 * Walking a directory tree the way the file tools need it: depth first, entries in a fixed order
 * (so results never depend on the file system's listing order), symlinks reported but never
 * followed, and directories pruned before they are read.
 */
import type { Dirent } from 'node:fs';
import { lstat, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Directories no file tool looks into unless asked for by path: dependency trees and version
 * control data. Compared per path segment (`.git` in any letter case, like the workspace filter).
 */
export const DEFAULT_EXCLUDED_DIRECTORIES: readonly string[] = [
  'node_modules',
  'bower_components',
  '.git',
  '.svn',
  '.hg',
];

/** True when a segment of `relativePath` (`/`-separated) is one of `DEFAULT_EXCLUDED_DIRECTORIES`. */
export function inDefaultExcludedDirectory(relativePath: string): boolean {
  return relativePath.split('/').some(isDefaultExcludedName);
}

function isDefaultExcludedName(name: string): boolean {
  return name.toLowerCase() === '.git' || DEFAULT_EXCLUDED_DIRECTORIES.includes(name);
}

export interface WalkedFile {
  absolutePath: string;
  /** Relative to the walk's base directory, with `/` separators. */
  relativePath: string;
  /** A symlink (to anything); callers decide whether to follow it through the workspace check. */
  isSymbolicLink: boolean;
}

export interface WalkOptions {
  signal?: AbortSignal;
  /** Called with a directory's path relative to the base; `true` skips it and everything below. */
  skipDirectory?: (relativePath: string) => boolean;
}

/**
 * Yields the regular files and symlinks below `base` (an absolute, real directory). Entries of a
 * directory come sorted by the UTF-8 bytes of their names, and a directory's contents come where
 * its name sorts, so the order equals `comparePaths` order. Unreadable directories are skipped.
 */
export async function* walkFiles(
  base: string,
  options: WalkOptions = {},
): AsyncGenerator<WalkedFile> {
  // A stack of pending entries, kept in reverse so the smallest name is popped first.
  const pending: { absolutePath: string; relativePath: string; dirent?: Dirent }[] = [];
  pending.push(...(await listSorted(base, '')).reverse());
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    options.signal?.throwIfAborted();
    const kind = await kindOf(entry.absolutePath, entry.dirent);
    if (kind === 'directory') {
      if (options.skipDirectory?.(entry.relativePath)) continue;
      pending.push(...(await listSorted(entry.absolutePath, entry.relativePath)).reverse());
    } else if (kind === 'file' || kind === 'symlink') {
      yield {
        absolutePath: entry.absolutePath,
        relativePath: entry.relativePath,
        isSymbolicLink: kind === 'symlink',
      };
    }
  }
}

async function listSorted(
  dir: string,
  relativeDir: string,
): Promise<{ absolutePath: string; relativePath: string; dirent: Dirent }[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    // Removed meanwhile or not readable: nothing to report from it.
    return [];
  }
  return entries
    .sort((a, b) => compareNames(a.name, b.name))
    .map((dirent) => ({
      absolutePath: path.join(dir, dirent.name),
      relativePath: relativeDir === '' ? dirent.name : `${relativeDir}/${dirent.name}`,
      dirent,
    }));
}

type EntryKind = 'file' | 'directory' | 'symlink' | 'other';

async function kindOf(absolutePath: string, dirent: Dirent | undefined): Promise<EntryKind> {
  if (!dirent) return kindFromStat(absolutePath);
  if (dirent.isSymbolicLink()) return 'symlink';
  if (dirent.isDirectory()) return 'directory';
  if (dirent.isFile()) return 'file';
  const special =
    dirent.isFIFO() || dirent.isSocket() || dirent.isBlockDevice() || dirent.isCharacterDevice();
  // Some file systems report no type in a listing; ask for it directly then.
  return special ? 'other' : kindFromStat(absolutePath);
}

async function kindFromStat(absolutePath: string): Promise<EntryKind> {
  try {
    const stats = await lstat(absolutePath);
    if (stats.isSymbolicLink()) return 'symlink';
    if (stats.isDirectory()) return 'directory';
    return stats.isFile() ? 'file' : 'other';
  } catch {
    return 'other';
  }
}

/**
 * Orders names by their UTF-8 bytes, which is how ripgrep and git order paths (JavaScript's own
 * string order differs for characters outside the Basic Multilingual Plane).
 */
export function compareNames(a: string, b: string): number {
  if (a === b) return 0;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** Tree order of `/`-separated relative paths: segment by segment, each by `compareNames`. */
export function comparePaths(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  const shared = Math.min(left.length, right.length);
  for (let index = 0; index < shared; index += 1) {
    const order = compareNames(left[index] ?? '', right[index] ?? '');
    if (order !== 0) return order;
  }
  return left.length - right.length;
}

/** `path.relative` with `/` separators, for paths shown to the model and matched by globs. */
export function relativePosix(from: string, to: string): string {
  return path.relative(from, to).split(path.sep).join('/');
}

/** True when a relative path (either separator) leaves its base: `..`, `../x`, or absolute. */
export function escapes(relativePath: string): boolean {
  if (path.isAbsolute(relativePath)) return true;
  const [first] = relativePath.split(/[\\/]/u);
  return first === '..';
}
