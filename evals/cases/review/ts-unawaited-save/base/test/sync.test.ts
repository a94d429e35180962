import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../src/store.js';
import { syncProfiles } from '../src/sync.js';

describe('syncProfiles', () => {
  it('copies new profiles and skips equal ones', async () => {
    const source = new MemoryStore(1);
    const target = new MemoryStore(1);
    await source.save('work', { theme: 'dark', tabSize: 2 });
    await source.save('home', { theme: 'light' });
    await target.save('home', { theme: 'light' });

    const result = await syncProfiles(source, target);

    expect(result).toEqual({ updated: ['work'], unchanged: ['home'] });
    expect(await target.load('work')).toEqual({ theme: 'dark', tabSize: 2 });
  });
});
