import { describe, expect, it } from 'vitest';
import {
  compileSafeRegex,
  findNestedRepetition,
  MAX_PATTERN_LENGTH,
} from '../../src/policy/regex-safety.js';

function problem(pattern: string): string {
  const result = compileSafeRegex(pattern);
  if (result.ok) throw new Error(`expected ${pattern} to be refused`);
  return result.problem;
}

describe('compileSafeRegex', () => {
  it.each([
    '"file_path":"src/',
    '"command":"git (status|diff)',
    '^npm (test|run lint)$',
    '"file_path":"[^"]*\\.md"',
    '(?:beep|boop)*',
    '(?<=a)b+',
    '(?<name>x)\\k<name>',
  ])('compiles %s', (pattern) => {
    const result = compileSafeRegex(pattern);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.regex.source).toBe(new RegExp(pattern).source);
  });

  it('refuses invalid JavaScript regexes with the reason', () => {
    expect(problem('(')).toBe('is not a valid JavaScript regular expression: Unterminated group');
    expect(problem('[z-a]')).toBe(
      'is not a valid JavaScript regular expression: Range out of order in character class',
    );
  });

  it('refuses nested repetition and names the group at fault', () => {
    expect(problem('^(a+)+$')).toContain('the group "(a+)+" repeats a pattern that itself repeats');
    expect(problem('^(a+)+$')).toContain('for example "a+" instead of "(a+)+"');
    expect(problem('x(?:[a-z]*)+y')).toContain('for example "[a-z]*" instead of "(?:[a-z]*)+"');
    expect(problem('^(\\w+\\s?)*$')).toContain('the group "(\\w+\\s?)*"');
    expect(problem('((ab)*c)+')).toContain('the group "((ab)*c)+"');
    expect(problem('(?<=(a+)+)b')).toContain('the group "(a+)+"');
  });

  it('does not take escaped parentheses or brackets for groups', () => {
    expect(compileSafeRegex('\\(a+\\)+').ok).toBe(true);
    expect(compileSafeRegex('[(]a+[)]+').ok).toBe(true);
  });

  it('refuses too many repetitions and overly long patterns', () => {
    expect(problem('a?'.repeat(30))).toBe(
      'has more than 25 repetition operators (*, +, ?, {n,m}), which makes its matching time hard to bound; split it into simpler patterns or rules',
    );
    expect(problem('a'.repeat(MAX_PATTERN_LENGTH + 1))).toBe(
      `is ${MAX_PATTERN_LENGTH + 1} characters long; patterns may have at most ${MAX_PATTERN_LENGTH}`,
    );
  });
});

describe('findNestedRepetition', () => {
  it('finds nothing in a pattern without nested repetition', () => {
    expect(findNestedRepetition('(ab)+c*(d|e)?')).toBeUndefined();
  });
});
