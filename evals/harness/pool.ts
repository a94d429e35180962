/** Runs tasks with at most `limit` at once, keeping the results in the order of the items. */
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
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
