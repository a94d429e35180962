import assert from 'node:assert/strict';
import { test } from 'node:test';
import { buildFeed, PAGE_SIZE } from '../src/feed.js';

const entries = [
  { version: '1.2.0', date: '2024-04-02', changes: ['Dark mode'] },
  { version: '1.10.0', date: '2024-06-01', changes: ['Offline sync'] },
  { version: '1.9.1', date: '2024-06-01', changes: ['Fix crash on start'] },
];

test('sorts newest first, numeric versions on the same day', () => {
  assert.deepEqual(
    buildFeed(entries).items.map((item) => item.id),
    ['1.10.0', '1.9.1', '1.2.0'],
  );
});

test('rejects a bad version', () => {
  assert.throws(() => buildFeed([{ version: 'v2', date: '2024-01-01', changes: ['x'] }]), /version must look like/);
});

test('pages through long changelogs', () => {
  const many = Array.from({ length: PAGE_SIZE + 3 }, (_, i) => ({
    version: `1.0.${i}`,
    date: `2024-01-${String(i + 1).padStart(2, '0')}`,
    changes: ['x'],
  }));
  assert.equal(buildFeed(many, 1).items.length, PAGE_SIZE);
  assert.equal(buildFeed(many, 1).next, 2);
  assert.equal(buildFeed(many, 2).items.length, 3);
});
