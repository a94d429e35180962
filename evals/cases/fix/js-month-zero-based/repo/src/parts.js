const pad = (n) => String(n).padStart(2, '0');

/** Year, month and day of an instant in UTC, month and day as two-digit strings. */
export function dateParts(date) {
  const when = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(when.getTime())) throw new RangeError(`not a date: ${date}`);
  return {
    year: String(when.getUTCFullYear()),
    month: pad(when.getUTCMonth()),
    day: pad(when.getUTCDate()),
  };
}
