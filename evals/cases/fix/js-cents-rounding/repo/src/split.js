/** `total` cents in `people` shares that differ by at most one cent and add up to `total`. */
export function splitEvenly(total, people) {
  const base = Math.floor(total / people);
  const extra = total - base * people;
  return Array.from({ length: people }, (_, index) => base + (index < extra ? 1 : 0));
}
