/**
 * Whether a path a shell command writes, known only in part, could be one a path pattern of the
 * policy covers: a glob bash expands (`cp x .g*` where `.gemini` could match), or a folder written
 * with all it holds (`rm -r .`, `mv config elsewhere`). The answer is a few concrete paths both could be
 * ("witnesses"), which the engine then judges exactly as a `write_file` call to each; or
 * `unsure` when two patterns meet in one name and no common name is found, which the caller
 * treats as a match.
 *
 * Both sides are read segment by segment: `**` is any number of segments, a segment with `*`,
 * `?` or `[…]` one name it matches, any other segment itself. The written path's globs match as
 * bash matches them (a leading `.` only when written); the policy's as its patterns do (any
 * name). Pure: no file system access.
 */
import picomatch from 'picomatch';

type Segment =
  | { kind: 'name'; text: string }
  | { kind: 'glob'; text: string; test: (name: string) => boolean }
  | { kind: 'any' };

/** What a written path and a pattern have in common. */
export type Reach = { witnesses: string[] } | 'unsure' | undefined;

const GLOB = /[*?[]/u;
/** Characters filling a `*` in a witness; several, so a name only some fillings leave is found. */
const FILLERS = ['', 'x'];

/**
 * Whether `written` (workspace-relative, `/`-separated, possibly holding bash globs), followed by
 * anything below it when `below`, could be a path `pattern` covers.
 */
export function reach(written: string, pattern: string, below: boolean): Reach {
  const theirs = patternSegments(pattern);
  if (theirs === undefined) return 'unsure';
  const ours = writtenSegments(written);
  if (below) ours.push({ kind: 'any' });
  const witnesses = new Set<string>();
  let unsure = false;
  for (const filler of FILLERS) {
    const found = meet(ours, theirs, filler);
    if (found === 'unsure') unsure = true;
    else if (found !== undefined) witnesses.add(found.join('/'));
  }
  if (witnesses.size > 0) return { witnesses: [...witnesses] };
  return unsure ? 'unsure' : undefined;
}

function writtenSegments(written: string): Segment[] {
  return written
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .map((text): Segment => {
      if (!GLOB.test(text)) return { kind: 'name', text };
      const test = picomatch(text, { dot: text.startsWith('.'), nobrace: true, noextglob: true });
      return { kind: 'glob', text, test };
    });
}

/** A pattern's segments; undefined when a brace holds a `/` (its segments cannot be told apart). */
function patternSegments(pattern: string): Segment[] | undefined {
  if (/\{[^}]*\/[^}]*\}/u.test(pattern)) return undefined;
  return pattern
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.')
    .map((text): Segment => {
      if (text === '**') return { kind: 'any' };
      if (!picomatch.scan(text).isGlob) return { kind: 'name', text };
      return { kind: 'glob', text, test: picomatch(text, { dot: true, nocase: true }) };
    });
}

/**
 * A path both sequences of segments match, as its names; `unsure` when the only way they meet is
 * through two globs with no name found that both match.
 */
function meet(
  ours: readonly Segment[],
  theirs: readonly Segment[],
  filler: string,
): string[] | 'unsure' | undefined {
  const memo = new Map<string, string[] | 'unsure' | undefined>();
  const walk = (i: number, j: number): string[] | 'unsure' | undefined => {
    const key = `${i},${j}`;
    if (memo.has(key)) return memo.get(key);
    memo.set(key, undefined);
    const found = step(i, j);
    memo.set(key, found);
    return found;
  };
  const step = (i: number, j: number): string[] | 'unsure' | undefined => {
    const a = ours[i];
    const b = theirs[j];
    if (a === undefined && b === undefined) return [];
    let unsure = false;
    const attempt = (
      name: string | 'unsure' | undefined,
      next: () => string[] | 'unsure' | undefined,
    ): string[] | undefined => {
      if (name === undefined) return undefined;
      const rest = next();
      if (rest === undefined) return undefined;
      if (name === 'unsure' || rest === 'unsure') {
        unsure = true;
        return undefined;
      }
      return name === '' ? rest : [name, ...rest];
    };
    const options: (() => string[] | undefined)[] = [];
    if (a?.kind === 'any') {
      options.push(() => attempt('', () => walk(i + 1, j)));
      if (b !== undefined && b.kind !== 'any') {
        options.push(() => attempt(sample(b, filler), () => walk(i, j + 1)));
      }
    }
    if (b?.kind === 'any') {
      options.push(() => attempt('', () => walk(i, j + 1)));
      if (a !== undefined && a.kind !== 'any') {
        options.push(() => attempt(sample(a, filler), () => walk(i + 1, j)));
      }
    }
    if (a !== undefined && b !== undefined && a.kind !== 'any' && b.kind !== 'any') {
      options.push(() => attempt(common(a, b, filler), () => walk(i + 1, j + 1)));
    }
    for (const option of options) {
      const found = option();
      if (found !== undefined) return found;
    }
    return unsure ? 'unsure' : undefined;
  };
  return walk(0, 0);
}

type Single = Exclude<Segment, { kind: 'any' }>;

/** A name one segment matches. */
function sample(segment: Single, filler: string): string | 'unsure' {
  if (segment.kind === 'name') return segment.text;
  const name = fill(segment.text, filler);
  return segment.test(name) ? name : 'unsure';
}

/** A name both segments match; undefined when there is none. */
function common(a: Single, b: Single, filler: string): string | 'unsure' | undefined {
  if (a.kind === 'name' && b.kind === 'name') {
    return a.text.toLowerCase() === b.text.toLowerCase() ? a.text : undefined;
  }
  if (a.kind === 'name' && b.kind === 'glob') return b.test(a.text) ? a.text : undefined;
  if (a.kind === 'glob' && b.kind === 'name') return a.test(b.text) ? b.text : undefined;
  if (a.kind !== 'glob' || b.kind !== 'glob') return undefined;
  const candidates = [fill(a.text, filler), fill(b.text, filler)];
  return candidates.find((name) => a.test(name) && b.test(name)) ?? 'unsure';
}

/** A name a glob segment matches: `*` filled, `?` and `[…]` given one character. */
function fill(glob: string, filler: string): string {
  const name = glob
    .replace(/\[(!|\^)?(\]?[^\]]*)\]/gu, (_all, negated: string | undefined, set: string) =>
      negated === undefined && set !== '' ? set.charAt(0) : 'x',
    )
    .replace(/\*+/gu, filler)
    .replace(/\?/gu, 'x');
  return name === '' ? 'x' : name;
}
