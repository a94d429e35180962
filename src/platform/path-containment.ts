/**
 * Whether one path lies inside another. One definition, because the boundary checks of the
 * workspace, the sandbox, the policy, the loaders of configuration, publishing and the A2A server
 * must agree. Every question here is answered on the paths as written:
 *
 * - **Textual.** No file system access: `link/..` is removed from the text as `path.resolve` does,
 *   which is not where the kernel would go when `link` is a symlink (it goes to the parent of the
 *   link's target). Callers that must not be fooled by symlinks resolve both paths first
 *   (`realpath`), as the workspace, the A2A server and the loaders do.
 * - **Case as the platform's `path.relative` compares.** On POSIX `A` and `a` are different
 *   names, as on Linux; `path.win32` compares without case. Where a check must also hold on a
 *   case-insensitive file system mounted on Linux (or on macOS), the caller folds both paths
 *   first (`foldName` in `src/tools/path-spelling.ts`, used by the denied places and the `.git`
 *   and protected-folder checks).
 * - `..name` is a child named `..name`, inside; only `..` itself, or `..` followed by a
 *   separator, climbs out. A trailing separator and `.` segments do not matter. The root `/`
 *   holds every absolute path. A path on another drive (Windows) is outside.
 *
 * Each function takes the `path` flavour to compare with (default: this platform's), so the
 * Windows rules are tested on any machine through `path.win32`.
 */
import path from 'node:path';

type PathFlavour = Pick<path.PlatformPath, 'relative' | 'isAbsolute' | 'sep'>;

/** True when `inner` is `outer` itself or lies below it. */
export function isInsideOrSame(inner: string, outer: string, flavour: PathFlavour = path): boolean {
  return relativeInside(inner, outer, flavour) !== undefined;
}

/** True when `inner` lies below `outer` (not `outer` itself). */
export function isStrictlyInside(
  inner: string,
  outer: string,
  flavour: PathFlavour = path,
): boolean {
  const relative = relativeInside(inner, outer, flavour);
  return relative !== undefined && relative !== '';
}

/**
 * The path of `inner` relative to `outer` (with this flavour's separators; `''` when they are the
 * same) when `inner` lies inside or at `outer`, else undefined.
 */
export function relativeInside(
  inner: string,
  outer: string,
  flavour: PathFlavour = path,
): string | undefined {
  const relative = flavour.relative(outer, inner);
  return climbsOut(relative, flavour) ? undefined : relative;
}

/**
 * Whether a relative path leaves where it starts: `..`, `../…`, or an absolute path (what
 * `path.relative` gives for another drive). `..name` and `''` stay.
 */
export function climbsOut(relative: string, flavour: PathFlavour = path): boolean {
  if (flavour.isAbsolute(relative)) return true;
  return relative === '..' || relative.startsWith(`..${flavour.sep}`);
}

/**
 * `isInsideOrSame` for paths already in normal absolute form (as `path.resolve` returns them), by
 * their text alone: for the checks that run on thousands of paths (a search's matches).
 */
export function isInsideOrSameNormal(
  inner: string,
  outer: string,
  flavour: Pick<PathFlavour, 'sep'> = path,
): boolean {
  if (inner === outer) return true;
  return inner.startsWith(outer.endsWith(flavour.sep) ? outer : outer + flavour.sep);
}
