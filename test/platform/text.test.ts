import { describe, expect, it } from 'vitest';
import { escapeRegExp, oneLine, plural } from '../../src/platform/text.js';

describe('text helpers', () => {
  it('counts with the noun in the right number', () => {
    expect(plural(0, 'finding')).toBe('0 findings');
    expect(plural(1, 'finding')).toBe('1 finding');
    expect(plural(2, 'tool call')).toBe('2 tool calls');
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
});
