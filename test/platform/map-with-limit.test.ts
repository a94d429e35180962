// Tasks at most N at once: results in the items' order, and a failure thrown only once every task
// has ended, so nothing the caller is about to clean up is still running.
import { describe, expect, it } from 'vitest';
import { mapWithLimit } from '../../src/platform/map-with-limit.js';

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('mapWithLimit', () => {
  it('keeps the order of the items and never runs more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const results = await mapWithLimit([5, 1, 4, 2, 3], 2, async (item, index) => {
      running += 1;
      most = Math.max(most, running);
      for (let i = 0; i < item; i += 1) await tick();
      running -= 1;
      return `${index}:${item}`;
    });
    expect(results).toEqual(['0:5', '1:1', '2:4', '3:2', '4:3']);
    expect(most).toBe(2);
  });

  it('throws the failure after the other tasks have ended', async () => {
    const ended: number[] = [];
    await expect(
      mapWithLimit([1, 2, 3], 3, async (item) => {
        if (item === 1) throw new Error('first fails');
        for (let i = 0; i < 5; i += 1) await tick();
        ended.push(item);
        return item;
      }),
    ).rejects.toThrow('first fails');
    expect(ended.sort()).toEqual([2, 3]);
  });
});
