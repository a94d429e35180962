import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';

describe('loadConfig', () => {
  afterEach(() => {
    delete process.env.PORT;
    delete process.env.MAX_LISTED;
  });

  it('uses the defaults when nothing is set', () => {
    const config = loadConfig();
    expect(config.port).toBe(8080);
    expect(config.maxListed).toBe(200);
  });

  it('rejects a port that is not a number', () => {
    process.env.PORT = 'eighty';
    expect(() => loadConfig()).toThrow(/PORT must be a positive integer/);
  });
});
