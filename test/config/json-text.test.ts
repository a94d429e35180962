// JSON with comments, and positions that point at the key a problem is about.
import { describe, expect, it } from 'vitest';
import { blankComments, locateJsonPath, parseJsonText } from '../../src/config/json-text.js';

describe('json text', () => {
  it('drops comments but keeps strings that look like them, and every position', () => {
    const text = '{\n  // a note\n  "url": "http://x//y", /* block\n  comment */ "n": 1\n}';
    expect(blankComments(text)).toHaveLength(text.length);
    expect(parseJsonText(text, 'a.json')).toEqual({ url: 'http://x//y', n: 1 });
  });

  it('finds the key of a nested member and an array item', () => {
    const text = '{\n  "a": {\n    "b": [1, {"c": 2}]\n  }\n}';
    expect(locateJsonPath(text, ['a', 'b'])).toEqual({ line: 3, column: 5 });
    expect(locateJsonPath(text, ['a', 'b', 1, 'c'])).toEqual({ line: 3, column: 15 });
    // A missing step points at the nearest enclosing key.
    expect(locateJsonPath(text, ['a', 'zzz'])).toEqual({ line: 2, column: 3 });
    expect(locateJsonPath(text, ['nothing'])).toBeUndefined();
  });

  it('reports a syntax error at its line and column', () => {
    expect(() => parseJsonText('{\n  "a": 1,\n}', 'b.json')).toThrow(
      /^b\.json:3:1: expected valid JSON/,
    );
  });
});
