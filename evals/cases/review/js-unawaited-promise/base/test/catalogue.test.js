import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Catalogue } from '../src/catalogue.js';

test('addImage returns the new id', async () => {
  const calls = [];
  const db = {
    async query(sql, params) {
      calls.push({ sql, params });
      return { rows: [{ id: 7 }] };
    },
  };
  const id = await new Catalogue(db).addImage('p1', 'images/k', 123);
  assert.equal(id, 7);
  assert.deepEqual(calls[0].params, ['p1', 'images/k', 123]);
});
