/**
 * A git pathspec that narrows `git ls-files` to the paths a glob pattern could match, so git
 * prunes directories and hands over a short list instead of every file in the repository.
 *
 * The pathspec only has to be wide enough: glob still matches every listed path against the
 * pattern itself (picomatch), so a pathspec that lets more through costs a little time, while
 * one that left out a match would lose a file. Where the two dialects might disagree the
 * translation widens (`?` and `{…}` become `*`) or gives up (null: list everything):
 *
 * - Only printable ASCII: git folds case for ASCII letters only, and matches `?` against a byte
 *   where picomatch matches a UTF-16 unit.
 * - No brackets, escapes, extglobs or negation: their details differ between the dialects.
 * - `dir/**` also matches the file `dir` in picomatch, so `dir` is added as a second pathspec.
 *
 * In git's glob pathspecs, as in picomatch, `*` stays within one path segment and `**` between
 * slashes spans any number of them (git: gitglossary, "pathspec", magic word `glob`).
 */

/** Characters both dialects take literally, plus the wildcards `*` and `?`. */
const PLAIN = /^[A-Za-z0-9 _.,~#%=*?/-]*$/u;
/** A brace group within one segment whose alternatives are plain: `{ts,tsx}`, `{,.min}`. */
const SIMPLE_BRACES = /\{[A-Za-z0-9 _.,~#%=*?-]*\}/gu;

/**
 * The pathspecs for `pattern` (already relative to the searched directory, `/`-separated), or
 * null when no narrowing is safe. `literal`: the pattern names an existing path and is compared
 * as text (case-folded with `toLowerCase` unless case-sensitive).
 */
export function narrowingPathspecs(
  pattern: string,
  options: { caseSensitive: boolean; literal: boolean },
): string[] | null {
  let glob = pattern.replace(SIMPLE_BRACES, '*').replaceAll('?', '*');
  if (options.literal && !options.caseSensitive) {
    // `toLowerCase` turns the Kelvin sign (U+212A) into an ASCII `k`; git's ASCII-only folding
    // would not match it.
    glob = glob.replace(/k/giu, '*');
  }
  if (glob === '' || !PLAIN.test(glob)) return null;
  const segments = glob.split('/');
  if (segments.some((segment) => segment === '' || segment === '.' || segment === '..')) {
    return null;
  }
  const magic = options.caseSensitive ? ':(glob)' : ':(glob,icase)';
  const specs = [magic + glob];
  if (glob.endsWith('/**') && glob.length > 3) specs.push(magic + glob.slice(0, -3));
  return specs;
}
