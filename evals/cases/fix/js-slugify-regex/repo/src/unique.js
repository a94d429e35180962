import { slugify } from './slugify.js';

/** The slug of `title`, with a -2, -3, … suffix when `taken` already holds it. */
export function uniqueSlug(title, taken) {
  const slug = slugify(title);
  if (!taken.has(slug)) return slug;
  let n = 2;
  while (taken.has(`${slug}-${n}`)) n += 1;
  return `${slug}-${n}`;
}
