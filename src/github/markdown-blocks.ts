/**
 * The block structure of a Markdown text, as far as the sanitizer needs it: which lines are code
 * (fenced code blocks, shown verbatim on GitHub), which are HTML blocks (raw HTML, where backticks
 * are not code), and which are ordinary Markdown; and the link reference definitions, which never
 * show on the page themselves.
 *
 * Fences are recognised at the top level, in block quotes and in list items, following
 * CommonMark's continuation rules; a fence is never recognised inside an HTML comment or another
 * construct that hides what follows it. Everything this scanner does not recognise stays ordinary
 * Markdown, which is the side where hidden content is stripped.
 */
import {
  matchInvisibleHtml,
  matchOpenTag,
  matchInertHtml,
  openConstructEnd,
} from './markdown-scan.js';

export type SegmentKind = 'code' | 'markdown' | 'html';

export interface Segment {
  kind: SegmentKind;
  /** Whole lines, with their line endings. */
  text: string;
}

export interface BlockScan {
  /** The text in order, without its link reference definitions. */
  segments: Segment[];
  /** Normalised label → destination as written, first definition wins. */
  definitions: Map<string, string>;
}

const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const PARAGRAPH_BREAK = /^ {0,3}(?:#{1,6}(?:[ \t]|$)|=+[ \t]*$|-+[ \t]*$)/;
const LIST_MARKER = /^([-+*]|\d{1,9}[.)])([ \t]+|$)/;
const FENCE_OPEN = /^(?:(`{3,})[^`]*|(~{3,}).*)$/;
const RAW_TEXT_BLOCK = /^<(script|pre|style|textarea)(?:\s|>|$)/i;
const INVISIBLE_BLOCK = /^<(?:!--|\?|![A-Za-z]|!\[CDATA\[)/;
const HTML_BLOCK_TAG =
  /^<\/?(?:address|article|aside|base|basefont|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|frame|frameset|h[1-6]|head|header|hr|html|iframe|legend|li|link|main|menu|menuitem|nav|noframes|ol|optgroup|option|p|param|search|section|summary|table|tbody|td|tfoot|th|thead|title|tr|track|ul)(?:\s|\/?>|$)/i;
// A link reference definition, possibly inside block quotes or a list item, with its title on the
// same or the next line; titles may span lines but not a blank line.
const DEFINITION = new RegExp(
  [
    String.raw`(?:[ \t]{0,3}>[ \t]?)*[ \t]{0,3}(?:(?:[-+*]|\d{1,9}[.)])[ \t]+)?`,
    String.raw`\[((?:[^\[\]\\\n]|\\.|\n(?![ \t]*\n)){1,999})\]:`,
    String.raw`[ \t]*\n?[ \t]*(<[^<>\n]*>|[^\s<]\S*)`,
    String.raw`(?:(?:[ \t]+|[ \t]*\n[ \t]*)(?:"(?:[^"\\\n]|\\.|\n(?![ \t]*\n))*"|'(?:[^'\\\n]|\\.|\n(?![ \t]*\n))*'|\((?:[^()\\\n]|\\.|\n(?![ \t]*\n))*\)))?`,
    String.raw`[ \t]*(?=\n|$)`,
  ].join(''),
  'y',
);

/** A reference label as CommonMark compares them: trimmed, inner whitespace collapsed, case-folded. */
export function normalizeLabel(label: string): string {
  return label.trim().replace(/\s+/g, ' ').toLowerCase().toUpperCase();
}

interface Quoted {
  depth: number;
  /** The line after its block-quote markers. */
  rest: string;
  /** Index in the line where `rest` starts. */
  offset: number;
}

function splitQuotes(line: string, maxDepth = Number.POSITIVE_INFINITY): Quoted {
  let offset = 0;
  let depth = 0;
  while (depth < maxDepth) {
    const marker = /^ {0,3}> ?/.exec(line.slice(offset));
    if (!marker) break;
    offset += marker[0].length;
    depth += 1;
  }
  return { depth, rest: line.slice(offset), offset };
}

/** Leading whitespace in columns (a tab to the next multiple of 4) and its length in characters. */
function indentation(text: string): { columns: number; length: number } {
  let columns = 0;
  let length = 0;
  for (const character of text) {
    if (character === ' ') columns += 1;
    else if (character === '\t') columns += 4 - (columns % 4);
    else break;
    length += 1;
  }
  return { columns, length };
}

interface Fence {
  character: '`' | '~';
  length: number;
  quoteDepth: number;
  /** Content lines must be indented at least this far (inside a list item) or be blank. */
  column: number;
}

export function scanBlocks(text: string): BlockScan {
  const lines = text.split('\n');
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  const lineStart = (index: number): number => Math.min(starts[index] ?? text.length, text.length);

  const segments: Segment[] = [];
  const definitions = new Map<string, string>();
  const push = (kind: SegmentKind, from: number, to: number): void => {
    const last = segments.at(-1);
    if (last?.kind === kind) last.text += text.slice(from, to);
    else if (to > from) segments.push({ kind, text: text.slice(from, to) });
  };

  let currentKind: SegmentKind = 'markdown';
  let openUntil = -1;
  let html: { until: number } | { untilBlank: true } | undefined;
  let paragraphOpen = false;
  let lists: number[] = [];
  let listQuoteDepth = 0;

  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    const start = lineStart(index);
    const end = start + line.length;
    const next = lineStart(index + 1);
    const emit = (kind: SegmentKind): void => {
      currentKind = kind;
      push(kind, start, next);
      openUntil = openConstructEnd(text, start, end, { codeSpans: kind === 'markdown' }) ?? -1;
    };

    if (openUntil > start) {
      // Inside a comment or hidden element that started on an earlier line: no block structure.
      push(currentKind, start, next);
      if (openUntil <= end) {
        const codeSpans = currentKind === 'markdown';
        openUntil = openConstructEnd(text, openUntil, end, { codeSpans }) ?? -1;
      }
      continue;
    }
    const blank = /^[ \t>]*$/.test(line);
    if (html) {
      if ('until' in html ? start < html.until : !blank) {
        emit('html');
        continue;
      }
      html = undefined;
    }
    if (blank) {
      paragraphOpen = false;
      emit('markdown');
      continue;
    }

    const quoted = splitQuotes(line);
    if (quoted.depth !== listQuoteDepth) {
      lists = [];
      listQuoteDepth = quoted.depth;
    }
    const indent = indentation(quoted.rest);
    while (lists.length > 0 && indent.columns < (lists.at(-1) ?? 0)) lists.pop();
    const container = lists.at(-1) ?? 0;
    let content = quoted.rest.slice(indent.length);
    let contentColumn = container;
    const relative = indent.columns - container;
    if (relative > 3) {
      // Indented code or a paragraph's continuation (which leaves the paragraph open): never a
      // fence, HTML block or definition start.
      emit('markdown');
      continue;
    }
    const marker = THEMATIC_BREAK.test(quoted.rest) ? null : LIST_MARKER.exec(content);
    if (marker) {
      const spaces = indentation(marker[2] ?? '').columns;
      const width = (marker[1] ?? '').length + (spaces >= 1 && spaces <= 4 ? spaces : 1);
      contentColumn = indent.columns + width;
      lists.push(contentColumn);
      content = content.slice((marker[1] ?? '').length).replace(/^[ \t]+/, '');
    }

    const fenceMatch = FENCE_OPEN.exec(content);
    if (fenceMatch) {
      const run = fenceMatch[1] ?? fenceMatch[2] ?? '';
      const fence: Fence = {
        character: run.startsWith('`') ? '`' : '~',
        length: run.length,
        quoteDepth: quoted.depth,
        column: contentColumn,
      };
      const last = fenceEnd(lines, index, fence);
      currentKind = 'code';
      openUntil = -1;
      push('code', start, lineStart(last + 1));
      index = last;
      paragraphOpen = false;
      continue;
    }

    const contentStart = start + quoted.offset + (quoted.rest.length - content.length);
    const htmlStart = htmlBlockStart(text, contentStart);
    if (htmlStart) {
      html = htmlStart;
      paragraphOpen = false;
      emit('html');
      continue;
    }

    if (!paragraphOpen) {
      const definition = matchDefinition(text, start);
      if (definition) {
        if (!definitions.has(definition.label)) {
          definitions.set(definition.label, definition.destination);
        }
        index += (text.slice(start, definition.end).match(/\n/g) ?? []).length;
        continue;
      }
    }

    paragraphOpen = !THEMATIC_BREAK.test(quoted.rest) && !PARAGRAPH_BREAK.test(quoted.rest);
    emit('markdown');
  }
  return { segments, definitions };
}

/** The index of the last line of a fenced code block opening at line `open`. */
function fenceEnd(lines: readonly string[], open: number, fence: Fence): number {
  const closing = new RegExp(`^${fence.character === '`' ? '`' : '~'}{${fence.length},}[ \\t]*$`);
  for (let index = open + 1; index < lines.length; index += 1) {
    const quoted = splitQuotes(lines[index] ?? '', fence.quoteDepth);
    // Fenced code has no lazy continuation: a line outside the container ends the block.
    if (quoted.depth < fence.quoteDepth) return index - 1;
    if (/^[ \t]*$/.test(quoted.rest)) continue;
    const indent = indentation(quoted.rest);
    if (indent.columns < fence.column) return index - 1;
    if (indent.columns - fence.column <= 3 && closing.test(quoted.rest.slice(indent.length))) {
      return index;
    }
  }
  return lines.length - 1;
}

/** Where an HTML block starting at `at` (the start of a line's content) ends, if one starts. */
function htmlBlockStart(
  text: string,
  at: number,
): { until: number } | { untilBlank: true } | undefined {
  const head = text.slice(at, at + 16);
  if (!head.startsWith('<')) return undefined;
  const rawText = RAW_TEXT_BLOCK.exec(head);
  if (rawText) {
    const close = text.toLowerCase().indexOf(`</${(rawText[1] ?? '').toLowerCase()}`, at);
    return { until: endOfLine(text, close < 0 ? text.length : close) };
  }
  if (INVISIBLE_BLOCK.test(head)) {
    return { until: endOfLine(text, (matchInvisibleHtml(text, at) ?? at + 1) - 1) };
  }
  if (HTML_BLOCK_TAG.test(head)) return { untilBlank: true };
  const tagEnd = matchOpenTag(text, at)?.end ?? matchInertHtml(text, at);
  if (tagEnd !== undefined && /^[ \t]*(?:\n|$)/.test(text.slice(tagEnd, tagEnd + 200))) {
    return { untilBlank: true };
  }
  return undefined;
}

/** The offset just past the line containing `position`. */
function endOfLine(text: string, position: number): number {
  const newline = text.indexOf('\n', Math.max(0, position));
  return newline < 0 ? text.length : newline + 1;
}

function matchDefinition(
  text: string,
  at: number,
): { label: string; destination: string; end: number } | undefined {
  DEFINITION.lastIndex = at;
  const match = DEFINITION.exec(text);
  if (!match) return undefined;
  const label = match[1] ?? '';
  // Footnotes (`[^1]: …`) are shown on the page; a label needs some text.
  if (label.startsWith('^') || label.trim() === '') return undefined;
  return { label: normalizeLabel(label), destination: match[2] ?? '', end: at + match[0].length };
}
