export { MemoryStore } from './store.js';
export type { Settings, SettingsStore } from './store.js';
export { syncProfiles } from './sync.js';
export type { SyncResult } from './sync.js';
