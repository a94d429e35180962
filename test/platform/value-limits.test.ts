// The limits a parsed value is held to before anything walks it (valueLimitProblem): depth,
// entries of one container, and its size as JSON — each found without recursion, with the path to
// what went over, and with work bounded by the limits whatever the value.
import { describe, expect, it } from 'vitest';
import { describeValuePath, valueLimitProblem } from '../../src/platform/text-limits.js';

const LIMITS = { maxDepth: 4, maxEntries: 3, maxChars: 40 };
const check = (value: unknown) => valueLimitProblem(value, LIMITS, 'arguments');

describe('valueLimitProblem', () => {
  it('keeps a value within every limit, the exact limits included', () => {
    expect(check({ a: [[{ b: 1 }]] })).toBeUndefined();
    expect(check([1, 2, 3])).toBeUndefined();
    // `{"abcdefghijklmnopqrstuvwxyz012345":"x"}` is exactly 40 characters.
    const exact = { abcdefghijklmnopqrstuvwxyz012345: 'x' };
    expect(JSON.stringify(exact)).toHaveLength(40);
    expect(check(exact)).toBeUndefined();
    expect(check('a string')).toBeUndefined();
  });

  it('finds the first container one level too deep, with its path', () => {
    expect(check({ a: [[{ b: [] }]] })).toEqual({
      path: ['a', 0, 0, 'b'],
      message:
        'expected arguments nested at most 4 levels deep; the array at a[0][0].b is level 5.',
    });
    expect(check([[[[{}]]]])?.message).toContain('the object at [0][0][0][0] is level 5');
  });

  it('finds a container with one entry too many', () => {
    expect(check({ list: [1, 2, 3, 4] })).toEqual({
      path: ['list'],
      message: 'expected at most 3 items in one array of arguments; the array at list has 4.',
    });
    expect(check({ a: 1, b: 2, c: 3, d: 4 })?.message).toContain(
      'at most 3 members in one object of arguments; the object at the top level has 4',
    );
  });

  it('counts the size as JSON writes it, keys and punctuation included', () => {
    const over = { abcdefghijklmnopqrstuvwxyz0123456: 'x' };
    expect(JSON.stringify(over)).toHaveLength(41);
    expect(check(over)?.message).toBe(
      'expected arguments of at most 40 characters as JSON; the limit is passed at abcdefghijklmnopqrstuvwxyz0123456.',
    );
    expect(check(['x'.repeat(40)])?.path).toEqual([0]);
  });

  it('stops a cycle at the depth limit and a widely shared value at the size limit', () => {
    const cycle: Record<string, unknown> = {};
    cycle['self'] = cycle;
    expect(check(cycle)?.message).toContain('nested at most 4 levels deep');
    let shared: unknown = 'x'.repeat(5);
    for (let i = 0; i < 60; i += 1) shared = [shared, shared];
    const limits = { maxDepth: 100, maxEntries: 10, maxChars: 1000 };
    const started = Date.now();
    expect(valueLimitProblem(shared, limits, 'x')?.message).toContain('at most 1000 characters');
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('walks a value 1,000,000 levels deep without exhausting the stack', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 1_000_000; i += 1) deep = [deep];
    expect(check(deep)?.path).toHaveLength(4);
  });
});

describe('describeValuePath', () => {
  it('writes keys and indexes as JavaScript does, a long path around an ellipsis', () => {
    expect(describeValuePath([])).toBe('the top level');
    expect(describeValuePath(['properties', 'a b', 0, 'items'])).toBe('properties["a b"][0].items');
    expect(describeValuePath(['x', ...Array.from({ length: 20 }, () => 0), 'y'])).toBe(
      'x[0][0][0]…[0][0][0].y',
    );
    expect(describeValuePath(['k'.repeat(100)])).toBe(`${'k'.repeat(39)}…`);
  });
});
