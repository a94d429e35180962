import assert from 'node:assert/strict';
import { test } from 'node:test';
import { paginate } from '../src/paginate.js';

const letters = ['a', 'b', 'c', 'd', 'e'];

test('the first page holds the first items', () => {
  const result = paginate(letters, { page: 1, perPage: 2 });
  assert.deepEqual(result.items, ['a', 'b']);
  assert.equal(result.pageCount, 3);
});

test('the last page holds what is left', () => {
  assert.deepEqual(paginate(letters, { page: 3, perPage: 2 }).items, ['e']);
});

test('a page past the end is empty', () => {
  assert.deepEqual(paginate(letters, { page: 4, perPage: 2 }).items, []);
});

test('page sizes are clamped', () => {
  assert.equal(paginate(letters, { perPage: 0 }).perPage, 1);
  assert.equal(paginate(letters, { perPage: 500 }).perPage, 100);
});
