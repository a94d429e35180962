/**
 * Whether one path lies inside another, decided on the paths as written (no file system access;
 * callers resolve symlinks first where that matters). One definition, because the boundary checks
 * of the workspace, the sandbox, the policy and the A2A server must agree: a child literally named
 * `..name` is inside, and a path on another drive (Windows) is outside.
 */
import path from 'node:path';

/** True when `inner` is `outer` itself or lies below it. */
export function isInsideOrSame(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative === '' || isDescendant(relative);
}

/** True when `inner` lies below `outer` (not `outer` itself). */
export function isStrictlyInside(inner: string, outer: string): boolean {
  const relative = path.relative(outer, inner);
  return relative !== '' && isDescendant(relative);
}

/**
 * `isInsideOrSame` for paths already in normal absolute form (as `path.resolve` returns them), by
 * their text alone: for the checks that run on thousands of paths (a search's matches).
 */
export function isInsideOrSameNormal(inner: string, outer: string): boolean {
  if (inner === outer) return true;
  return inner.startsWith(outer.endsWith(path.sep) ? outer : outer + path.sep);
}

/** A non-empty relative path that does not climb out of where it starts. */
function isDescendant(relative: string): boolean {
  if (path.isAbsolute(relative)) return false;
  return relative !== '..' && !relative.startsWith(`..${path.sep}`);
}
