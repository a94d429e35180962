/**
 * Fitting the task context into a character budget: sharing the budget between its parts, and
 * cutting texts and lists so that what is left out is counted (the prompt says how much).
 */

/** Characters the prompt adds around each comment or file (its block tags and header lines). */
export const ITEM_OVERHEAD = 120;

/**
 * Shares `total` between parts that want `demands`, in proportion to `weights`: a part that
 * wants less than its share gets what it wants and the rest goes to the others (max-min
 * fairness), so a short issue body leaves more room for the diff.
 */
export function allocate(
  total: number,
  demands: readonly number[],
  weights: readonly number[],
): number[] {
  const result = demands.map(() => 0);
  let remaining = Math.max(0, total);
  let open = demands.flatMap((demand, index) => (demand > 0 ? [index] : []));
  while (open.length > 0) {
    const weightSum = open.reduce((sum, index) => sum + (weights[index] ?? 1), 0);
    const share = (index: number) => (remaining * (weights[index] ?? 1)) / weightSum;
    const satisfied = open.filter((index) => (demands[index] ?? 0) <= share(index));
    if (satisfied.length === 0) {
      for (const index of open) result[index] = Math.floor(share(index));
      break;
    }
    for (const index of satisfied) {
      result[index] = demands[index] ?? 0;
      remaining -= result[index] ?? 0;
    }
    open = open.filter((index) => !satisfied.includes(index));
  }
  return result;
}

export interface CutText {
  text: string;
  /** Characters left out (0 when the text fits). */
  omittedChars: number;
}

/**
 * The text cut to at most `max` characters: at a line break when one is in the second half, and
 * never inside a surrogate pair. `keep: 'end'` keeps the end instead (a diff hunk ends at the line
 * a review comment is on).
 */
export function cutText(
  text: string,
  max: number,
  options: { keep?: 'start' | 'end' } = {},
): CutText {
  if (text.length <= max) return { text, omittedChars: 0 };
  const limit = Math.max(0, Math.floor(max));
  if (options.keep === 'end') {
    let start = text.length - limit;
    const newline = text.indexOf('\n', start);
    if (newline >= 0 && newline - start < limit / 2) start = newline + 1;
    if (isLowSurrogate(text.charCodeAt(start))) start += 1;
    return { text: text.slice(start), omittedChars: start };
  }
  let end = limit;
  const newline = text.lastIndexOf('\n', end);
  if (newline >= limit / 2) end = newline;
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
  return { text: text.slice(0, end), omittedChars: text.length - end };
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/**
 * The most recent items (the end of a chronological list) that fit in `budget`, in their order,
 * and how many earlier ones were left out. When not even the latest fits whole, it is cut to fit.
 */
export function fitNewest<T>(
  items: readonly T[],
  budget: number,
  measure: (item: T) => number,
  cut: (item: T, max: number) => T,
): { kept: T[]; omitted: number } {
  const kept: T[] = [];
  let used = 0;
  for (let index = items.length - 1; index >= 0; index -= 1) {
    const item = items[index] as T;
    const cost = measure(item) + ITEM_OVERHEAD;
    if (used + cost <= budget) {
      kept.unshift(item);
      used += cost;
      continue;
    }
    if (kept.length === 0 && budget - ITEM_OVERHEAD > 0) {
      kept.unshift(cut(item, budget - ITEM_OVERHEAD));
      return { kept, omitted: index };
    }
    return { kept, omitted: index + 1 };
  }
  return { kept, omitted: 0 };
}
