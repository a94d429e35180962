/**
 * Keeping one meaning for the model's pattern across regex engines.
 *
 * The meaning is JavaScript's (`new RegExp(pattern, 'i')`), and the collector tests every line
 * against it, so an engine can never add a line. An engine could still miss one where its
 * dialect reads the same text differently; the checks here send such patterns to a strategy
 * that reads them correctly instead:
 * - escapes only some engines know (`\h`, `\p{L}`, `\Q…\E`, `\k<n>`, `\0`) or read differently
 *   (`\x{…}`), POSIX classes (`[[:alpha:]]`) and JavaScript's `[]` / `[^]` are not passed on;
 * - for ripgrep's default engine, whose `\b`, `\W` and `\D` know Unicode letters and digits,
 *   those are rewritten to their ASCII forms, and a brace that is no quantifier is escaped;
 * - for POSIX extended regexes (git grep without PCRE) only a plain subset is passed.
 * Left as known limits: case folding of non-ASCII letters, and Unicode-aware classes under
 * PCRE2 builds that enable them.
 */

/** Escapes with one meaning in JavaScript, PCRE2 and ripgrep (outside character classes). */
const SHARED_LETTER_ESCAPES = new Set([
  'd',
  'D',
  'w',
  'W',
  's',
  'S',
  'b',
  'B',
  'n',
  'r',
  't',
  'f',
  'v',
]);
const QUANTIFIER_BRACE = /^\{\d+(,\d*)?\}/u;
const LOOKAROUND_OR_BACKREFERENCE = /\(\?<?[=!]|\\[1-9]/u;

/** One token of a pattern: an escape, a class bracket, a brace, or any other character. */
interface Token {
  text: string;
  /** Inside a character class, including its brackets. */
  inClass: boolean;
  /** The `[` or `[^` that opens a class. */
  opensClass?: true;
}

function tokenize(pattern: string): Token[] | string {
  const tokens: Token[] = [];
  let inClass = false;
  for (let i = 0; i < pattern.length; i += 1) {
    const char = pattern.charAt(i);
    if (char === '\\') {
      const escape = readEscape(pattern, i, inClass);
      if (typeof escape !== 'string') return escape.problem;
      tokens.push({ text: escape, inClass });
      i += escape.length - 1;
      continue;
    }
    if (inClass) {
      if (char === '[' && /[:=.]/u.test(pattern.charAt(i + 1))) {
        return 'POSIX bracket expressions such as [[:alpha:]] mean something else in JavaScript';
      }
      if (char === ']') inClass = false;
      tokens.push({ text: char, inClass: true });
      continue;
    }
    if (char === '[') {
      const rest = pattern.slice(i + 1);
      if (rest.startsWith(']') || rest.startsWith('^]')) {
        return 'the JavaScript classes [] and [^] mean something else in other engines';
      }
      inClass = true;
      const opening = rest.startsWith('^') ? '[^' : '[';
      tokens.push({ text: opening, inClass: true, opensClass: true });
      i += opening.length - 1;
      continue;
    }
    tokens.push({ text: char, inClass: false });
  }
  return tokens;
}

function readEscape(pattern: string, at: number, inClass: boolean): string | { problem: string } {
  const next = pattern.charAt(at + 1);
  if (next === '') return { problem: 'a pattern cannot end with a backslash' };
  if (!/[A-Za-z0-9]/u.test(next)) return `\\${next}`;
  if (next === 'x' && /^[0-9A-Fa-f]{2}$/u.test(pattern.slice(at + 2, at + 4))) {
    return pattern.slice(at, at + 4);
  }
  if (next === 'u' && /^[0-9A-Fa-f]{4}$/u.test(pattern.slice(at + 2, at + 6))) {
    return pattern.slice(at, at + 6);
  }
  if (/[1-9]/u.test(next) && !inClass) return `\\${next}`;
  const boundary = next === 'b' || next === 'B';
  if (SHARED_LETTER_ESCAPES.has(next) && !(inClass && boundary)) return `\\${next}`;
  return { problem: `the escape \\${next} means something else (or nothing) in other engines` };
}

/** Why the pattern must not be given to an external engine, or null when it may. */
export function portabilityProblem(pattern: string): string | null {
  const tokens = tokenize(pattern);
  return typeof tokens === 'string' ? tokens : null;
}

/** Characters ripgrep's default engine lets (or needs to) be escaped. */
const RUST_META = new Set('\\.+*?()|[]{}^$#&-~'.split(''));
/** Inside a class: nested classes and set operators (`&&`, `~~`) that JavaScript reads literally. */
const RUST_CLASS_SPECIAL = new Set(['[', '&', '~']);

/** The pattern for ripgrep (see the file comment); call only for portable patterns. */
export function toRipgrepPattern(pattern: string): string {
  const tokens = tokenize(pattern);
  // Look-around and backreferences go to PCRE2, which rejects `(?-u:…)`: pass those unchanged.
  if (typeof tokens === 'string' || LOOKAROUND_OR_BACKREFERENCE.test(pattern)) return pattern;
  let out = '';
  for (let index = 0; index < tokens.length; index += 1) {
    const token = tokens[index];
    if (token === undefined) break;
    if (token.inClass) {
      out += token.opensClass ? token.text : ripgrepClassToken(token.text);
      continue;
    }
    const { text } = token;
    if (text === '\\b' || text === '\\B' || text === '\\W' || text === '\\D') {
      out += `(?-u:${text})`;
    } else if (isPunctuationEscape(text)) {
      out += RUST_META.has(text.charAt(1)) ? text : text.charAt(1);
    } else if (text === '{') {
      const quantifier = index > 0 ? QUANTIFIER_BRACE.exec(joinFrom(tokens, index)) : null;
      out += quantifier ? quantifier[0] : '\\{';
      index += quantifier ? quantifier[0].length - 1 : 0;
    } else if (text === '}') {
      out += '\\}';
    } else {
      out += text;
    }
  }
  return out;
}

function ripgrepClassToken(text: string): string {
  if (text === '\\W') return '[:^word:]';
  if (text === '\\D') return '[:^digit:]';
  if (isPunctuationEscape(text)) {
    const char = text.charAt(1);
    return RUST_META.has(char) ? text : ripgrepClassToken(char);
  }
  return RUST_CLASS_SPECIAL.has(text) ? `\\${text}` : text;
}

function isPunctuationEscape(text: string): boolean {
  return text.length === 2 && text.startsWith('\\') && !/[A-Za-z0-9]/u.test(text.charAt(1));
}

function joinFrom(tokens: readonly Token[], index: number): string {
  return tokens
    .slice(index)
    .map((token) => token.text)
    .join('');
}

/** Escaped characters that POSIX extended regexes read literally (GNU gives `\<`, `\'` meanings). */
const POSIX_LITERAL_ESCAPES = new Set('.[]{}()*+?^$|\\/-'.split(''));

/**
 * Whether POSIX extended regex syntax (git grep -E) reads the pattern as JavaScript does:
 * literals, `.`, classes without escapes, `^`, groups, alternation, greedy quantifiers and the
 * `\w` class (which may only match more, never less). Anything else is refused, `$` too.
 */
export function isPosixExtendedSafe(pattern: string): boolean {
  const tokens = tokenize(pattern);
  if (typeof tokens === 'string') return false;
  for (let index = 0; index < tokens.length; index += 1) {
    const { text, inClass } = tokens[index] ?? { text: '', inClass: false };
    const following = tokens[index + 1]?.text ?? '';
    if (text.startsWith('\\')) {
      if (inClass) return false;
      if (
        text !== '\\w' &&
        !(isPunctuationEscape(text) && POSIX_LITERAL_ESCAPES.has(text.charAt(1)))
      ) {
        return false;
      }
      continue;
    }
    if (inClass) continue;
    // git hands CRLF lines over with their `\r`, where `$` cannot match.
    if (text === '$') return false;
    if (text === '(' && following === '?') return false;
    if (
      (text === '*' || text === '+' || text === '?') &&
      (following === '?' || following === '+')
    ) {
      return false;
    }
    if (text === '{') {
      const rest = joinFrom(tokens, index);
      const quantifier = index > 0 ? QUANTIFIER_BRACE.exec(rest) : null;
      if (!quantifier) return false;
      const after = rest.charAt(quantifier[0].length);
      if (after === '?' || after === '+') return false;
      index += quantifier[0].length - 1;
      continue;
    }
    if (text === '}') return false;
  }
  return true;
}
