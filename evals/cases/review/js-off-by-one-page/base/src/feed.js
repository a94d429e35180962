import { problems, sortEntries } from './entries.js';

/** The feed for the "What's new" panel. */
export function buildFeed(entries) {
  const errors = entries.flatMap((entry, index) => problems(entry, index));
  if (errors.length > 0) {
    throw new Error(`invalid changelog:\n${errors.join('\n')}`);
  }
  return {
    version: 1,
    items: sortEntries(entries).map((entry) => ({
      id: entry.version,
      title: `Version ${entry.version}`,
      date: entry.date,
      changes: entry.changes,
    })),
  };
}
