import { describe, expect, it } from 'vitest';
import {
  escapeRegExp,
  groupDigits,
  groupedPlural,
  oneLine,
  plural,
} from '../../src/platform/text.js';

describe('text helpers', () => {
  it('counts with the noun in the right number', () => {
    expect(plural(0, 'finding')).toBe('0 findings');
    expect(plural(1, 'finding')).toBe('1 finding');
    expect(plural(2, 'tool call')).toBe('2 tool calls');
    expect(groupedPlural(1, 'token')).toBe('1 token');
    expect(groupedPlural(12_345, 'token')).toBe('12,345 tokens');
  });

  it('puts text on one line', () => {
    expect(oneLine('  fatal: refused\n\thint:  retry \r\n')).toBe('fatal: refused hint: retry');
  });

  it.each(['', 'u', 'g', 'iu'])(
    'escapes a literal so it matches only itself (flags %j)',
    (flags) => {
      const literal = 'a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o/p-q';
      const pattern = new RegExp(`^${escapeRegExp(literal)}$`, flags);
      expect(pattern.test(literal)).toBe(true);
      expect(pattern.test(literal.replace('.', 'X'))).toBe(false);
    },
  );

  it('groups thousands as toLocaleString does, for every size of integer and sign', () => {
    const values = [0, -0, 7, -7, 999, 1000, -1000, 65_535, 999_999, 1_000_000, -12_345_678];
    for (let digits = 1; digits <= 16; digits += 1) {
      values.push(Number('9'.repeat(digits)), -Number('1'.padEnd(digits, '0')));
    }
    values.push(Number.MAX_SAFE_INTEGER, 2 ** 53, 1.5, -0.25, 1e21, Number.NaN, Infinity);
    for (const value of values) {
      expect([value, groupDigits(value)]).toEqual([value, value.toLocaleString('en-US')]);
    }
  });
});
