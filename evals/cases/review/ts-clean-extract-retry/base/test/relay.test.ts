import { describe, expect, it } from 'vitest';
import { Relay } from '../src/relay.js';

const consumers = { ledger: 'http://ledger.internal/hooks' };

describe('Relay', () => {
  it('returns the first non-5xx status', async () => {
    const statuses = [503, 502, 200];
    const relay = new Relay({ send: async () => ({ status: statuses.shift() ?? 200 }) }, consumers, async () => {});
    await expect(relay.deliver({ id: 'd1', consumer: 'ledger', payload: {} })).resolves.toBe(200);
  });

  it('gives up after five attempts', async () => {
    const relay = new Relay({ send: async () => ({ status: 500 }) }, consumers, async () => {});
    await expect(relay.deliver({ id: 'd2', consumer: 'ledger', payload: {} })).rejects.toThrow(/after 5 attempts/);
  });
});
