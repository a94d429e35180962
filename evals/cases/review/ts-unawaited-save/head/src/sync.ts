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

async function syncOne(
  profile: string,
  source: SettingsStore,
  target: SettingsStore,
  result: SyncResult,
): Promise<void> {
  const wanted = await source.load(profile);
  if (!wanted) return;
  const current = await target.load(profile);
  if (current && sameSettings(current, wanted)) {
    result.unchanged.push(profile);
    return;
  }
  await target.save(profile, wanted);
  result.updated.push(profile);
}

/**
 * Copies every profile of `source` into `target`, skipping the ones already equal.
 * Profiles are independent, so they are synced in parallel (large accounts have hundreds).
 */
export async function syncProfiles(source: SettingsStore, target: SettingsStore): Promise<SyncResult> {
  const result: SyncResult = { updated: [], unchanged: [] };
  const profiles = await source.profiles();
  profiles.forEach(async (profile) => {
    await syncOne(profile, source, target, result);
  });
  return result;
}
