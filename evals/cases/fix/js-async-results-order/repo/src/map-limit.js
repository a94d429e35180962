/**
 * Calls `fn(item, index)` for every item, at most `limit` at a time. Resolves to the results in
 * the order of `items`; rejects with the first error.
 */
export async function mapLimit(items, limit, fn) {
  if (!Number.isInteger(limit) || limit < 1) {
    throw new RangeError(`limit must be a positive integer, got ${limit}`);
  }
  const results = [];
  let next = 0;
  async function worker() {
    while (next < items.length) {
      const index = next++;
      const result = await fn(items[index], index);
      results.push(result);
    }
  }
  const workers = Array.from({ length: Math.min(limit, items.length) }, () => worker());
  await Promise.all(workers);
  return results;
}
