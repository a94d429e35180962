import { describe, expect, it } from 'vitest';
import { compareEnglish } from '../../src/platform/english-order.js';

/** ICU's answer, the one `compareEnglish` must give. */
const icu = (a: string, b: string) => Math.sign(a.localeCompare(b, 'en'));
const ours = (a: string, b: string) => Math.sign(compareEnglish(a, b));

const PRINTABLE = Array.from({ length: 0x7f - 0x20 }, (_, index) =>
  String.fromCharCode(0x20 + index),
);

/** A small deterministic generator, so a failure names the same strings on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
}

describe('compareEnglish', () => {
  it('orders every pair of printable ASCII characters as ICU does', () => {
    const differing: string[] = [];
    for (const a of PRINTABLE) {
      for (const b of PRINTABLE) {
        if (ours(a, b) !== icu(a, b)) differing.push(`${a} ${b}`);
      }
    }
    expect(differing).toEqual([]);
  });

  it('orders file-like names as ICU does: case, punctuation, digits and prefixes', () => {
    // An alphabet where primary ties, case ties and prefixes are common.
    const alphabet = 'aAbB09_-. /~$zZ';
    const next = random(7);
    const name = () => {
      let text = '';
      const length = Math.floor(next() * 6);
      for (let index = 0; index < length; index += 1) {
        text += alphabet[Math.floor(next() * alphabet.length)] ?? '';
      }
      return text;
    };
    const differing: string[] = [];
    for (let round = 0; round < 20_000; round += 1) {
      const a = name();
      // Half the pairs share a start, so the later characters and the case pass decide.
      const b = next() < 0.5 ? a.slice(0, Math.floor(next() * (a.length + 1))) + name() : name();
      if (ours(a, b) !== icu(a, b)) differing.push(JSON.stringify([a, b]));
    }
    expect(differing).toEqual([]);
  });

  it('sorts a folder listing into the order localeCompare gives', () => {
    const names = [
      'README.md',
      'readme.md',
      'Readme.md',
      'src',
      'src-old',
      'src_old',
      'src.old',
      'SRC',
      '.github',
      '_build',
      '10-setup.md',
      '9-intro.md',
      'package.json',
      'package-lock.json',
      'a b',
      'ab',
      '',
    ];
    expect([...names].sort(compareEnglish)).toEqual([...names].sort((a, b) => icu(a, b)));
  });

  it('leaves names beyond printable ASCII to ICU', () => {
    const pairs: [string, string][] = [
      ['é', 'f'],
      ['e', 'é'],
      ['Zebra', 'Ärger'],
      ['a\tb', 'a b'],
      ['résumé.md', 'resume.md'],
      ['x\u0000', 'x'],
      ['日本', 'abc'],
      ['abc', 'abc\u0301'],
    ];
    for (const [a, b] of pairs) {
      expect([a, b, ours(a, b)]).toEqual([a, b, icu(a, b)]);
      expect([b, a, ours(b, a)]).toEqual([b, a, icu(b, a)]);
    }
  });
});
