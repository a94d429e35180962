import { describe, expect, it } from 'vitest';
import { parse } from 'smol-toml';
import { scanTomlPositions } from '../../src/policy/toml-positions.js';

describe('scanTomlPositions', () => {
  it('numbers [[x]] headers and finds their keys', () => {
    const positions = scanTomlPositions('[[rule]]\na = 1\n\n  [[rule]]\n  b = 2\n');
    expect(positions.locate(['rule', 0])).toEqual({ line: 1, column: 1 });
    expect(positions.locate(['rule', 0, 'a'])).toEqual({ line: 2, column: 1 });
    expect(positions.locate(['rule', 1])).toEqual({ line: 4, column: 3 });
    expect(positions.locate(['rule', 1, 'b'])).toEqual({ line: 5, column: 3 });
    expect(positions.locate(['rule'])).toEqual({ line: 1, column: 1 });
  });

  it('finds array entries, inline tables and sub-tables of array tables', () => {
    const text = [
      '[[rule]]',
      'toolName = [',
      '  "a", # first',
      '  "b",',
      ']',
      'toolAnnotations = { readOnlyHint = true, "quoted key" = 1 }',
      '[rule.extra]',
      'x = 1',
    ].join('\n');
    expect(() => parse(text)).not.toThrow();
    const positions = scanTomlPositions(text);
    expect(positions.locate(['rule', 0, 'toolName', 1])).toEqual({ line: 4, column: 3 });
    expect(positions.locate(['rule', 0, 'toolAnnotations', 'readOnlyHint'])).toEqual({
      line: 6,
      column: 21,
    });
    expect(positions.locate(['rule', 0, 'toolAnnotations', 'quoted key'])).toEqual({
      line: 6,
      column: 42,
    });
    expect(positions.locate(['rule', 0, 'extra', 'x'])).toEqual({ line: 8, column: 1 });
  });

  it('is not misled by brackets, quotes and newlines inside strings and comments', () => {
    const text = [
      'a = """',
      'x = "not a key" [[rule]]',
      '"""',
      "b = '''c = [ # '''",
      '# [[rule]]',
      'c = "[\\"]" # ]',
      'd = 1979-05-27 07:32:00Z',
      '[tools."odd name"]',
      'mode = "ask_user"',
    ].join('\r\n');
    expect(() => parse(text)).not.toThrow();
    const positions = scanTomlPositions(text);
    expect(positions.has(['rule'])).toBe(false);
    expect(positions.locate(['b'])).toEqual({ line: 4, column: 1 });
    expect(positions.locate(['c'])).toEqual({ line: 6, column: 1 });
    expect(positions.locate(['tools', 'odd name'])).toEqual({ line: 8, column: 1 });
    expect(positions.locate(['tools', 'odd name', 'mode'])).toEqual({ line: 9, column: 1 });
  });

  it('falls back to the nearest recorded ancestor, and to 1:1', () => {
    const positions = scanTomlPositions('\n[tools.glob]\nmode = "x"\n');
    expect(positions.locate(['tools', 'glob', 'missing'])).toEqual({ line: 2, column: 1 });
    expect(positions.locate(['nowhere'])).toEqual({ line: 1, column: 1 });
  });
});
