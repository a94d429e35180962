import assert from 'node:assert/strict';
import { test } from 'node:test';
import { fromCents, toCents } from '../src/money.js';
import { splitEvenly } from '../src/split.js';

test('converts euros to cents', () => {
  assert.equal(toCents('12.34'), 1234);
  assert.equal(toCents('7,50'), 750);
});

test('converts amounts that are not exact in binary', () => {
  assert.equal(toCents('0.29'), 29);
  assert.equal(toCents(1.15), 115);
  assert.equal(toCents('19.99'), 1999);
});

test('formats cents', () => {
  assert.equal(fromCents(1234), '12.34');
  assert.equal(fromCents(5), '0.05');
});

test('shares add up to the total', () => {
  assert.deepEqual(splitEvenly(1000, 3), [334, 333, 333]);
  assert.equal(
    splitEvenly(toCents('64.99'), 4).reduce((a, b) => a + b),
    6499,
  );
});
