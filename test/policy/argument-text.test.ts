// The texts argsPattern rules are matched against: key-sorted JSON, with the Gemini CLI's
// top-level markers when asked. Written without recursion, so the model's arguments cannot exhaust
// the stack however deep they are; for any JSON value the text is the one the recursive writing
// gave.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stableStringify } from '../../src/policy/argument-text.js';

/** The recursive writing this one replaced, for comparison. */
function recursive(value: unknown, topLevel = false): string {
  if (value === undefined || typeof value === 'function') return 'null';
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((item: unknown) => recursive(item)).join(',')}]`;
  const record = value as Record<string, unknown>;
  const members = Object.keys(record)
    .sort()
    .filter((key) => record[key] !== undefined && typeof record[key] !== 'function')
    .map((key) => {
      const pair = `${JSON.stringify(key)}:${recursive(record[key])}`;
      return topLevel ? `\0${pair}\0` : pair;
    });
  return `{${members.join(',')}}`;
}

describe('stableStringify', () => {
  it('writes any JSON value as the recursive writing did, with and without markers', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.boolean(), (value, markTopLevel) => {
        expect(stableStringify(value, { markTopLevel })).toBe(recursive(value, markTopLevel));
      }),
    );
  });

  it('sorts keys at every depth and marks only the top-level pairs', () => {
    expect(stableStringify({ b: 1, a: { d: [2, { f: 3, e: 4 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"e":4,"f":3}]},"b":1}',
    );
    expect(stableStringify({ b: 1, a: { d: 2 } }, { markTopLevel: true })).toBe(
      '{\0"a":{"d":2}\0,\0"b":1\0}',
    );
    expect(stableStringify({ a: undefined, b: () => 1, c: [undefined] })).toBe('{"c":[null]}');
  });

  it('writes a cycle as "[Circular]" and a shared value in full each time', () => {
    const shared = { x: 1 };
    const cycle: Record<string, unknown> = { shared, again: shared };
    cycle['self'] = cycle;
    expect(stableStringify(cycle)).toBe('{"again":{"x":1},"self":"[Circular]","shared":{"x":1}}');
  });

  it('writes arguments nested 100,000 levels deep', () => {
    const depth = 100_000;
    const value = JSON.parse(`{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`) as unknown;
    expect(stableStringify(value)).toBe(`{"x":${'['.repeat(depth)}${']'.repeat(depth)}}`);
  });
});
