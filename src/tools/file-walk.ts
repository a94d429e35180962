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

/** How many directories, next in walk order, are read before the walk reaches them. */
const READ_AHEAD = 8;

interface PendingEntry {
  absolutePath: string;
  relativePath: string;
  dirent?: Dirent;
  /** For a directory read ahead: its sorted entries, or null when `skipDirectory` skips it. */
  listing?: Promise<PendingEntry[]> | null;
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
  for await (const batch of walkFileBatches(base, options)) {
    for (const file of batch) {
      // Checked per file, as a caller that aborts expects no further file.
      options.signal?.throwIfAborted();
      yield file;
    }
  }
}

/**
 * `walkFiles` in batches: each batch holds consecutive files of one directory, in walk order.
 * For callers that look at every file of a large tree, where handing the files over one by one
 * costs more than the walk itself.
 *
 * The next few directories in walk order are read while the caller is busy with the current
 * ones, so the walk does not wait for one directory read at a time. `skipDirectory` is called
 * once for every directory reached (possibly a little before the walk gets there).
 */
export async function* walkFileBatches(
  base: string,
  options: WalkOptions = {},
): AsyncGenerator<WalkedFile[]> {
  // The stack of pending entries, kept in reverse so the smallest name is popped first, and
  // (in the same order) the directories among them, whose tops are the ones read ahead.
  const pending: PendingEntry[] = [];
  const directories: PendingEntry[] = [];
  const push = (entries: readonly PendingEntry[]) => {
    for (let index = entries.length - 1; index >= 0; index -= 1) {
      const entry = entries[index];
      if (entry === undefined) continue;
      pending.push(entry);
      if (entry.dirent?.isDirectory()) directories.push(entry);
    }
  };
  const skips = (entry: PendingEntry) => options.skipDirectory?.(entry.relativePath) === true;
  const readAhead = () => {
    const last = Math.max(0, directories.length - READ_AHEAD);
    for (let index = directories.length - 1; index >= last; index -= 1) {
      const entry = directories[index];
      if (entry === undefined || entry.listing !== undefined) continue;
      entry.listing = skips(entry) ? null : listSorted(entry.absolutePath, entry.relativePath);
    }
  };

  push(await listSorted(path.resolve(base), ''));
  readAhead();
  let batch: WalkedFile[] = [];
  for (let entry = pending.pop(); entry !== undefined; entry = pending.pop()) {
    options.signal?.throwIfAborted();
    if (directories[directories.length - 1] === entry) directories.pop();
    const known = kindOf(entry.absolutePath, entry.dirent);
    // Most entries' kind is in the listing; awaiting only the rest saves a tick per file.
    const kind = typeof known === 'string' ? known : await known;
    if (kind === 'directory') {
      const listing =
        entry.listing !== undefined
          ? entry.listing
          : skips(entry)
            ? null
            : listSorted(entry.absolutePath, entry.relativePath);
      if (listing === null) continue;
      if (batch.length > 0) {
        yield batch;
        batch = [];
      }
      push(await listing);
      readAhead();
    } else if (kind === 'file' || kind === 'symlink') {
      batch.push({
        absolutePath: entry.absolutePath,
        relativePath: entry.relativePath,
        isSymbolicLink: kind === 'symlink',
      });
    }
  }
  if (batch.length > 0) yield batch;
}

async function listSorted(dir: string, relativeDir: string): Promise<PendingEntry[]> {
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch {
    // Removed meanwhile or not readable: nothing to report from it.
    return [];
  }
  // `dir` is normalized and a listed name holds no separator, so this equals `path.join`.
  const prefix = dir.endsWith(path.sep) ? dir : dir + path.sep;
  const relativePrefix = relativeDir === '' ? '' : `${relativeDir}/`;
  return entries
    .sort((a, b) => compareNames(a.name, b.name))
    .map((dirent) => ({
      absolutePath: prefix + dirent.name,
      relativePath: relativePrefix + dirent.name,
      dirent,
    }));
}

type EntryKind = 'file' | 'directory' | 'symlink' | 'other';

function kindOf(absolutePath: string, dirent: Dirent | undefined): EntryKind | Promise<EntryKind> {
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
  // Without surrogates (characters outside the Basic Multilingual Plane), UTF-16 code unit order
  // is code point order, which is UTF-8 byte order: no need to encode the names.
  if (!SURROGATE.test(a) && !SURROGATE.test(b)) return a < b ? -1 : 1;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}

/** A character outside the Basic Multilingual Plane, or a lone surrogate. */
const SURROGATE = /[\u{10000}-\u{10FFFF}]|[\uD800-\uDFFF]/u;

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
