/**
 * How file systems may spell the same name differently, and the path texts no file system takes.
 *
 * Linux compares names byte for byte, but workspaces also live on case-insensitive file systems
 * (macOS, Windows), on HFS+ (which ignores some invisible code points when comparing names) and
 * on NTFS (which drops trailing dots and spaces, treats `name:stream` as `name`, and gives short
 * `GIT~1` aliases). A name that any of them could take for `.git` counts as `.git`, so a write
 * refused on Linux is refused everywhere the same repository might be checked out.
 */

import path from 'node:path';

/** Linux's limits: 4096 bytes per path including the terminating NUL, 255 bytes per name. */
export const MAX_PATH_BYTES = 4095;
export const MAX_NAME_BYTES = 255;

// Code points that render as nothing: HFS+ skips some of them when comparing names, and a name
// that differs from `.git` only by them is meant to fool a human reading the transcript.
const INVISIBLE = /\p{Default_Ignorable_Code_Point}/gu;
/** Only ASCII: no code point above U+007F. */
const ASCII = /^[^\u0080-\u{10FFFF}]*$/u;

/**
 * A name as a forgiving file system would compare it: compatibility-normalised (fullwidth
 * letters become ASCII), invisible code points dropped, and case-folded through upper case so
 * that letters whose capital is ASCII (`ı` → `I`) fold as well.
 */
export function foldName(name: string): string {
  // ASCII is its own NFKC form and holds no invisible code points: only the case remains.
  if (ASCII.test(name)) return name.toLowerCase();
  const visible = name.normalize('NFKC').replace(INVISIBLE, '').normalize('NFKC');
  return visible.toUpperCase().toLowerCase().normalize('NFKC');
}

/**
 * A single path segment as the most forgiving file system would open it: folded (`foldName`),
 * an NTFS stream suffix dropped (`.git::$INDEX_ALLOCATION` and `.git:x` name streams of `.git`),
 * and trailing dots and spaces dropped (Win32 opens `.git` for `.git.` and `.git `).
 */
export function comparableName(segment: string): string {
  let folded = foldName(segment);
  const colon = folded.indexOf(':');
  if (colon !== -1) folded = folded.slice(0, colon);
  return folded.replace(/[. ]+$/u, '');
}

/** Whether some file system could take this single path segment for a `.git` entry. */
export function isGitName(segment: string): boolean {
  const folded = comparableName(segment);
  return folded === '.git' || folded === 'git~1';
}

/** Whether any segment of a relative or absolute path could be a `.git` entry. */
export function hasGitSegment(somePath: string): boolean {
  return somePath.split(/[\\/]+/u).some((segment) => segment !== '' && isGitName(segment));
}

export type PathTextProblem = 'nul_byte' | 'too_long';

/** Problems with the text of a path that no file system call could get past. */
export function pathTextProblem(absolutePath: string): PathTextProblem | null {
  if (absolutePath.includes('\0')) return 'nul_byte';
  // A UTF-16 unit takes at most three bytes in UTF-8: a short text cannot be too long.
  if (absolutePath.length * 3 <= MAX_NAME_BYTES) return null;
  if (Buffer.byteLength(absolutePath) > MAX_PATH_BYTES) return 'too_long';
  const names = absolutePath.split(/[\\/]+/u);
  if (names.some((name) => Buffer.byteLength(name) > MAX_NAME_BYTES)) return 'too_long';
  return null;
}

const SHOWN_PATH_CHARS = 300;

/**
 * A path as error messages quote it: NUL bytes made visible and very long paths cut, so one
 * hostile argument cannot fill the model's context with its own echo.
 */
export function quotePath(somePath: string): string {
  const visible = somePath.replaceAll('\0', '\\0');
  if (visible.length <= SHOWN_PATH_CHARS) return visible;
  return `${visible.slice(0, SHOWN_PATH_CHARS)}… (${visible.length} characters)`;
}

/** An empty, `.` or `..` component, or a trailing separator. */
const NOT_NORMAL = /\/\/|\/\.\.?(?:\/|$)|.\/$/u;

/**
 * Whether `path.resolve` would return `somePath` unchanged: absolute, `/`-separated, with no
 * empty, `.` or `..` component (POSIX only; elsewhere always false).
 */
export function isNormalAbsolute(somePath: string): boolean {
  return path.sep === '/' && somePath.startsWith('/') && !NOT_NORMAL.test(somePath);
}
