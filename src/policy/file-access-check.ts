/**
 * The second line behind the sandbox: the files a shell command names in its arguments (see
 * `file-operands.ts`) must lie inside the workspace, checked the way the file tools check their
 * paths. A policy that allows `cat` then allows reading the workspace with it, not `~/.npmrc`,
 * a sibling checkout or `/proc/<pid>/environ` — also where no sandbox could be set up.
 *
 * This holds whatever the rules say: no rule can allow a read outside the workspace, because a
 * rule cannot tell where a path leads (a symlink, `..`, a glob). The sandbox stays the real
 * boundary; this check keeps the door shut when there is none.
 */
import path from 'node:path';
import type { PolicyContext } from './policy-types.js';
import type { ShellCommandPiece, ShellFileAccess } from './shell/shell-analysis-types.js';
import { isInsideOrSame } from '../platform/path-containment.js';

/** Paths that are never a file anyone could read or change through. */
const HARMLESS_PATHS = new Set(['/dev/null']);

export interface FileAccessCheckOptions {
  context: PolicyContext;
  /** The call's `directory` argument, which relative paths resolve against. */
  directory: string | undefined;
}

/** The decider the transcript names when this check refuses a command. */
export const WORKSPACE_BOUNDARY_DECIDER = 'workspace boundary (files named in shell commands)';

/**
 * Why the command may not run because of a file it names, in words the model can act on, or
 * undefined when every file it names lies inside the workspace.
 */
export function fileAccessProblem(
  piece: ShellCommandPiece,
  options: FileAccessCheckOptions,
): string | undefined {
  for (const access of piece.files ?? []) {
    const problem = accessProblem(access, options);
    if (problem !== undefined) {
      return `${problem} Shell commands may only read and write files inside the workspace (${options.context.workspaceRoot}); use paths inside it, or the file tools.`;
    }
  }
  return undefined;
}

function accessProblem(
  access: ShellFileAccess,
  options: FileAccessCheckOptions,
): string | undefined {
  if (access.unknown !== undefined) {
    return `\`${access.text}\` cannot be checked before it runs: ${access.unknown}.`;
  }
  if (access.path !== undefined) return pathProblem(access.path, access, options);
  if (access.glob !== undefined) return globProblem(access.glob, access, options);
  return undefined;
}

/** The directory relative paths start from: the root, or the call's `directory` (as the tool resolves it). */
function baseDirectory(options: FileAccessCheckOptions): string {
  const root = options.context.workspaceRoot;
  return options.directory === undefined ? root : path.resolve(root, options.directory);
}

/**
 * The path as the kernel will look it up: joined to the directory without removing `..` from the
 * text, because `link/../x` is the parent of the link's target, not `x`.
 */
export function pathAsOpened(base: string, written: string): string {
  return path.isAbsolute(written) ? written : `${base}/${written}`;
}

function pathProblem(
  written: string,
  access: ShellFileAccess,
  options: FileAccessCheckOptions,
): string | undefined {
  if (written === '') return undefined;
  if (HARMLESS_PATHS.has(written)) return undefined;
  const base = baseDirectory(options);
  const root = options.context.workspaceRoot;
  const lexical = path.resolve(base, written);
  if (!isInsideOrSame(lexical, root)) {
    return `\`${access.text}\` is outside the workspace (${lexical}).`;
  }
  const problem = options.context.workspacePathProblem?.(
    pathAsOpened(base, written),
    access.purpose,
  );
  return problem === undefined ? undefined : `\`${access.text}\` is refused: ${problem}`;
}

function globProblem(
  pattern: string,
  access: ShellFileAccess,
  options: FileAccessCheckOptions,
): string | undefined {
  const base = baseDirectory(options);
  const root = options.context.workspaceRoot;
  // The part before the first glob character is where matching starts; `..` may climb from it.
  const fixed = pattern.slice(0, pattern.search(/[*?[]/u));
  const start = path.resolve(base, fixed === '' ? '.' : fixed.replace(/[^/]*$/u, '') || '.');
  if (!isInsideOrSame(start, root) || pattern.split('/').includes('..')) {
    return `\`${access.text}\` is a pattern that reaches outside the workspace.`;
  }
  const expand = options.context.expandGlob;
  if (expand === undefined) return undefined;
  const matches = expand(pathAsOpened(base, pattern));
  if (matches === undefined) {
    return `\`${access.text}\` matches too many files to check (name fewer files, or a directory).`;
  }
  for (const match of matches) {
    const problem = options.context.workspacePathProblem?.(match, access.purpose);
    if (problem !== undefined)
      return `\`${access.text}\` matches a path that is refused: ${problem}`;
  }
  return undefined;
}
