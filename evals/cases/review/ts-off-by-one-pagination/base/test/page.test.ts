import { describe, expect, it } from 'vitest';
import { paginate } from '../src/page.js';

const items = Array.from({ length: 23 }, (_, index) => index + 1);

describe('paginate', () => {
  it('returns the first page', () => {
    expect(paginate(items, 1, 10).items).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('counts pages', () => {
    expect(paginate(items, 1, 10).pageCount).toBe(3);
  });
});
