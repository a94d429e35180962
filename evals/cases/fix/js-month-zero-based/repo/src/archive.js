import { dateParts } from './parts.js';

/** The path of the archive page for the month of `date`. */
export function monthPath(date) {
  const { year, month } = dateParts(date);
  return `/archive/${year}/${month}/`;
}

/** The path of the archive page for the day of `date`. */
export function dayPath(date) {
  const { year, month, day } = dateParts(date);
  return `/archive/${year}/${month}/${day}/`;
}
