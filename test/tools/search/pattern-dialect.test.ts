import { describe, expect, it } from 'vitest';
import {
  isPosixExtendedSafe,
  portabilityProblem,
  toRipgrepPattern,
} from '../../../src/tools/search/pattern-dialect.js';

describe('portabilityProblem', () => {
  it('passes patterns every engine reads like JavaScript', () => {
    for (const pattern of [
      'foo',
      'a\\.b',
      '\\bword\\b',
      '[a-z_]+\\d{2,3}',
      'x\\u00e9\\x41',
      '(?<=a)b',
      '(a)\\1',
    ]) {
      expect(portabilityProblem(pattern), pattern).toBeNull();
    }
  });

  it('keeps back escapes, POSIX classes and the JavaScript-only classes [] and [^]', () => {
    expect(portabilityProblem('\\p{L}')).toBe(
      'the escape \\p means something else (or nothing) in other engines',
    );
    expect(portabilityProblem('\\Qa.b\\E')).not.toBeNull();
    expect(portabilityProblem('\\k<name>')).not.toBeNull();
    expect(portabilityProblem('[\\b]')).not.toBeNull();
    expect(portabilityProblem('[[:alpha:]]')).toBe(
      'POSIX bracket expressions such as [[:alpha:]] mean something else in JavaScript',
    );
    expect(portabilityProblem('a[^]b')).toBe(
      'the JavaScript classes [] and [^] mean something else in other engines',
    );
  });
});

describe('toRipgrepPattern', () => {
  it('makes word boundaries and negated classes ASCII, as in JavaScript', () => {
    expect(toRipgrepPattern('\\bcaf\\B\\W\\D')).toBe('(?-u:\\b)caf(?-u:\\B)(?-u:\\W)(?-u:\\D)');
    expect(toRipgrepPattern('[^\\W\\d]')).toBe('[^[:^word:]\\d]');
  });

  it('unescapes punctuation ripgrep refuses to see escaped, and escapes literal braces', () => {
    expect(toRipgrepPattern('a\\/b\\"c\\.d')).toBe('a/b"c\\.d');
    expect(toRipgrepPattern('main() {')).toBe('main() \\{');
    expect(toRipgrepPattern('x{2,3}}')).toBe('x{2,3}\\}');
    expect(toRipgrepPattern('[a&&b~~[]')).toBe('[a\\&\\&b\\~\\~\\[]');
  });

  it('leaves patterns for PCRE2 (look-around, backreferences) as they are', () => {
    expect(toRipgrepPattern('(?<=a)\\b')).toBe('(?<=a)\\b');
    expect(toRipgrepPattern('(a)\\1\\b')).toBe('(a)\\1\\b');
  });
});

describe('isPosixExtendedSafe', () => {
  it('accepts plain patterns', () => {
    for (const pattern of ['foo|bar', '^abc', 'a.b[xyz]+', 'x{2}y', 'a\\.b', '\\w+']) {
      expect(isPosixExtendedSafe(pattern), pattern).toBe(true);
    }
  });

  it('refuses what POSIX reads differently', () => {
    for (const pattern of ['\\d', '\\bx', 'a+?', '(?:a)', '[\\w]', 'end$', 'x{', '\\<w', '\\s']) {
      expect(isPosixExtendedSafe(pattern), pattern).toBe(false);
    }
  });
});
