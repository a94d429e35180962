import { describe, expect, it } from 'vitest';
import { routeStats } from '../src/stats.js';

describe('routeStats', () => {
  it('computes count, mean and max per route', () => {
    const stats = routeStats([
      { route: '/a', status: 200, millis: 10 },
      { route: '/a', status: 200, millis: 30 },
      { route: '/b', status: 500, millis: 5 },
    ]);
    expect(stats).toEqual([
      { route: '/a', count: 2, meanMs: 20, maxMs: 30 },
      { route: '/b', count: 1, meanMs: 5, maxMs: 5 },
    ]);
  });
});
