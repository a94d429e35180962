import assert from 'node:assert/strict';
import { test } from 'node:test';
import { deepMerge } from '../src/merge.js';
import { interpolate } from '../src/interpolate.js';
import { parse as parseEnv } from '../src/formats/env.js';

test('later documents win, objects merge key by key', () => {
  const merged = deepMerge({ db: { host: 'a', port: 5432 } }, { db: { host: 'b' } });
  assert.deepEqual(merged, { db: { host: 'b', port: 5432 } });
});

test('arrays are replaced, not concatenated', () => {
  assert.deepEqual(deepMerge({ hosts: ['a', 'b'] }, { hosts: ['c'] }), { hosts: ['c'] });
});

test('${VAR:-default} falls back when VAR is unset', () => {
  assert.equal(interpolate('${PORT:-8080}', {}), '8080');
  assert.equal(interpolate('${PORT:-8080}', { PORT: '9000' }), '9000');
});

test('.env values may be quoted', () => {
  assert.deepEqual(parseEnv('A=\'x y\'\nB="z"\n', { file: '.env' }), { A: 'x y', B: 'z' });
});
