import assert from 'node:assert/strict';
import { test } from 'node:test';
import { dayPath, monthPath } from '../src/archive.js';
import { dateParts } from '../src/parts.js';

test('month paths', () => {
  assert.equal(monthPath('2024-03-15T10:00:00Z'), '/archive/2024/03/');
  assert.equal(monthPath('2024-12-01T00:00:00Z'), '/archive/2024/12/');
});

test('day paths', () => {
  assert.equal(dayPath('2024-01-05T23:30:00Z'), '/archive/2024/01/05/');
});

test('uses UTC, not the local time zone', () => {
  assert.deepEqual(dateParts('2024-06-30T23:30:00-02:00'), {
    year: '2024',
    month: '07',
    day: '01',
  });
});

test('rejects what is not a date', () => {
  assert.throws(() => dateParts('soon'), RangeError);
});
