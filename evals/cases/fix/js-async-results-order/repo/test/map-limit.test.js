import assert from 'node:assert/strict';
import { test } from 'node:test';
import { delay } from '../src/delay.js';
import { mapLimit } from '../src/map-limit.js';

test('keeps the order of the input when later calls finish first', async () => {
  const durations = [40, 5, 20, 1];
  const results = await mapLimit(durations, 2, (ms, index) => delay(ms, `item ${index}`));
  assert.deepEqual(results, ['item 0', 'item 1', 'item 2', 'item 3']);
});

test('runs at most `limit` calls at once', async () => {
  let running = 0;
  let most = 0;
  await mapLimit([1, 2, 3, 4, 5, 6], 3, async () => {
    running += 1;
    most = Math.max(most, running);
    await delay(5);
    running -= 1;
  });
  assert.equal(most, 3);
});

test('an empty list gives an empty result', async () => {
  assert.deepEqual(await mapLimit([], 4, async (x) => x), []);
});

test('rejects a limit below one', async () => {
  await assert.rejects(
    mapLimit([1], 0, async (x) => x),
    RangeError,
  );
});
