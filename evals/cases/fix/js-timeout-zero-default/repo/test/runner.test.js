import assert from 'node:assert/strict';
import { test } from 'node:test';
import { resolveOptions } from '../src/options.js';
import { createRunner } from '../src/runner.js';

test('fills in the defaults', () => {
  assert.deepEqual(resolveOptions(), { timeoutMs: 5000, retries: 3 });
});

test('keeps zero: no timeout, no retries', () => {
  assert.deepEqual(resolveOptions({ timeoutMs: 0, retries: 0 }), { timeoutMs: 0, retries: 0 });
});

test('retries a failing job', async () => {
  let calls = 0;
  const runner = createRunner({ retries: 2 });
  const result = await runner.run(async () => {
    calls += 1;
    if (calls < 3) throw new Error('flaky');
    return 'done';
  });
  assert.equal(result, 'done');
  assert.equal(calls, 3);
});

test('does not retry when retries is 0', async () => {
  let calls = 0;
  const runner = createRunner({ retries: 0 });
  await assert.rejects(
    runner.run(async () => {
      calls += 1;
      throw new Error('boom');
    }),
    /boom/,
  );
  assert.equal(calls, 1);
});
