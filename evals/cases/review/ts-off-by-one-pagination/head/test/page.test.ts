import { describe, expect, it } from 'vitest';
import { paginate } from '../src/page.js';

const items = Array.from({ length: 23 }, (_, index) => index + 1);

describe('paginate', () => {
  it('counts pages', () => {
    expect(paginate(items, 1, 10).pageCount).toBe(3);
  });

  it('clamps a page past the end to the last page', () => {
    const last = paginate(items, 9, 10);
    expect(last.page).toBe(3);
    expect(last.hasNext).toBe(false);
  });

  it('says whether there is a previous page', () => {
    expect(paginate(items, 1, 10).hasPrevious).toBe(false);
    expect(paginate(items, 2, 10).hasPrevious).toBe(true);
  });
});
