/** Validates one changelog entry; returns a list of problems (empty when valid). */
export function problems(entry, index) {
  const where = `entry ${index}`;
  const found = [];
  if (typeof entry.version !== 'string' || !/^\d+\.\d+\.\d+$/.test(entry.version)) {
    found.push(`${where}: version must look like 1.2.3`);
  }
  if (typeof entry.date !== 'string' || Number.isNaN(Date.parse(entry.date))) {
    found.push(`${where}: date must be an ISO date`);
  }
  if (!Array.isArray(entry.changes) || entry.changes.length === 0) {
    found.push(`${where}: changes must be a non-empty list`);
  }
  return found;
}

/** Newest first by date, then by version for releases on the same day. */
export function sortEntries(entries) {
  return [...entries].sort(
    (a, b) => b.date.localeCompare(a.date) || b.version.localeCompare(a.version, undefined, { numeric: true }),
  );
}
