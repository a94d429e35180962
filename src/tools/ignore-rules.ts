/**
 * `.gitignore` / `.geminiignore` rules of a workspace root, read lazily and cached per filter.
 */
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { relativeInside } from '../platform/path-containment.js';
import { isGitName, isNormalAbsolute } from './path-spelling.js';

export interface FileFilterOptions {
  respectGitIgnore: boolean;
  respectGeminiIgnore: boolean;
}

/** Decides whether a workspace path is hidden by `.gitignore` / `.geminiignore` rules. */
export interface FileFilter {
  /**
   * `relativePath` is relative to the workspace root; a trailing `/` (or `isDirectory`) marks a
   * directory, which matters for rules such as `dist/`. `.git` is always ignored, in every
   * spelling a file system could take for it.
   */
  isIgnored(relativePath: string, options?: { isDirectory?: boolean }): boolean;
}

/**
 * Whether `filter` ignores any of `absolutePaths`. Its rules belong to the workspace's primary
 * `root`: a path outside it (in another root) is not filtered.
 */
export function ignoresAnyBelow(
  filter: FileFilter,
  root: string,
  absolutePaths: readonly string[],
): boolean {
  const rootPrefix = root.endsWith(path.sep) ? root : root + path.sep;
  return absolutePaths.some((candidate) => {
    // Below the root, the rest of a normal path is the relative path; `path.relative` would
    // resolve both paths again, once per file of a listing.
    const relative =
      isNormalAbsolute(candidate) && candidate.startsWith(rootPrefix)
        ? candidate.slice(rootPrefix.length)
        : relativeInside(candidate, root);
    return relative !== undefined && filter.isIgnored(relative);
  });
}

/** One ignore file's rules, which apply to paths below the directory it sits in. */
interface RuleLevel {
  /** Relative to the workspace root, with a trailing `/`; `''` for the root. */
  base: string;
  rules: Ignore;
}

export class IgnoreRules implements FileFilter {
  private readonly nested = new Map<string, RuleLevel | null>();
  /** Per directory (relative, `/`-separated): whether it or one above it is ignored. */
  private readonly directories = new Map<string, boolean>();
  private readonly levelsByDirectory = new Map<string, RuleLevel[]>();
  private rootLevels: RuleLevel[] | undefined;
  private geminiLevel: RuleLevel | null | undefined;

  constructor(
    private readonly root: string,
    private readonly options: FileFilterOptions,
  ) {}

  isIgnored(relativePath: string, options: { isDirectory?: boolean } = {}): boolean {
    const spelled = path.sep === '/' ? relativePath : relativePath.split(path.sep).join('/');
    const plain = isPlainRelative(spelled) ? spelled : plainForm(spelled);
    if (plain === null) return false;
    // A search asks about many files in each directory: a plain path's directory is already the
    // key both caches use, so the path need not be taken apart.
    const slash = plain.lastIndexOf('/');
    const directory = slash < 0 ? '' : plain.slice(0, slash);
    if (this.directoryIgnoredAt(directory) || isGitName(plain.slice(slash + 1))) return true;
    const isDirectory = options.isDirectory === true || spelled.endsWith('/');
    return decideWith(this.levelsAt(directory), isDirectory ? `${plain}/` : plain);
  }

  /**
   * Whether the directory `segments` (or one above it) is `.git` or ignored. Remembered per
   * directory, since a search asks about many files in each.
   */
  private directoryIgnored(segments: string[]): boolean {
    const name = segments.at(-1);
    if (name === undefined) return false;
    const key = segments.join('/');
    let ignored = this.directories.get(key);
    if (ignored === undefined) {
      const parents = segments.slice(0, -1);
      // Git never looks inside an excluded directory, so a rule deeper down cannot bring a path
      // back.
      ignored =
        this.directoryIgnored(parents) || isGitName(name) || this.decide(`${key}/`, parents);
      this.directories.set(key, ignored);
    }
    return ignored;
  }

  /** `directoryIgnored` for a directory spelled `a/b` (`''`: the root). */
  private directoryIgnoredAt(directory: string): boolean {
    if (directory === '') return false;
    return this.directories.get(directory) ?? this.directoryIgnored(directory.split('/'));
  }

  /** `levelsFor` for a directory spelled `a/b` (`''`: the root). */
  private levelsAt(directory: string): RuleLevel[] {
    return (
      this.levelsByDirectory.get(directory) ??
      this.levelsFor(directory === '' ? [] : directory.split('/'))
    );
  }

  private decide(candidate: string, parents: string[]): boolean {
    return decideWith(this.levelsFor(parents), candidate);
  }

  /** The levels that apply in the directory `parents`, from the lowest precedence. */
  private levelsFor(parents: string[]): RuleLevel[] {
    const key = parents.join('/');
    let levels = this.levelsByDirectory.get(key);
    if (levels === undefined) {
      levels = this.collectLevels(parents);
      this.levelsByDirectory.set(key, levels);
    }
    return levels;
  }

  private collectLevels(parents: string[]): RuleLevel[] {
    const levels: RuleLevel[] = [];
    if (this.options.respectGitIgnore) {
      levels.push(...this.rootGitLevels());
      for (let depth = 1; depth <= parents.length; depth += 1) {
        const base = `${parents.slice(0, depth).join('/')}/`;
        const level = this.nestedLevel(base);
        if (level) levels.push(level);
      }
    }
    if (this.options.respectGeminiIgnore) {
      this.geminiLevel ??= this.load('.geminiignore', '');
      if (this.geminiLevel) levels.push(this.geminiLevel);
    }
    return levels;
  }

  private rootGitLevels(): RuleLevel[] {
    this.rootLevels ??= [this.load('.git/info/exclude', ''), this.load('.gitignore', '')].filter(
      (level): level is RuleLevel => level !== null,
    );
    return this.rootLevels;
  }

  private nestedLevel(base: string): RuleLevel | null {
    let level = this.nested.get(base);
    if (level === undefined) {
      level = this.load(`${base}.gitignore`, base);
      this.nested.set(base, level);
    }
    return level;
  }

  private load(file: string, base: string): RuleLevel | null {
    const absolute = path.join(this.root, file);
    let text: string;
    try {
      // Only regular files: an ignore "file" that is a FIFO or a directory would hang or throw.
      // Most directories have none: asked without an exception, which costs more than the stat.
      if (statSync(absolute, { throwIfNoEntry: false })?.isFile() !== true) return null;
      text = readFileSync(absolute, 'utf8');
    } catch {
      return null;
    }
    // A file of comments alone (git's default `.git/info/exclude`) would be asked about every
    // path for nothing.
    if (!hasRules(text)) return null;
    return { base, rules: ignore().add(text) };
  }
}

/**
 * Applies `levels` from the lowest precedence to the highest; the last matching rule wins.
 * `candidate` is relative to the root, `/`-separated, with a trailing `/` for a directory.
 */
function decideWith(levels: readonly RuleLevel[], candidate: string): boolean {
  let ignored = false;
  for (const level of levels) {
    let result: { ignored: boolean; unignored: boolean };
    try {
      result = level.rules.test(candidate.slice(level.base.length));
    } catch {
      // A name the rules cannot express (the library rejects it) matches no rule.
      continue;
    }
    if (result.ignored) ignored = true;
    else if (result.unignored) ignored = false;
  }
  return ignored;
}

/** A `.`, `..` or empty segment, which `plainForm` removes or refuses. */
const UNUSUAL_SEGMENT = /(?:^|\/)\.{0,2}(?:\/|$)/;

/** `a/b/c`: no leading or trailing `/`, no empty, `.` or `..` segment. */
function isPlainRelative(relativePath: string): boolean {
  return !UNUSUAL_SEGMENT.test(relativePath);
}

/**
 * Any other spelling in plain form: empty and `.` segments dropped. Null for a path that names
 * nothing below the root, or climbs with `..` (which is refused, not resolved).
 */
function plainForm(relativePath: string): string | null {
  const segments = relativePath.split('/').filter((part) => part !== '' && part !== '.');
  if (segments.length === 0 || segments.includes('..')) return null;
  return segments.join('/');
}

/**
 * Whether an ignore file holds a rule: a line that is neither blank nor a comment (`#` first;
 * `\#` is a rule for a name starting with `#`, and a line of spaces is blank to git).
 */
export function hasRules(text: string): boolean {
  return text.split(/\r?\n/).some((line) => line.trim() !== '' && !line.startsWith('#'));
}
