import { problems, sortEntries } from './entries.js';

export const PAGE_SIZE = 10;

/**
 * One page of the feed for the "What's new" panel (pages start at 1). `next` is the number of
 * the following page, or null on the last one.
 */
export function buildFeed(entries, page = 1) {
  const errors = entries.flatMap((entry, index) => problems(entry, index));
  if (errors.length > 0) {
    throw new Error(`invalid changelog:\n${errors.join('\n')}`);
  }
  if (!Number.isInteger(page) || page < 1) {
    throw new RangeError(`page must be a positive integer, got ${page}`);
  }
  const sorted = sortEntries(entries);
  const start = (page - 1) * PAGE_SIZE;
  const pageEntries = sorted.slice(start, start + PAGE_SIZE);
  const lastPage = Math.ceil(sorted.length / PAGE_SIZE);
  return {
    version: 1,
    page,
    next: page <= lastPage ? page + 1 : null,
    items: pageEntries.map((entry) => ({
      id: entry.version,
      title: `Version ${entry.version}`,
      date: entry.date,
      changes: entry.changes,
    })),
  };
}
