/**
 * The order of `a.localeCompare(b, 'en')`, without ICU where it can: the first use of any `Intl`
 * service in a process loads ICU's data, 7–15 ms, and the folder tree of the first request would
 * pay that on every start. Names of printable ASCII (nearly all file names) are ordered here by
 * the same rules; anything else goes to `localeCompare`.
 *
 * For printable ASCII, CLDR's root collation (which `en` uses) compares in two passes:
 * - primary: each character's rank below, over the whole string (a prefix sorts first);
 * - tertiary, where the ranks are all equal: at the first character whose case differs, lower
 *   case sorts first.
 * `english-order.test.ts` checks this against `localeCompare` itself.
 */

/** Printable ASCII in CLDR root order; upper and lower case share a rank. */
const ROOT_ORDER = ` _-,;:!?.'"()[]{}@*/\\&#%\`^+<=>|~$0123456789abcdefghijklmnopqrstuvwxyz`;

/** Rank by character code, 0x20–0x7e; -1 elsewhere. */
const RANK = new Int8Array(128).fill(-1);
for (let index = 0; index < ROOT_ORDER.length; index += 1) {
  const code = ROOT_ORDER.charCodeAt(index);
  RANK[code] = index;
  if (code >= 0x61 && code <= 0x7a) RANK[code - 0x20] = index;
}

const isUpper = (code: number) => code >= 0x41 && code <= 0x5a;

export function compareEnglish(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  let caseOrder = 0;
  for (let index = 0; index < length; index += 1) {
    const codeA = a.charCodeAt(index);
    const codeB = b.charCodeAt(index);
    const rankA = codeA < 128 ? (RANK[codeA] ?? -1) : -1;
    const rankB = codeB < 128 ? (RANK[codeB] ?? -1) : -1;
    if (rankA < 0 || rankB < 0) return a.localeCompare(b, 'en');
    if (rankA !== rankB) return ranksDiffer(a, b, index, rankA - rankB);
    if (caseOrder === 0 && codeA !== codeB) caseOrder = isUpper(codeA) ? 1 : -1;
  }
  if (a.length !== b.length) {
    // The longer one's rest must be printable ASCII too, or ICU decides.
    return asciiFrom(a.length > b.length ? a : b, length)
      ? a.length - b.length
      : a.localeCompare(b, 'en');
  }
  return caseOrder;
}

/** Decided by the first rank that differs, once the rest of both is known to be printable ASCII. */
function ranksDiffer(a: string, b: string, from: number, difference: number): number {
  return asciiFrom(a, from) && asciiFrom(b, from) ? difference : a.localeCompare(b, 'en');
}

function asciiFrom(text: string, from: number): boolean {
  for (let index = from; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code < 0x20 || code > 0x7e) return false;
  }
  return true;
}
