export interface Page<T> {
  items: T[];
  page: number;
  pageCount: number;
  total: number;
  hasNext: boolean;
  hasPrevious: boolean;
}

/** Items of one 1-based page; a page number past the end is clamped to the last page. */
export function paginate<T>(items: T[], page: number, pageSize: number): Page<T> {
  if (pageSize <= 0) throw new RangeError('pageSize must be positive');
  const pageCount = Math.max(1, Math.ceil(items.length / pageSize));
  const current = Math.min(Math.max(1, page), pageCount);
  const start = current * pageSize;
  return {
    items: items.slice(start, start + pageSize),
    page: current,
    pageCount,
    total: items.length,
    hasNext: current < pageCount,
    hasPrevious: current > 1,
  };
}
