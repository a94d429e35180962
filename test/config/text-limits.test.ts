// The limits of configuration text: the depth scans of JSON and TOML count exactly what their
// parsers would nest (strings, comments and keys read as the grammar reads them), point at the
// bracket, key or header past the limit, and the numbers are the ones the documentation states.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { JSON_LIMITS, jsonLimitProblem, parseJsonText } from '../../src/config/json-text.js';
import { offsetPastBytes } from '../../src/platform/text-limits.js';
import { tomlEntriesProblem, tomlTextProblem } from '../../src/config/toml-limits.js';
import { COMMAND_FILE_LIMITS } from '../../src/custom-commands/command-file.js';
import { INJECTION_LIMITS } from '../../src/custom-commands/injection-parser.js';
import { AGENT_FILE_LIMITS } from '../../src/agent/subagents/agent-file-limits.js';
import { POLICY_LIMITS } from '../../src/policy/policy-limits.js';

const LIMITS = { maxBytes: 1 << 20, maxDepth: 4, maxEntries: 3 };

describe('the documented limits', () => {
  it('are the numbers docs/security.md states', () => {
    expect(JSON_LIMITS).toEqual({ maxBytes: 1_048_576, maxDepth: 32, maxEntries: 10_000 });
    expect(POLICY_LIMITS).toEqual({
      maxBytes: 1_048_576,
      maxDepth: 32,
      maxEntries: 1000,
      maxRules: 1000,
      maxFilesPerDirectory: 100,
    });
    expect(COMMAND_FILE_LIMITS).toEqual({ maxBytes: 262_144, maxDepth: 32, maxEntries: 1000 });
    expect(INJECTION_LIMITS).toEqual({
      maxShellBlocks: 32,
      maxFileBlocks: 32,
      maxInjectedChars: 1_000_000,
    });
    expect(AGENT_FILE_LIMITS).toEqual({
      maxBytes: 262_144,
      maxFilesPerFolder: 100,
      maxDepth: 32,
      maxEntries: 1000,
    });
  });
});

describe('JSON', () => {
  it('counts arrays and objects alike, and points at the bracket past the limit', () => {
    expect(jsonLimitProblem('[{"a":[{"b":1}]}]', LIMITS)).toBeUndefined();
    expect(jsonLimitProblem('[{"a":[{"b":[1]}]}]', LIMITS)).toEqual({
      offset: 12,
      message: 'expected JSON nested at most 4 levels deep; the array opened here is level 5.',
    });
  });

  it('counts entries per container, not across them', () => {
    expect(jsonLimitProblem('[[1,2,3],[4,5,6],[7,8,9]]', LIMITS)).toBeUndefined();
    expect(jsonLimitProblem('[[1,2,3,4]]', LIMITS)?.offset).toBe(1);
    expect(jsonLimitProblem('{"a":1,"b":2,"c":3,"d":4}', LIMITS)?.message).toContain(
      'at most 3 members in one object',
    );
  });

  it('skips strings with escaped quotes, and comments once blanked', () => {
    expect(jsonLimitProblem('["\\"[[[[[[[[", "]]]]"]', LIMITS)).toBeUndefined();
    expect(parseJsonText('// [[[[[[\n/* {{{{{{ */ [1]', 'a.json', LIMITS)).toEqual([1]);
  });

  it('finds the place where a text passes its size in bytes, multi-byte characters counted', () => {
    expect(offsetPastBytes('abc', 3)).toBeUndefined();
    expect(offsetPastBytes('ab€', 4)).toBe(2);
    expect(offsetPastBytes('a😀b', 4)).toBe(1);
    expect(offsetPastBytes('a😀b', 5)).toBe(3);
    expect(offsetPastBytes('a😀b', 6)).toBeUndefined();
  });

  it('is refused exactly when it nests deeper than the limit, whatever the strings hold', () => {
    const noise = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a', ',') });
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), noise, (arrays, text) => {
        const value = arrays.reduceRight<unknown>(
          (inner, isArray) => (isArray ? [inner, text] : { [text]: inner, k: text }),
          text,
        );
        const problem = jsonLimitProblem(JSON.stringify(value), LIMITS);
        expect(problem === undefined).toBe(arrays.length <= LIMITS.maxDepth);
      }),
    );
  });
});

describe('TOML', () => {
  const depth = (text: string) => tomlTextProblem(text, LIMITS, 'a file');

  it.each([
    ['arrays in a value', 'a = [[[[1]]]]', undefined],
    ['one array too many', 'a = [[[[[1]]]]]', { line: 1, column: 9 }],
    ['an inline table holding a dotted key', 'a = {b.c.d = 1}', undefined],
    ['a dotted key of four parts inside an inline table', 'a = {b.c.d.e = 1}', undefined],
    [
      'a dotted key inside an inline table, one part too many',
      'a = {b.c.d.e.f = 1}',
      { line: 1, column: 6 },
    ],
    ['an array of inline tables', 'a = [{b = [[1]]}]', undefined],
    [
      'an array of inline tables, one level too many',
      'a = [{b = [[[1]]]}]',
      { line: 1, column: 13 },
    ],
    ['a header of four parts', '[a.b.c.d]\nx = 1', undefined],
    ['a key below a header of four parts', '[a.b.c.d]\nx = []', { line: 2, column: 5 }],
    ['an array of tables of four parts', '[[a.b.c.d]]\nx = 1', { line: 1, column: 1 }],
    ['a dotted key', 'a.b.c.d.e = 1', undefined],
    ['a dotted key one part too long', 'a.b.c.d.e.f = 1', { line: 1, column: 1 }],
    ['quoted dots', '"a.b.c.d.e.f" = 1', undefined],
    ['brackets in a string with escapes', 'a = "\\"[[[[[["', undefined],
    ['brackets in a literal string', "a = '[[[[[['", undefined],
    ['brackets in a multi-line string', 'a = """\n[[[[[[\n""""\nb = 1', undefined],
    ['brackets in a multi-line literal', "a = '''\n[[[[[[\n'''''", undefined],
    ['brackets in a comment', '# [[[[[[\na = 1 # [[[[[[', undefined],
    ['CRLF line ends', 'a = [\r\n[[[[1]]]]\r\n', { line: 2, column: 4 }],
  ])('%s', (_name, text, expected) => {
    const problem = depth(text);
    if (expected === undefined) expect(problem).toBeUndefined();
    else expect(problem).toMatchObject(expected);
  });

  it('passes every preset policy, and what the parser makes of them keeps the count limits', async () => {
    const folder = path.resolve(import.meta.dirname, '../../policies');
    for (const name of await readdir(folder)) {
      const text = await readFile(path.join(folder, name), 'utf8');
      expect(tomlTextProblem(text, POLICY_LIMITS, name)).toBeUndefined();
      expect(tomlEntriesProblem(parse(text), POLICY_LIMITS.maxEntries)).toBeUndefined();
    }
  });

  it('counts entries of tables and arrays, dates as values', () => {
    expect(tomlEntriesProblem(parse('a = [1, 2, 3]\nb = 1979-05-27'), 3)).toBeUndefined();
    expect(tomlEntriesProblem(parse('[t]\na = 1\nb = 2\nc = 3\nd = 4'), 3)).toEqual({
      path: ['t'],
      message: 'expected at most 3 keys in one table; this table has more.',
    });
    expect(tomlEntriesProblem(parse('x = [[1, 2, 3, 4]]'), 3)?.path).toEqual(['x', 0]);
  });

  it('is refused exactly when arrays and inline tables nest deeper than the limit', () => {
    const noise = fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', "'", 'a', '#', '.') });
    fc.assert(
      fc.property(fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), noise, (arrays, text) => {
        const string = JSON.stringify(text);
        // `k = ` makes the first container level 1 (the key adds no table of its own).
        const value = arrays.reduceRight(
          (inner, isArray) =>
            isArray ? `[${inner}, ${string}]` : `{ k = ${inner}, s = ${string} }`,
          string,
        );
        const problem = depth(`k = ${value}\n`);
        expect(problem === undefined).toBe(arrays.length <= LIMITS.maxDepth);
      }),
    );
  });
});
