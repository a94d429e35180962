/**
 * Text measured and cleaned for a terminal: how many columns a string takes (wide CJK and emoji
 * characters take two, combining marks none), cutting to a width with an ellipsis, and keeping
 * only printable text from strings the model chose.
 */

/**
 * A tool's description comes from model-chosen arguments: escape sequences, newlines or bidi
 * overrides in it could move the cursor or corrupt the terminal, so only printable text is kept.
 */
export function printableOneLine(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- removing terminal escape sequences is the point
      .replace(/\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)?/g, '')
      // eslint-disable-next-line no-control-regex -- so is replacing control characters
      .replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]+/g, ' ')
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/**
 * Made on first use, not when the module loads: the first `Intl` object of a process loads ICU's
 * data (about 10 ms), and most runs never measure anything but printable ASCII.
 */
let graphemeSegmenter: Intl.Segmenter | undefined;
function graphemes(text: string): Intl.Segments {
  graphemeSegmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return graphemeSegmenter.segment(text);
}

/** Printable ASCII only: one column per character. */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/** Terminal columns a string takes: wide (CJK, emoji) characters count 2, combining marks 0. */
export function displayWidth(text: string): number {
  if (PRINTABLE_ASCII.test(text)) return text.length;
  let width = 0;
  for (const { segment } of graphemes(text)) width += graphemeWidth(segment);
  return width;
}

/** `text` cut to at most `width` columns, ending in an ellipsis when anything was cut. */
export function truncateToWidth(text: string, width: number): string {
  if (displayWidth(text) <= width) return text;
  if (width <= 0) return '';
  // One column stays free for the ellipsis.
  if (PRINTABLE_ASCII.test(text)) return `${text.slice(0, width - 1).trimEnd()}…`;
  let result = '';
  let used = 0;
  for (const { segment } of graphemes(text)) {
    const next = graphemeWidth(segment);
    // One column stays free for the ellipsis; a wide character that would not fit is dropped.
    if (used + next > width - 1) break;
    result += segment;
    used += next;
  }
  // `cut …` reads as a gap; `cut…` as a cut.
  return `${result.trimEnd()}…`;
}

function graphemeWidth(segment: string): number {
  const first = segment.codePointAt(0) ?? 0;
  if (/^[\p{Mark}\p{Default_Ignorable_Code_Point}\p{Control}]/u.test(segment)) return 0;
  if (isWide(first) || /\p{Emoji_Presentation}|\p{Extended_Pictographic}\uFE0F/u.test(segment)) {
    return 2;
  }
  return 1;
}

/** East Asian Wide and Fullwidth ranges (the ones terminals draw two columns wide). */
function isWide(code: number): boolean {
  return (
    (code >= 0x1100 && code <= 0x115f) ||
    (code >= 0x2e80 && code <= 0x303e) ||
    (code >= 0x3041 && code <= 0x33ff) ||
    (code >= 0x3400 && code <= 0x4dbf) ||
    (code >= 0x4e00 && code <= 0x9fff) ||
    (code >= 0xa000 && code <= 0xa4cf) ||
    (code >= 0xa960 && code <= 0xa97f) ||
    (code >= 0xac00 && code <= 0xd7a3) ||
    (code >= 0xf900 && code <= 0xfaff) ||
    (code >= 0xfe10 && code <= 0xfe19) ||
    (code >= 0xfe30 && code <= 0xfe6f) ||
    (code >= 0xff00 && code <= 0xff60) ||
    (code >= 0xffe0 && code <= 0xffe6) ||
    (code >= 0x20000 && code <= 0x3fffd)
  );
}
