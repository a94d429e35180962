/**
 * The one rule for what a search result contains, whichever program proposed the lines.
 *
 * ripgrep, git grep and the JavaScript scan differ in ignore files, binary detection, symlinks
 * and regex dialects. Each candidate line therefore passes the same checks here: the file lies
 * inside the workspace without a symlink on the way, is not ignored or excluded, passes the
 * include glob, is a regular text file of sane size, and the line matches the JavaScript
 * regular expression. What remains is sorted by path and line number.
 */
import path from 'node:path';
import picomatch from 'picomatch';
import { looksBinary } from '../read-file.js';
import { comparePaths, inDefaultExcludedDirectory } from '../file-walk.js';
import { relativeInside } from '../../platform/path-containment.js';
import type { FileFilter, Workspace } from '../workspace.js';
import type { LineMatcher } from './line-matcher.js';
import { hasSkippedExtension } from './skipped-extensions.js';
import type { CollectVerdict, RawMatch } from './types.js';

/** Git's rule: a NUL byte in the first 8000 bytes makes a file binary. */
export const BINARY_SNIFF_BYTES = 8000;
/** Candidates are verified in batches of this many lines. */
const VERIFY_BATCH = 1000;
/**
 * `collectAll` checks the files of this many candidates ahead of the one collected: their file
 * system calls then overlap (the thread pool has four threads), where one by one each waits for
 * the last. Few enough that a search stopping early has checked little it did not need.
 */
const CHECKS_AHEAD = 16;

export interface SearchMatch {
  /** Relative to the search directory, `/`-separated. */
  filePath: string;
  lineNumber: number;
  line: string;
}

/** Binary by git's NUL rule or by the content heuristic `read_file` uses. */
export function isBinaryContent(head: Buffer): boolean {
  return head.subarray(0, BINARY_SNIFF_BYTES).includes(0) || looksBinary(head);
}

/**
 * The include glob in the form every strategy is given: `/`-separated, without a leading `./`
 * or `/`, and a directory glob (`src/`) widened to the files below it. Undefined when empty.
 */
export function normalizeInclude(include: string | undefined): string | undefined {
  if (include === undefined || include.trim() === '') return undefined;
  let glob = include.split(path.sep).join('/');
  while (glob.startsWith('./')) glob = glob.slice(2);
  while (glob.startsWith('/')) glob = glob.slice(1);
  if (glob.endsWith('/')) glob += '**';
  return glob === '' ? undefined : glob;
}

/**
 * A normalized include glob as ripgrep reads `--glob`: without a `/` it matches the file name at
 * any depth, with one it matches the path from the search directory.
 */
export function includeMatcher(include: string | undefined): (relativePath: string) => boolean {
  if (include === undefined) return () => true;
  const matches = picomatch(include, { dot: true });
  if (include.includes('/')) return matches;
  return (relativePath) => matches(path.posix.basename(relativePath));
}

export interface MatchCollectorOptions {
  workspace: Workspace;
  filter: FileFilter;
  searchDir: string;
  /** Normalized with `normalizeInclude`. */
  include: string | undefined;
  maxFileBytes: number;
  lineMatcher: LineMatcher;
  /** Stop collecting (answer `enough`) once this many matches are in. */
  limit: number;
}

export class MatchCollector {
  private readonly verified: SearchMatch[] = [];
  private pending: SearchMatch[] = [];
  private readonly seen = new Set<string>();
  private readonly fileChecks = new Map<string, Promise<boolean>>();
  private readonly selects: (relativePath: string) => boolean;

  constructor(private readonly options: MatchCollectorOptions) {
    this.selects = includeMatcher(options.include);
  }

  /** Whether a directory below the search directory can be skipped (for the JavaScript scan). */
  prunesDirectory(relativePath: string): boolean {
    if (inDefaultExcludedDirectory(relativePath)) return true;
    const fromRoot = this.rootRelative(relativePath);
    return fromRoot !== null && this.options.filter.isIgnored(fromRoot, { isDirectory: true });
  }

  selectsFile(relativePath: string): boolean {
    return this.selects(relativePath);
  }

  async collect(raw: RawMatch): Promise<CollectVerdict> {
    if (this.verified.length >= this.options.limit) return 'enough';
    const filePath = normalizeRelative(raw.filePath);
    if (filePath === null || !Number.isInteger(raw.lineNumber) || raw.lineNumber < 1) {
      return 'more';
    }
    const key = `${filePath}\0${raw.lineNumber}`;
    if (this.seen.has(key)) return 'more';
    this.seen.add(key);
    if (!(await this.acceptsFile(filePath))) return 'more';

    let line = raw.line.endsWith('\r') ? raw.line.slice(0, -1) : raw.line;
    if (raw.lineNumber === 1 && line.startsWith('\uFEFF')) line = line.slice(1);
    this.pending.push({ filePath, lineNumber: raw.lineNumber, line });
    const due = this.verified.length + this.pending.length >= this.options.limit;
    if (due || this.pending.length >= VERIFY_BATCH) this.verifyPending();
    return this.verified.length >= this.options.limit ? 'enough' : 'more';
  }

  /** `collect` for each of `matches` in order, the files of the next ones checked meanwhile. */
  async collectAll(matches: readonly RawMatch[]): Promise<void> {
    const startCheck = (match: RawMatch | undefined): void => {
      const filePath = match === undefined ? null : normalizeRelative(match.filePath);
      if (filePath !== null) void this.acceptsFile(filePath);
    };
    matches.slice(0, CHECKS_AHEAD).forEach(startCheck);
    for (const [index, match] of matches.entries()) {
      startCheck(matches[index + CHECKS_AHEAD]);
      if ((await this.collect(match)) === 'enough') return;
    }
  }

  /** Every accepted match, in path and line order. */
  finish(): SearchMatch[] {
    this.verifyPending();
    return [...this.verified].sort(
      (a, b) => comparePaths(a.filePath, b.filePath) || a.lineNumber - b.lineNumber,
    );
  }

  private verifyPending(): void {
    const batch = this.pending;
    this.pending = [];
    const hits = this.options.lineMatcher.matching(batch.map((match) => match.line));
    for (const index of hits) {
      const match = batch[index];
      if (match) this.verified.push(match);
    }
  }

  private acceptsFile(relativePath: string): Promise<boolean> {
    let check = this.fileChecks.get(relativePath);
    if (!check) {
      check = this.checkFile(relativePath);
      // Started ahead by `collectAll`, a check may end before anyone waits for it.
      check.catch(() => undefined);
      this.fileChecks.set(relativePath, check);
    }
    return check;
  }

  private async checkFile(relativePath: string): Promise<boolean> {
    const { workspace, filter, searchDir, maxFileBytes } = this.options;
    if (inDefaultExcludedDirectory(relativePath) || !this.selects(relativePath)) return false;
    if (hasSkippedExtension(path.posix.basename(relativePath))) return false;
    const fromRoot = this.rootRelative(relativePath);
    if (fromRoot !== null && filter.isIgnored(fromRoot)) return false;
    const absolutePath = path.join(searchDir, relativePath);
    // The path must be its own real path: no symlink on the way, nothing outside the workspace.
    const resolved = workspace.resolve(absolutePath, { purpose: 'read' });
    if (!resolved.ok || resolved.absolutePath !== absolutePath) return false;
    try {
      const head = await readVerified(workspace, absolutePath, {
        maxBytes: maxFileBytes,
        limit: BINARY_SNIFF_BYTES,
      });
      return head !== null && !isBinaryContent(head);
    } catch {
      return false;
    }
  }

  /** A whole file below the search directory (for the JavaScript scan), or null. */
  async readFile(relativePath: string): Promise<Buffer | null> {
    const absolutePath = path.join(this.options.searchDir, relativePath);
    try {
      return await readVerified(this.options.workspace, absolutePath, {
        maxBytes: this.options.maxFileBytes,
      });
    } catch {
      return null;
    }
  }

  /** The path relative to the primary root, or null when the file lies in another root. */
  private rootRelative(relativePath: string): string | null {
    const absolutePath = path.join(this.options.searchDir, relativePath);
    return relativeInside(absolutePath, this.options.workspace.root) ?? null;
  }
}

/**
 * Reads a file through the workspace's verified open, so a file swapped for a symlink after the
 * checks is never read: the first `limit` bytes, or all of it. Null when the open is refused or
 * the file is not a regular file or larger than `maxBytes`.
 */
export async function readVerified(
  workspace: Workspace,
  absolutePath: string,
  options: { maxBytes: number; limit?: number },
): Promise<Buffer | null> {
  const opened = await workspace.openVerified(absolutePath, { purpose: 'read' });
  if (!opened.ok) return null;
  try {
    if (!opened.stats.isFile() || opened.stats.size > options.maxBytes) return null;
    if (options.limit === undefined) return await opened.handle.readFile();
    const buffer = Buffer.alloc(options.limit);
    const { bytesRead } = await opened.handle.read(buffer, 0, options.limit, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await opened.handle.close();
  }
}

/** `/`-separated and without `./`; null for paths that leave the search directory. */
function normalizeRelative(filePath: string): string | null {
  let normalized = filePath.split(path.sep).join('/');
  while (normalized.startsWith('./')) normalized = normalized.slice(2);
  if (normalized === '' || path.posix.isAbsolute(normalized)) return null;
  const segments = normalized.split('/');
  if (segments.some((segment) => segment === '..' || segment === '.' || segment === '')) {
    return null;
  }
  return normalized;
}
