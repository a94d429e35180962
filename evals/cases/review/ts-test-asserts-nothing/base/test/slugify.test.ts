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
    expect(slug.endsWith('-')).toBe(false);
    expect(slug).toBe('a-very-long-title-that-goes-on-and-on-about-many-different');
  });
});
