import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { asciiSource } from '../../scripts/ascii-source.mjs';

const NON_ASCII = /[\u0080-\uffff]/;

/** The value of `code`'s last expression, as written and in ASCII; and the ASCII text. */
function bothWays(code: string): { before: unknown; after: unknown; text: string } {
  const text = asciiSource(code);
  return { before: runInNewContext(code), after: runInNewContext(text), text };
}

describe('a bundle written in ASCII', () => {
  it.each([
    ['a comment', '// an em dash — and an arrow →\n/* and “quotes” */ 1 + 1'],
    ['a string', "'café — 😀'"],
    ['an escaped character in a string', "'caf\\é'"],
    ['an identifier', 'const café = 2; café * 2'],
    ['an untagged template', '`naïve ${1 + 1} → done`'],
    ['a regular expression', "[/[é-ë]/.test('ê'), /😀/u.test('😀'), /[😀-😂]/u.test('😁')]"],
    ['a regular expression with an escaped character', "/caf\\é/.test('café')"],
  ])('keeps the meaning of %s, and has no non-ASCII character left', (_name, code) => {
    const { before, after, text } = bothWays(code);
    expect(after).toEqual(before);
    expect(text).not.toMatch(NON_ASCII);
  });

  it("leaves a tagged template's text alone: the tag can read it raw", () => {
    const { before, after, text } = bothWays("String.raw`é\\n` + 'é'");
    expect(after).toEqual(before);
    expect(text).toBe("String.raw`é\\n` + '\\u00e9'");
  });

  it('keeps a line continuation of a line separator, which stands for nothing', () => {
    const code = "'a\\\u2028b'";
    const { before, after, text } = bothWays(code);
    expect(before).toBe('ab');
    expect(after).toBe('ab');
    expect(text).toBe(code);
  });

  it('keeps a non-ASCII space between tokens as it is', () => {
    const code = 'const\u00a0x = 1; x';
    const { after, text } = bothWays(code);
    expect(after).toBe(1);
    expect(text).toBe(code);
  });

  it('returns ASCII code unchanged', () => {
    const code = 'const x = `a ${1}`; /* ascii */ x';
    expect(asciiSource(code)).toBe(code);
  });

  it('refuses code it cannot parse, instead of guessing', () => {
    expect(() => asciiSource("const = 'é'")).toThrow();
  });
});
