// JSON with comments, and positions that point at the key a problem is about.
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  blankComments,
  jsonErrorOffset,
  locateJsonPath,
  parseJsonText,
} from '../../src/config/json-text.js';

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

  it('points at the token V8 names without a position', () => {
    // V8 says only "Unexpected token '}', ... is not valid JSON" here.
    expect(() => parseJsonText('{\n  "a": }', 'c.json')).toThrow(
      /^c\.json:2:8: expected valid JSON; Unexpected token '\}'/,
    );
    expect(() => parseJsonText('{"a": tru}', 'd.json')).toThrow(/^d\.json:1:10: /);
    expect(() => parseJsonText('{"a": "x\\q"}', 'e.json')).toThrow(/^e\.json:1:10: /);
  });

  it('agrees with JSON.parse on what is JSON', () => {
    const parses = (text: string) => {
      try {
        JSON.parse(text);
        return true;
      } catch {
        return false;
      }
    };
    // Valid documents, and the same with a few characters spliced in or cut out.
    const texts = fc.oneof(
      fc.jsonValue().map((value) => JSON.stringify(value, null, 1)),
      fc
        .tuple(fc.jsonValue(), fc.nat(), fc.nat({ max: 2 }), fc.string({ maxLength: 2 }))
        .map(([value, at, cut, insert]) => {
          const text = JSON.stringify(value);
          const index = at % (text.length + 1);
          return text.slice(0, index) + insert + text.slice(index + cut);
        }),
      fc.string(),
    );
    fc.assert(
      fc.property(texts, (text) => {
        expect(jsonErrorOffset(text) === undefined).toBe(parses(text));
      }),
      { numRuns: 500 },
    );
  });
});
