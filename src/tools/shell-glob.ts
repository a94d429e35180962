/**
 * What bash makes of a glob in a command's arguments, found before the command runs, so the
 * policy can check every path it will open (`cat *.txt` where one `.txt` is a symlink out of the
 * workspace). Bash's defaults for `bash -c`: `*`, `?` and `[…]` match within one path segment,
 * a leading `.` only when the pattern's segment starts with one (and then `.` and `..` too, as
 * in bash before 5.2), no `**` recursion, no extended globs, and a pattern that matches nothing
 * is passed on as written.
 */
import { readdirSync } from 'node:fs';
import picomatch from 'picomatch';

/** More matches than this and the command is refused rather than checked path by path. */
export const MAX_GLOB_MATCHES = 1000;
/** Directory entries read while expanding; beyond this the pattern is not expanded. */
const MAX_ENTRIES_READ = 20_000;

const GLOB_CHARACTERS = /[*?[]/u;

/**
 * The paths an absolute pattern matches, each written as the kernel will look it up (segments
 * joined, `..` kept), or undefined when there are more than `MAX_GLOB_MATCHES` or expanding would
 * read too much. A pattern without matches gives its own text: bash passes it on unchanged.
 */
export function expandShellGlob(absolutePattern: string): string[] | undefined {
  const segments = absolutePattern.split('/').filter((segment) => segment !== '');
  let current = ['/'];
  let entriesRead = 0;
  for (const segment of segments) {
    const next: string[] = [];
    for (const directory of current) {
      if (!GLOB_CHARACTERS.test(segment)) {
        next.push(join(directory, segment));
        continue;
      }
      const names = listDirectory(directory);
      entriesRead += names.length;
      if (entriesRead > MAX_ENTRIES_READ) return undefined;
      const hidden = segment.startsWith('.');
      const candidates = hidden ? ['.', '..', ...names] : names;
      const matches = picomatch(segment, { dot: hidden, nobrace: true, noextglob: true });
      for (const name of candidates) if (matches(name)) next.push(join(directory, name));
    }
    if (next.length > MAX_GLOB_MATCHES) return undefined;
    current = next;
  }
  return current.length === 0 ? [absolutePattern] : current;
}

function join(directory: string, name: string): string {
  return directory.endsWith('/') ? `${directory}${name}` : `${directory}/${name}`;
}

function listDirectory(directory: string): string[] {
  try {
    return readdirSync(directory);
  } catch {
    // Not a directory, missing, or not readable: bash finds nothing there either.
    return [];
  }
}
