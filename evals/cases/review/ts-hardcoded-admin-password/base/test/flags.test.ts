import { describe, expect, it } from 'vitest';
import { FlagStore } from '../src/flags.js';

describe('FlagStore', () => {
  it('sets and lists flags by name', () => {
    const store = new FlagStore();
    store.set('new-checkout', true, 'ana');
    store.set('dark-mode', false, 'ben');
    expect(store.list().map((flag) => flag.name)).toEqual(['dark-mode', 'new-checkout']);
  });

  it('rejects names with spaces', () => {
    expect(() => new FlagStore().set('two words', true, 'ana')).toThrow(/invalid flag name/);
  });
});
