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
    if (found === UNSURE) unsure = true;
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

/** Stands for "they may meet, but no name was found that shows it". */
const UNSURE = Symbol('unsure');
/** A name in common: found, unsure, or none. */
type Name = string | typeof UNSURE | undefined;
/** A path in common, as its names: found, unsure, or none. */
type Found = string[] | typeof UNSURE | undefined;

/** The path `name` followed by `rest`, when both exist. */
function joinFound(name: Name, rest: () => Found): Found {
  if (name === undefined) return undefined;
  const tail = rest();
  if (tail === undefined) return undefined;
  if (name === UNSURE || tail === UNSURE) return UNSURE;
  return name === '' ? tail : [name, ...tail];
}

/**
 * A path both sequences of segments match, as its names; `UNSURE` when the only way they meet
 * is through two globs with no name found that both match.
 */
function meet(ours: readonly Segment[], theirs: readonly Segment[], filler: string): Found {
  const memo = new Map<string, Found>();
  const walk = (i: number, j: number): Found => {
    const key = `${i},${j}`;
    if (memo.has(key)) return memo.get(key);
    memo.set(key, undefined);
    const found = step(i, j);
    memo.set(key, found);
    return found;
  };
  const step = (i: number, j: number): Found => {
    const a = ours[i];
    const b = theirs[j];
    if (a === undefined && b === undefined) return [];
    const ways: (() => Found)[] = [];
    if (a?.kind === 'any') {
      // `**` of ours: it ends here, or it stands for the pattern's next segment.
      ways.push(() => joinFound('', () => walk(i + 1, j)));
      if (b !== undefined && b.kind !== 'any') {
        ways.push(() => joinFound(sample(b, filler), () => walk(i, j + 1)));
      }
    }
    if (b?.kind === 'any') {
      ways.push(() => joinFound('', () => walk(i, j + 1)));
      if (a !== undefined && a.kind !== 'any') {
        ways.push(() => joinFound(sample(a, filler), () => walk(i + 1, j)));
      }
    }
    if (a !== undefined && b !== undefined && a.kind !== 'any' && b.kind !== 'any') {
      ways.push(() => joinFound(common(a, b, filler), () => walk(i + 1, j + 1)));
    }
    let result: Found;
    for (const way of ways) {
      const found = way();
      if (Array.isArray(found)) return found;
      result ??= found;
    }
    return result;
  };
  return walk(0, 0);
}

type Single = Exclude<Segment, { kind: 'any' }>;

/** A name one segment matches. */
function sample(segment: Single, filler: string): Name {
  if (segment.kind === 'name') return segment.text;
  const name = fill(segment.text, filler);
  return segment.test(name) ? name : UNSURE;
}

/** A name both segments match; undefined when there is none. */
function common(a: Single, b: Single, filler: string): Name {
  if (a.kind === 'name' && b.kind === 'name') {
    return a.text.toLowerCase() === b.text.toLowerCase() ? a.text : undefined;
  }
  if (a.kind === 'name') return b.kind === 'glob' && b.test(a.text) ? a.text : undefined;
  if (b.kind === 'name') return a.test(b.text) ? b.text : undefined;
  const [prefixA, suffixA] = fixedEnds(a.text);
  const [prefixB, suffixB] = fixedEnds(b.text);
  // Names that start or end differently never match both (`*.log` and `*.secret`); nor does a
  // leading `.` our glob does not write (bash's `*` does not match it).
  const longer = (x: string, y: string) => (x.length >= y.length ? x : y);
  if (!prefixA.startsWith(prefixB) && !prefixB.startsWith(prefixA)) return undefined;
  if (!suffixA.endsWith(suffixB) && !suffixB.endsWith(suffixA)) return undefined;
  if (prefixB.startsWith('.') && !a.text.startsWith('.')) return undefined;
  const candidates = [
    `${longer(prefixA, prefixB)}${filler}${longer(suffixA, suffixB)}`,
    fill(a.text, filler),
    fill(b.text, filler),
  ];
  return candidates.find((name) => a.test(name) && b.test(name)) ?? UNSURE;
}

/** The literal text before a glob's first special character and after its last. */
function fixedEnds(glob: string): [string, string] {
  const first = glob.search(/[*?[]/u);
  const last = Math.max(glob.lastIndexOf('*'), glob.lastIndexOf('?'), glob.lastIndexOf(']'));
  return [first < 0 ? glob : glob.slice(0, first), last < 0 ? '' : glob.slice(last + 1)];
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
