/**
 * Regular expressions from policy files run against every tool call the model makes, so a pattern
 * prone to catastrophic backtracking would let a hostile model stall the run with one crafted
 * argument. Patterns are compiled as JavaScript RegExps (no flags, as the Gemini CLI does) and
 * refused when `safe-regex2` cannot show them safe (it limits the star height to 1: no repetition
 * inside a repeated group). The refusal names the group at fault and suggests a rewrite.
 */
import safeRegex from 'safe-regex2';

/** Longer patterns are refused outright: nobody needs them, and they are expensive to match. */
export const MAX_PATTERN_LENGTH = 2048;

/** More repetition operators than this in one pattern are refused (the checker's own limit). */
const MAX_REPETITIONS = 25;

export type RegexCheck = { ok: true; regex: RegExp } | { ok: false; problem: string };

/**
 * Compiles `pattern`. On failure `problem` completes a sentence that starts with the field and the
 * pattern, e.g. `argsPattern "(a+)+$" ` + problem.
 */
export function compileSafeRegex(pattern: string): RegexCheck {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      ok: false,
      problem: `is not a valid JavaScript regular expression: ${stripPatternEcho(reason)}`,
    };
  }
  if (pattern.length > MAX_PATTERN_LENGTH) {
    return {
      ok: false,
      problem: `is ${pattern.length} characters long; patterns may have at most ${MAX_PATTERN_LENGTH}`,
    };
  }
  const analysable = withoutLookbehind(pattern);
  if (safeRegex(analysable, { limit: MAX_REPETITIONS })) return { ok: true, regex };
  return { ok: false, problem: explainUnsafe(pattern, analysable) };
}

function explainUnsafe(pattern: string, analysable: string): string {
  const nested = findNestedRepetition(pattern);
  if (nested) {
    return (
      `can take exponential time on text that almost matches (catastrophic backtracking): ` +
      `the group "${nested.group}" repeats a pattern that itself repeats, so the regex engine ` +
      `tries every way of splitting the text between the two repetitions. Rewrite it so that no ` +
      `repeated group contains another repetition, for example ${nested.suggestion}`
    );
  }
  if (safeRegex(analysable, { limit: Number.POSITIVE_INFINITY })) {
    return (
      `has more than ${MAX_REPETITIONS} repetition operators (*, +, ?, {n,m}), which makes its ` +
      `matching time hard to bound; split it into simpler patterns or rules`
    );
  }
  return (
    `cannot be shown safe from catastrophic backtracking; simplify it (no repetition inside a ` +
    `repeated group, no lookbehind containing repetitions)`
  );
}

/**
 * The checker does not understand lookbehind (`(?<=…)`, `(?<!…)`) and would refuse every pattern
 * with one; as plain groups they keep their contents, and so their nesting, for the analysis.
 */
function withoutLookbehind(pattern: string): string {
  let result = '';
  for (const token of tokens(pattern)) {
    result += token.kind === 'open' && /^\(\?<[=!]$/.test(token.text) ? '(?:' : token.text;
  }
  return result;
}

interface Token {
  kind: 'escape' | 'class' | 'open' | 'close' | 'quantifier' | 'literal';
  text: string;
  start: number;
}

/** Splits a pattern into the pieces that matter for nesting: groups, quantifiers and atoms. */
function* tokens(pattern: string): Generator<Token> {
  let index = 0;
  let afterAtom = false;
  while (index < pattern.length) {
    const start = index;
    const char = pattern.charAt(index);
    if (char === '\\') {
      index += 2;
      afterAtom = true;
      yield { kind: 'escape', text: pattern.slice(start, index), start };
      continue;
    }
    if (char === '[') {
      index += 1;
      while (index < pattern.length && pattern.charAt(index) !== ']') {
        index += pattern.charAt(index) === '\\' ? 2 : 1;
      }
      index += 1;
      afterAtom = true;
      yield { kind: 'class', text: pattern.slice(start, index), start };
      continue;
    }
    if (char === '(') {
      const prefix = /^\((?:\?(?:[:=!]|<[=!]|<[A-Za-z_$][\w$]*>))?/.exec(pattern.slice(index));
      index += prefix ? prefix[0].length : 1;
      afterAtom = false;
      yield { kind: 'open', text: pattern.slice(start, index), start };
      continue;
    }
    if (char === ')') {
      index += 1;
      afterAtom = true;
      yield { kind: 'close', text: ')', start };
      continue;
    }
    const quantifier = afterAtom
      ? /^(?:[*+?]|\{\d+(?:,\d*)?\})\??/.exec(pattern.slice(index))
      : null;
    if (quantifier) {
      index += quantifier[0].length;
      afterAtom = false;
      yield { kind: 'quantifier', text: quantifier[0], start };
      continue;
    }
    index += 1;
    afterAtom = !/[|^$]/.test(char);
    yield { kind: 'literal', text: char, start };
  }
}

interface NestedRepetition {
  /** The repeated group, with its quantifier, as written. */
  group: string;
  /** A rewrite for this group, phrased to end the sentence. */
  suggestion: string;
}

/** The first repeated group that contains a repetition, e.g. `(a+)+` in `^(a+)+$`. */
export function findNestedRepetition(pattern: string): NestedRepetition | undefined {
  const frames: { start: number; contentStart: number; repeats: boolean }[] = [
    { start: 0, contentStart: 0, repeats: false },
  ];
  const all = [...tokens(pattern)];
  for (let position = 0; position < all.length; position += 1) {
    const token = all[position];
    if (!token) continue;
    const top = frames[frames.length - 1];
    if (token.kind === 'open') {
      frames.push({
        start: token.start,
        contentStart: token.start + token.text.length,
        repeats: false,
      });
    } else if (token.kind === 'quantifier') {
      if (top) top.repeats = true;
    } else if (token.kind === 'close' && frames.length > 1) {
      const frame = frames.pop();
      const parent = frames[frames.length - 1];
      const next = all[position + 1];
      const quantified = next?.kind === 'quantifier';
      if (frame && quantified && frame.repeats) {
        const group = pattern.slice(frame.start, next.start + next.text.length);
        const content = pattern.slice(frame.contentStart, token.start);
        return { group, suggestion: suggestFlattening({ group, content, outer: next.text }) };
      }
      if (parent && frame && (quantified || frame.repeats)) parent.repeats = true;
    }
  }
  return undefined;
}

/** `(a+)+` → `a+`; `(\w*)+` → `\w*`; otherwise a general example. */
function suggestFlattening(parts: { group: string; content: string; outer: string }): string {
  const { group, content, outer } = parts;
  const single = /^(\\.|\[(?:\\.|[^\]\\])*\]|[^\\[()|])([*+])$/.exec(content);
  if (single?.[1] && single[2]) {
    const inner = single[2];
    const combined = inner === '+' && outer.startsWith('+') ? '+' : '*';
    return `"${single[1]}${combined}" instead of "${group}"`;
  }
  return `"[\\w\\s]*" instead of "(\\w+\\s?)*"`;
}

/** `Invalid regular expression: /(/: Unterminated group` → `Unterminated group`. */
function stripPatternEcho(message: string): string {
  return message.replace(/^Invalid regular expression: \/[\s\S]*\/[a-z]*: /, '');
}
