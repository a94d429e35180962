export const MAX_PER_PAGE = 100;

/** A page size between 1 and MAX_PER_PAGE. */
export function clampPerPage(perPage) {
  const size = Math.trunc(Number(perPage));
  if (!Number.isFinite(size) || size < 1) return 1;
  return Math.min(size, MAX_PER_PAGE);
}
