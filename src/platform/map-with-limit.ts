/**
 * Runs tasks with at most `limit` at once (lookups under an API's concurrency limit, runs that
 * share two cores), keeping the results in the order of the items. When a task fails, the others
 * still run to their end before the first failure is thrown, so nothing is left running (or
 * writing into a folder about to be removed).
 */
export async function mapWithLimit<T, U>(
  items: readonly T[],
  limit: number,
  task: (item: T, index: number) => Promise<U>,
): Promise<U[]> {
  const results: U[] = new Array<U>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next;
      next += 1;
      results[index] = await task(items[index] as T, index);
    }
  };
  const settled = await Promise.allSettled(
    Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker),
  );
  for (const outcome of settled) {
    if (outcome.status === 'rejected') throw outcome.reason;
  }
  return results;
}
