import { clampPerPage } from './limits.js';

/**
 * One page of `items`. Pages are numbered from 1; a page past the end is empty.
 */
export function paginate(items, { page = 1, perPage = 20 } = {}) {
  const size = clampPerPage(perPage);
  const pageCount = Math.max(1, Math.ceil(items.length / size));
  const start = page * size;
  return {
    items: items.slice(start, start + size),
    page,
    perPage: size,
    total: items.length,
    pageCount,
  };
}
