import type { Settings, SettingsStore } from './store.js';

export interface SyncResult {
  updated: string[];
  unchanged: string[];
}

function sameSettings(a: Settings, b: Settings): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    if (a[key] !== b[key]) return false;
  }
  return true;
}

/** Copies every profile of `source` into `target`, skipping the ones already equal. */
export async function syncProfiles(source: SettingsStore, target: SettingsStore): Promise<SyncResult> {
  const result: SyncResult = { updated: [], unchanged: [] };
  for (const profile of await source.profiles()) {
    const wanted = await source.load(profile);
    if (!wanted) continue;
    const current = await target.load(profile);
    if (current && sameSettings(current, wanted)) {
      result.unchanged.push(profile);
      continue;
    }
    await target.save(profile, wanted);
    result.updated.push(profile);
  }
  return result;
}
