import assert from 'node:assert/strict';
import { test } from 'node:test';
import { cheapest, sortByPrice } from '../src/sort.js';
import { formatPrice } from '../src/format.js';

const products = [
  { name: 'kettle', price: 2500 },
  { name: 'mug', price: 900 },
  { name: 'teapot', price: 12000 },
  { name: 'spoon', price: 150 },
];

test('sorts by price, cheapest first', () => {
  assert.deepEqual(
    sortByPrice(products).map((product) => product.name),
    ['spoon', 'mug', 'kettle', 'teapot'],
  );
});

test('does not change its input', () => {
  const copy = structuredClone(products);
  sortByPrice(products);
  assert.deepEqual(products, copy);
});

test('picks the cheapest products', () => {
  assert.deepEqual(
    cheapest(products, 2).map((product) => product.name),
    ['spoon', 'mug'],
  );
});

test('formats cents as euros', () => {
  assert.equal(formatPrice(1250), '€12.50');
});
