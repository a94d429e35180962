/**
 * The directories tools may touch, and the rule that keeps every path inside them.
 *
 * The model is assumed hostile: a path it sends may use `..`, an absolute path elsewhere, or a
 * symlink (possibly dangling) that leads out of the workspace. Every tool resolves its paths here
 * and then works on the returned `absolutePath` only, so what was checked is what gets opened.
 */
import { lstatSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';
import { ConfigurationError, errorMessage } from '../platform/errors.js';

export type PathPurpose = 'read' | 'write';

export interface WorkspaceOptions {
  /** More directories the tools may use besides the root (the Gemini CLI's `--include-directories`). */
  additionalRoots?: string[];
}

export type ResolvedPath =
  | {
      ok: true;
      /** The real path (symlinks resolved), which tools must use for the actual file operation. */
      absolutePath: string;
      /** Relative to the workspace root the path lies in; `''` for that root itself. */
      relativePath: string;
      /** The workspace root (real path) that contains the path. */
      root: string;
    }
  | { ok: false; error: { message: string; type: 'path_not_in_workspace' } };

export interface FileFilterOptions {
  respectGitIgnore: boolean;
  respectGeminiIgnore: boolean;
}

/** Decides whether a workspace path is hidden by `.gitignore` / `.geminiignore` rules. */
export interface FileFilter {
  /**
   * `relativePath` is relative to the workspace root; a trailing `/` (or `isDirectory`) marks a
   * directory, which matters for rules such as `dist/`. `.git` is always ignored.
   */
  isIgnored(relativePath: string, options?: { isDirectory?: boolean }): boolean;
}

/** Following more symlinks than this in one path means a loop (Linux gives up at 40 too). */
const MAX_SYMLINK_HOPS = 40;

export class Workspace {
  /** The primary root (real path): relative paths resolve against it. */
  readonly root: string;
  /** Every allowed root, the primary one first. */
  readonly roots: readonly string[];

  private constructor(roots: string[]) {
    const [root] = roots;
    if (root === undefined) throw new Error('A workspace needs at least one root.');
    this.root = root;
    this.roots = roots;
  }

  /** Resolves each root with realpath; every root must be an existing directory. */
  static async create(root: string, options: WorkspaceOptions = {}): Promise<Workspace> {
    const roots: string[] = [];
    for (const dir of [root, ...(options.additionalRoots ?? [])]) {
      const real = await realDirectory(dir);
      if (!roots.includes(real)) roots.push(real);
    }
    return new Workspace(roots);
  }

  /**
   * Resolves a path the model sent: relative paths against the root, absolute paths only when
   * they end up inside a root after resolving symlinks (also dangling ones, whose target decides).
   * Writes into any `.git` directory are refused.
   */
  resolve(requested: string, options: { purpose: PathPurpose }): ResolvedPath {
    const lexical = path.resolve(this.root, requested);
    const refuse = (message: string): ResolvedPath => ({
      ok: false,
      error: { message, type: 'path_not_in_workspace' },
    });
    const outside = () =>
      refuse(
        `Path not in workspace: Attempted path "${lexical}" resolves outside the allowed workspace directories: ${this.roots.join(', ')}`,
      );
    if (requested.includes('\0')) return outside();

    let real: string;
    try {
      real = resolveRealPath(lexical);
    } catch {
      // A symlink loop or an unreadable directory: nothing we can vouch for.
      return outside();
    }
    const root = this.roots.find((candidate) => isWithin(real, candidate));
    if (root === undefined) return outside();
    const relativePath = path.relative(root, real);

    if (options.purpose === 'write') {
      const lexicalRoot = this.roots.find((candidate) => isWithin(lexical, candidate));
      const lexicalRelative = lexicalRoot === undefined ? '' : path.relative(lexicalRoot, lexical);
      if (insideGitDirectory(relativePath) || insideGitDirectory(lexicalRelative)) {
        return refuse(
          `Path not in workspace: Attempted path "${lexical}" is inside a .git directory, which tools may not write to.`,
        );
      }
    }
    return { ok: true, absolutePath: real, relativePath, root };
  }

  /** A path for humans: relative to the primary root when inside it, absolute otherwise. */
  displayPath(absolutePath: string): string {
    if (!isWithin(absolutePath, this.root)) return absolutePath;
    const relative = path.relative(this.root, absolutePath);
    return relative === '' ? '.' : relative.split(path.sep).join('/');
  }

  /**
   * The ignore rules of the primary root: `.gitignore` files (the root's, nested ones along each
   * path, and `.git/info/exclude`) and the root's `.geminiignore`. Files are read on first use and
   * cached by the returned filter only, so a new filter sees edits made since.
   */
  fileFilter(options: FileFilterOptions): FileFilter {
    return new IgnoreRules(this.root, options);
  }
}

async function realDirectory(dir: string): Promise<string> {
  let real: string;
  try {
    real = await realpath(dir);
  } catch (error) {
    throw new ConfigurationError(
      `The workspace directory "${dir}" does not exist or cannot be read (${errorMessage(error)}). Expected an existing directory.`,
    );
  }
  if (!(await stat(real)).isDirectory()) {
    throw new ConfigurationError(
      `The workspace directory "${dir}" is not a directory. Expected an existing directory.`,
    );
  }
  return real;
}

function isWithin(candidate: string, root: string): boolean {
  if (candidate === root) return true;
  const prefix = root.endsWith(path.sep) ? root : root + path.sep;
  return candidate.startsWith(prefix);
}

function insideGitDirectory(relativePath: string): boolean {
  return relativePath.split(/[\\/]/).some((segment) => segment.toLowerCase() === '.git');
}

function isMissing(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOENT' || code === 'ENOTDIR';
}

/**
 * Resolves `absolute` component by component the way the kernel would, following every symlink
 * (dangling ones included, so a link to a not-yet-existing file outside is caught) and applying
 * `..` to the real directory reached so far. Components that do not exist yet are kept as given.
 */
function resolveRealPath(absolute: string): string {
  const { root } = path.parse(absolute);
  const pending = splitComponents(absolute.slice(root.length));
  let current = root;
  let hops = 0;
  for (let part = pending.shift(); part !== undefined; part = pending.shift()) {
    if (part === '.') continue;
    if (part === '..') {
      current = path.dirname(current);
      continue;
    }
    const next = path.join(current, part);
    let isLink = false;
    try {
      isLink = lstatSync(next).isSymbolicLink();
    } catch (error) {
      if (!isMissing(error)) throw error;
    }
    if (!isLink) {
      current = next;
      continue;
    }
    hops += 1;
    if (hops > MAX_SYMLINK_HOPS) throw new Error(`Too many levels of symbolic links: ${absolute}`);
    const target = readlinkSync(next);
    if (path.isAbsolute(target)) current = path.parse(target).root;
    pending.unshift(...splitComponents(target.slice(path.parse(target).root.length)));
  }
  return current;
}

function splitComponents(relative: string): string[] {
  return relative.split(/[\\/]+/).filter((part) => part !== '');
}

/** One ignore file's rules, which apply to paths below the directory it sits in. */
interface RuleLevel {
  /** Relative to the workspace root, with a trailing `/`; `''` for the root. */
  base: string;
  rules: Ignore;
}

class IgnoreRules implements FileFilter {
  private readonly nested = new Map<string, RuleLevel | null>();
  private rootLevels: RuleLevel[] | undefined;
  private geminiLevel: RuleLevel | null | undefined;

  constructor(
    private readonly root: string,
    private readonly options: FileFilterOptions,
  ) {}

  isIgnored(relativePath: string, options: { isDirectory?: boolean } = {}): boolean {
    const normalized = relativePath.split(path.sep).join('/');
    const isDirectory = options.isDirectory === true || normalized.endsWith('/');
    const segments = normalized.split('/').filter((part) => part !== '' && part !== '.');
    if (segments.length === 0 || segments.includes('..')) return false;
    if (segments.some((segment) => segment.toLowerCase() === '.git')) return true;
    // Git never looks inside an excluded directory, so a rule deeper down cannot bring a path back.
    for (let depth = 1; depth <= segments.length; depth += 1) {
      const last = depth === segments.length;
      const candidate = segments.slice(0, depth).join('/') + (!last || isDirectory ? '/' : '');
      if (this.decide(candidate, segments.slice(0, depth - 1))) return true;
    }
    return false;
  }

  /** Applies the levels from the lowest precedence to the highest; the last matching rule wins. */
  private decide(candidate: string, parents: string[]): boolean {
    let ignored = false;
    for (const level of this.levelsFor(parents)) {
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

  private levelsFor(parents: string[]): RuleLevel[] {
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
      if (!statSync(absolute).isFile()) return null;
      text = readFileSync(absolute, 'utf8');
    } catch {
      return null;
    }
    return { base, rules: ignore().add(text) };
  }
}
