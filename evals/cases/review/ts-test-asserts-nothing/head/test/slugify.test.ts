import { describe, expect, it } from 'vitest';
import { slugify } from '../src/index.js';

describe('slugify', () => {
  it('lowercases and joins words with dashes', () => {
    expect(slugify('Hello, World!')).toBe('hello-world');
  });

  it('transliterates umlauts', () => {
    expect(slugify('Über Größe')).toBe('ueber-groesse');
  });

  it('cuts long titles at a word boundary', () => {
    const slug = slugify('a very long title that goes on and on about many different things indeed');
    expect(slug.length).toBeLessThanOrEqual(60);
    expect(slug.startsWith('a-very-long-title')).toBe(true);
  });

  it('drops stop words', () => {
    const slug = slugify('The Art of the Deal', { stopWords: ['the', 'of'] });
    console.log(slug);
  });

  it('keeps stop words when nothing else is left', () => {
    expect(slugify('The Of', { stopWords: ['the', 'of'] })).toBe('the-of');
  });

  it('spells out symbols', () => {
    expect(slugify('C++ & Rust @ Scale')).toBe('c-plus-plus-and-rust-at-scale');
  });
});
