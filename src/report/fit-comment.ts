/**
 * Fitting Markdown into a size limit (GitHub rejects a comment body over 65,536 characters, and
 * a job summary over 1 MiB) without breaking it: cuts fall between lines, a code fence or a
 * `<details>` block open at the cut is closed, and a note says what was left out and where the
 * whole of it is. Sections shrink in a chosen order (the diff before the transcript before the
 * summary), so what matters most survives longest.
 */

import { closesFence, fenceOpening } from './markdown.js';

/** GitHub's maximum comment body, in characters. */
export const GITHUB_COMMENT_LIMIT = 65_536;

/** How a size is counted: characters (UTF-16 units, never fewer than GitHub counts) or bytes. */
export type Measure = (text: string) => number;

export const characters: Measure = (text) => text.length;
export const utf8Bytes: Measure = (text) => Buffer.byteLength(text, 'utf8');

/** One part of a document. */
export interface FitSection {
  /** The section at full size; `''` leaves it out. */
  text: string;
  /**
   * The section within `max` (as measured) — or, when not even a note fits, just the note that
   * says what was left out (a reader should know a diff existed); later sections then shrink to
   * make up for it. Sections without one never shrink (only the last-resort cut of the whole
   * document can shorten them).
   */
  shrink?: (max: number, measure: Measure) => string;
  /** Lower shrinks first. */
  shrinkOrder?: number;
}

export interface FitOptions {
  limit: number;
  measure?: Measure;
  /** Between sections. Default a blank line. */
  separator?: string;
  /** Appended when the last-resort cut of the whole document happens. */
  note: string;
}

/** Joins the sections, shrinking them in order until the whole fits within the limit. */
export function fitSections(sections: readonly FitSection[], options: FitOptions): string {
  const measure = options.measure ?? characters;
  const separator = options.separator ?? '\n\n';
  const texts = sections.map((section) => section.text);
  const join = () => texts.filter((text) => text !== '').join(separator);
  const order = sections
    .map((section, index) => ({ section, index }))
    .filter(({ section }) => section.shrink !== undefined)
    .sort((a, b) => (a.section.shrinkOrder ?? 0) - (b.section.shrinkOrder ?? 0));
  for (const { section, index } of order) {
    const over = measure(join()) - options.limit;
    if (over <= 0) break;
    const current = texts[index] ?? '';
    if (current === '' || !section.shrink) continue;
    texts[index] = section.shrink(Math.max(0, measure(current) - over), measure);
  }
  return fitMarkdown(join(), { limit: options.limit, measure, note: options.note });
}

/** The document unchanged when it fits; otherwise cut by `cutMarkdown`. */
export function fitMarkdown(
  text: string,
  options: { limit: number; measure?: Measure; note: string },
): string {
  const measure = options.measure ?? characters;
  if (measure(text) <= options.limit) return text;
  return cutMarkdown(text, options.limit, { measure, note: options.note });
}

/**
 * Keeps whole lines from the start while they fit — and when the first line that does not is a
 * long one (a paragraph written as one line must not vanish whole), its beginning up to a word —
 * closes whatever code fence and `<details>` blocks are open at the cut, and ends with `note` (on
 * its own paragraph). The result is never over `max`; if not even the note fits, it is cut itself.
 */
export function cutMarkdown(
  text: string,
  max: number,
  options: { measure?: Measure; note: string },
): string {
  const measure = options.measure ?? characters;
  const note = options.note === '' ? '' : `\n\n${options.note}`;
  const lines = text.split('\n');
  const state = new BlockTracker();
  let kept = '';
  let keptSize = 0;
  let closers = '';
  for (const line of lines) {
    const next = new BlockTracker(state);
    next.feed(line);
    const separator = kept === '' ? '' : '\n';
    const piece = `${separator}${line}`;
    const nextClosers = next.closers();
    if (keptSize + measure(piece) + measure(nextClosers) + measure(note) <= max) {
      kept += piece;
      keptSize += measure(piece);
      state.copyFrom(next);
      closers = nextClosers;
      continue;
    }
    // Short lines and our own block lines (`<details>`, fences) are kept whole or not at all.
    const ownBlockLine = line.trimStart().startsWith('<') || fenceOpening(line) !== undefined;
    if (line.length <= LONG_LINE || ownBlockLine) break;
    const budget =
      max - keptSize - measure(separator) - measure(state.closers()) - measure(note) - measure('…');
    const start = lineStart(line, budget, measure);
    if (start !== '') {
      kept += `${separator}${start}…`;
      closers = state.closers();
    }
    break;
  }
  const result = `${kept}${closers}${note}`.replace(/^\n+/, '');
  return measure(result) <= max ? result : hardCut(result, max, measure);
}

/** A line longer than this may be cut within; a shorter one is kept whole or dropped. */
const LONG_LINE = 200;
/** How far back from a cut a space is looked for, so the cut falls between words. */
const WORD_BOUNDARY_REACH = 200;

/**
 * The longest beginning of `line` within `budget` (as measured), ending between words when a
 * space is near the cut and never inside a surrogate pair; `''` when nothing fits.
 */
function lineStart(line: string, budget: number, measure: Measure): string {
  if (budget <= 0) return '';
  const end = longestPrefix(line, budget, measure);
  const space = line.lastIndexOf(' ', end);
  const cut = space > 0 && end - space <= WORD_BOUNDARY_REACH && end < line.length ? space : end;
  return line.slice(0, cut).trimEnd();
}

/** The length of the longest prefix of `text` within `max`, not splitting a surrogate pair. */
function longestPrefix(text: string, max: number, measure: Measure): number {
  let low = 0;
  let high = text.length;
  while (low < high) {
    const mid = Math.ceil((low + high) / 2);
    if (measure(text.slice(0, mid)) <= max) low = mid;
    else high = mid - 1;
  }
  const code = text.charCodeAt(low - 1);
  return code >= 0xd800 && code <= 0xdbff ? low - 1 : low;
}

/** Keeps lines of a list (a transcript, a diff) from the start and says how many were left out. */
export interface LinesBlock {
  /** Before the lines, e.g. `<details><summary>…</summary>\n\n```diff\n`. */
  before: string;
  lines: readonly string[];
  /** After the lines, e.g. `\n```\n\n</details>`. */
  after: string;
  /** Shown after the block when lines were left out (or instead of it when none fit). */
  note: (omitted: number) => string;
}

export function renderLinesBlock(block: LinesBlock): string {
  return `${block.before}${block.lines.join('\n')}${block.after}`;
}

/** The block within `max`, keeping as many leading lines as fit, or else the note alone. */
export function shrinkLinesBlock(block: LinesBlock, max: number, measure: Measure): string {
  const full = renderLinesBlock(block);
  if (measure(full) <= max) return full;
  // The note's length depends on the count; the count of all lines is the longest it can be.
  const fixed =
    measure(block.before) + measure(block.after) + measure(`\n\n${block.note(block.lines.length)}`);
  let used = fixed;
  let count = 0;
  for (const line of block.lines) {
    const size = measure(line) + (count === 0 ? 0 : 1);
    if (used + size > max) break;
    used += size;
    count++;
  }
  const omitted = block.lines.length - count;
  if (count === 0) return block.note(omitted);
  const kept = { ...block, lines: block.lines.slice(0, count) };
  return `${renderLinesBlock(kept)}\n\n${block.note(omitted)}`;
}

/** Last resort: a plain cut that never splits a surrogate pair. */
function hardCut(text: string, max: number, measure: Measure): string {
  return text.slice(0, longestPrefix(text, max, measure));
}

/** Which code fence and how many `<details>` blocks are open after the lines fed so far. */
class BlockTracker {
  private fence: string | undefined;
  private details = 0;

  constructor(from?: BlockTracker) {
    if (from) this.copyFrom(from);
  }

  copyFrom(other: BlockTracker): void {
    this.fence = other.fence;
    this.details = other.details;
  }

  feed(line: string): void {
    if (this.fence !== undefined) {
      if (closesFence(line, this.fence)) this.fence = undefined;
      return;
    }
    const marker = fenceOpening(line);
    if (marker !== undefined) {
      this.fence = marker;
      return;
    }
    // Our own renderers put `<details>` and `</details>` tags at line starts; untrusted text has
    // its `<` escaped, so only ours are counted.
    this.details += (line.match(/^\s*<details\b/gi) ?? []).length;
    this.details -= (line.match(/<\/details>/gi) ?? []).length;
    if (this.details < 0) this.details = 0;
  }

  closers(): string {
    let text = this.fence === undefined ? '' : `\n${this.fence}`;
    text += '\n\n</details>'.repeat(this.details);
    return text;
  }
}
