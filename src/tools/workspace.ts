/**
 * The directories tools may touch, and the rule that keeps every path inside them.
 *
 * The model is assumed hostile: a path it sends may use `..`, an absolute path elsewhere, a
 * symlink (possibly dangling) that leads out, a hard link to a file elsewhere, a spelling of
 * `.git` that some file system folds, or a detour through `/proc`. Every tool resolves its paths
 * here and then works on the returned `absolutePath` only, so what was checked is what gets
 * opened; `openVerified` also closes the gap between that check and the open.
 */
import type { Stats } from 'node:fs';
import { statSync } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError, errorMessage } from '../platform/errors.js';
import { isInsideOrSameNormal, relativeInside } from '../platform/path-containment.js';
import { REFUSAL_REASONS, refusalMessage } from './boundary-messages.js';
import type { DeniedPath } from './denied-paths.js';
import { DeniedLocations, RememberedDenials } from './denied-paths.js';
import type { FileFilter, FileFilterOptions } from './ignore-rules.js';
import { IgnoreRules } from './ignore-rules.js';
import { hasGitSegment, isNormalAbsolute, pathTextProblem } from './path-spelling.js';
import { protectedWorkspaceProblem, respelledProtectedFolder } from './protected-paths.js';
import type { RealPathResolution } from './real-path.js';
import { isSpecialFile, PathTooLongError, RealPathCache, resolveRealPath } from './real-path.js';
import type { OpenVerifiedOptions, VerifiedOpenResult } from './verified-open.js';
import { openVerified } from './verified-open.js';
import type { PathPurpose, ResolvedPath } from './workspace-types.js';

export type { DeniedPath } from './denied-paths.js';
export { deniedPathsFromEnvironment } from './denied-paths.js';
export type { FileFilter, FileFilterOptions } from './ignore-rules.js';
export type {
  OpenVerifiedOptions,
  VerifiedFile,
  VerifiedOpenFailure,
  VerifiedOpenResult,
} from './verified-open.js';

/** What `resolveEachForReading` answers about one path. */
export type ResolvedForReading =
  | (Extract<ResolvedPath, { ok: true }> & {
      /** `lstat` of the real path; null when nothing exists there (yet). */
      stats: Stats | null;
    })
  | Extract<ResolvedPath, { ok: false }>;

export interface ResolveOptions {
  purpose: PathPurpose;
  /**
   * Resolve the path as a program given it would open it, `..` after symlinks, instead of first
   * removing `dir/..` from the text as the tools do (they then open the resolved path). For the
   * files shell commands name.
   */
  asOpened?: boolean;
}

export interface WorkspaceOptions {
  /** More directories the tools may use besides the root (the Gemini CLI's `--include-directories`). */
  additionalRoots?: string[];
  /**
   * Places tools may not use even inside a root (see `deniedPathsFromEnvironment`); `/proc`,
   * `/sys` and `/dev` are always denied. A plain string is denied with a generic reason.
   */
  deniedPaths?: readonly (string | DeniedPath)[];
}

interface Root {
  path: string;
  /** The denied places that apply inside this root. */
  denied: DeniedLocations;
}

export class Workspace {
  /** The primary root (real path): relative paths resolve against it. */
  readonly root: string;
  /** Every allowed root, the primary one first. */
  readonly roots: readonly string[];
  private readonly rootEntries: readonly Root[];
  /** Files written through `recordWritten` since the last `takeWritten`. */
  private readonly written = new Set<string>();

  private constructor(roots: string[], denied: DeniedLocations) {
    const [root] = roots;
    if (root === undefined) throw new Error('A workspace needs at least one root.');
    this.root = root;
    this.roots = roots;
    this.rootEntries = roots.map((dir) => ({ path: dir, denied: denied.forRoot(dir) }));
  }

  /**
   * Resolves each root with realpath; every root must be an existing directory, and none may lie
   * inside a protected folder (`<repo>/.gemini`, `<repo>/.github`, any `.git`; see
   * protected-paths.ts), whichever entry point chose it.
   */
  static async create(root: string, options: WorkspaceOptions = {}): Promise<Workspace> {
    const roots: string[] = [];
    for (const dir of [root, ...(options.additionalRoots ?? [])]) {
      const real = await realDirectory(dir);
      const problem = await protectedWorkspaceProblem(dir, real);
      if (problem !== undefined) throw new ConfigurationError(problem);
      if (!roots.includes(real)) roots.push(real);
    }
    return new Workspace(roots, DeniedLocations.prepare(options.deniedPaths ?? []));
  }

  /**
   * Records a file the Action's own tools created or replaced (see `atomicWriter`). A command
   * that runs as another user is handed these before it starts (workspace-loan.ts).
   */
  recordWritten(absolutePath: string): void {
    this.written.add(absolutePath);
  }

  /** The files recorded since the last call. */
  takeWritten(): string[] {
    const paths = [...this.written];
    this.written.clear();
    return paths;
  }

  /**
   * Resolves a path the model sent: relative paths against the root, absolute paths only when
   * they end up inside a root after resolving symlinks (also dangling ones, whose target decides)
   * without passing through a denied place. Files with several names (hard links) are refused,
   * and so are writes into any `.git` (in any spelling) or git directory and to FIFOs, sockets
   * and devices.
   */
  resolve(requested: string, options: ResolveOptions): ResolvedPath {
    // A path a command opens keeps its `..` for the kernel to apply after the symlink before it
    // (`link/../x` is the parent of the link's target); resolveRealPath does the same.
    const lexical =
      options.asOpened === true
        ? path.isAbsolute(requested)
          ? requested
          : `${this.root}${path.sep}${requested}`
        : path.resolve(this.root, requested);
    return this.confine(lexical, options.purpose, resolveRealPath, (root) => root.denied).resolved;
  }

  /**
   * `resolve(path, { purpose: 'read' })` for each of many paths at once (a search's matches),
   * with the real path's `lstat` (null when it does not exist). Every path gets `resolve`'s checks
   * (the roots, the denied places along the way, symlinks, hard links); only the work they share
   * is done once per call: each directory is resolved, and checked against the denied places, once.
   */
  resolveEachForReading(requested: readonly string[]): ResolvedForReading[] {
    const realPaths = new RealPathCache();
    const denials = new Map<Root, RememberedDenials>();
    const deniedIn = (root: Root) => {
      let remembered = denials.get(root);
      if (remembered === undefined) {
        remembered = new RememberedDenials(root.denied);
        denials.set(root, remembered);
      }
      return remembered;
    };
    return requested.map((one) => {
      const { resolved, stats } = this.confine(
        isNormalAbsolute(one) ? one : path.resolve(this.root, one),
        'read',
        (lexical) => realPaths.resolve(lexical),
        deniedIn,
      );
      return resolved.ok ? { ...resolved, stats } : resolved;
    });
  }

  /**
   * `resolve`'s checks of `lexical`, whose symlinks `realPathOf` resolves, against the denied
   * places `deniedIn` gives for a root.
   */
  private confine(
    lexical: string,
    purpose: PathPurpose,
    realPathOf: (lexical: string) => RealPathResolution,
    deniedIn: (root: Root) => Pick<DeniedLocations, 'find'>,
  ): { resolved: ResolvedPath; stats: Stats | null } {
    const refuse = (reason: string) => ({
      resolved: {
        ok: false as const,
        error: {
          message: refusalMessage(lexical, reason),
          type: 'path_not_in_workspace' as const,
        },
      },
      stats: null,
    });
    const outside = () =>
      refuse(`resolves outside the allowed workspace directories: ${this.roots.join(', ')}`);

    const problem = pathTextProblem(lexical);
    if (problem === 'nul_byte') return refuse(REFUSAL_REASONS.nulByte);
    if (problem === 'too_long') return refuse(REFUSAL_REASONS.tooLong);

    let resolution: RealPathResolution;
    try {
      resolution = realPathOf(lexical);
    } catch (error) {
      if (error instanceof PathTooLongError) return refuse(REFUSAL_REASONS.tooLong);
      // A symlink loop or an unsearchable directory: nothing we can vouch for.
      return outside();
    }
    const real = resolution.realPath;
    const root = this.rootEntries.find((candidate) => isInsideOrSameNormal(real, candidate.path));
    if (root === undefined) return outside();
    const denied = deniedIn(root).find([lexical, ...resolution.visited, real]);
    if (denied) {
      return refuse(`leads into "${denied.path}" (${denied.reason}), which tools may not use.`);
    }
    const { stats } = resolution;
    if (stats && !stats.isDirectory() && stats.nlink > 1) return refuse(REFUSAL_REASONS.hardLink);

    const relativePath = relativeWithin(root.path, real);
    if (purpose === 'write') {
      if (stats && isSpecialFile(stats)) return refuse(REFUSAL_REASONS.specialFile);
      const lexicalRelative =
        this.roots
          .map((candidate) => relativeInside(lexical, candidate))
          .find((relative) => relative !== undefined) ?? '';
      if (hasGitSegment(relativePath) || hasGitSegment(lexicalRelative)) {
        return refuse(REFUSAL_REASONS.gitDirectory);
      }
      const respelled =
        respelledProtectedFolder(relativePath) ?? respelledProtectedFolder(lexicalRelative);
      if (respelled !== undefined) {
        return refuse(
          `names "${respelled.segment}", which some file systems open as ${respelled.folder}, a protected folder; the policy protects it under its own name only, so this spelling cannot be written.`,
        );
      }
      const gitDirectory = enclosingGitDirectory(root.path, relativePath);
      if (gitDirectory !== undefined) {
        return refuse(
          `is inside a .git directory ("${gitDirectory}" holds a repository's HEAD, objects and refs), which tools may not write to.`,
        );
      }
    }
    return { resolved: { ok: true, absolutePath: real, relativePath, root: root.path }, stats };
  }

  /**
   * Resolves like `resolve`, opens the file without following a symlink in its last component,
   * and checks that the open handle is the file that was checked (see `verified-open.ts`). Tools
   * should read and write through the returned handle, and close it.
   */
  openVerified(requested: string, options: OpenVerifiedOptions): Promise<VerifiedOpenResult> {
    return openVerified(this, requested, options);
  }

  /** A path for humans: relative to the primary root when inside it, absolute otherwise. */
  displayPath(absolutePath: string): string {
    if (!isInsideOrSameNormal(absolutePath, this.root)) return absolutePath;
    const relative = relativeInside(absolutePath, this.root) ?? absolutePath;
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

/**
 * `path.relative(root, candidate)` for a `candidate` inside or at the `root`, both normalised:
 * the rest of the text (the general function resolves and compares both paths again).
 */
function relativeWithin(root: string, candidate: string): string {
  if (candidate === root) return '';
  return candidate.slice(root.endsWith(path.sep) ? root.length : root.length + 1);
}

/**
 * The first directory from `root` down to `root/relativePath` that git would take for a
 * repository's own directory (a bare repository, or where a submodule's or worktree's `.git`
 * file points): writing its `hooks/` or `config` would run code in the next git command there.
 */
function enclosingGitDirectory(root: string, relativePath: string): string | undefined {
  let current = root;
  for (const segment of ['', ...relativePath.split(path.sep).filter((part) => part !== '')]) {
    current = path.join(current, segment);
    if (looksLikeGitDirectory(current)) return current;
  }
  return undefined;
}

function looksLikeGitDirectory(dir: string): boolean {
  const kind = (name: string) => {
    try {
      const stats = statSync(path.join(dir, name));
      return stats.isDirectory() ? 'directory' : 'file';
    } catch {
      return 'missing';
    }
  };
  if (kind('HEAD') !== 'file') return false;
  if (kind('commondir') === 'file') return true;
  return kind('objects') === 'directory' && kind('refs') === 'directory';
}
