import { describe, expect, it } from 'vitest';
import { toProduct } from '../src/db.js';

describe('toProduct', () => {
  it('maps the snake_case columns', () => {
    const product = toProduct({
      sku: 'A-100',
      name: 'Hex key set',
      category: 'tools',
      price_cents: '1299',
      stock: 4,
    });
    expect(product).toEqual({
      sku: 'A-100',
      name: 'Hex key set',
      category: 'tools',
      priceCents: 1299,
      stock: 4,
    });
  });
});
