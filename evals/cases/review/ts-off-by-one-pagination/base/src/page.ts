export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
}

/** Items of one 1-based page. A page past the end is empty. */
export function paginate<T>(items: T[], page: number, pageSize: number): Page<T> {
  if (pageSize <= 0) throw new RangeError('pageSize must be positive');
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const start = (page - 1) * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    page,
    pageCount,
    total: items.length,
  };
}
