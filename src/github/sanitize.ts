/**
 * Hidden-content stripping for text written on GitHub before it reaches the model. The person who
 * starts a run reads the rendered page; whatever the page does not show them must not reach the
 * model either, or an attacker could hide instructions there. So this removes:
 *
 * - HTML comments (an unclosed `<!--` hides everything after it), processing instructions, CDATA
 *   and declarations;
 * - invisible characters: zero-width and bidi controls, the tag block, BOM, soft hyphen, other
 *   format and control characters (tab and newline stay), Hangul fillers and variation selectors
 *   other than the emoji/text presentation selectors U+FE0E/U+FE0F directly after a character.
 *   A zero-width joiner stays only between two emoji (family and profession sequences); flag
 *   sequences built from tag characters lose their tags (🏴 remains);
 * - image alt text (`![alt](src)` → `![](src)`), link titles (`[t](url "title")` → `[t](url)`),
 *   and link reference definitions, whose labels and titles never show: references are rewritten
 *   as inline links to the defined destination;
 * - links without text (`[](<any words>)`), which show nothing to read or hover over;
 * - HTML attributes other than a few visible or functional ones (`href`, `src`, sizes, alignment,
 *   `open`, …): `alt`, `title`, `aria-*`, `data-*`, `style`, … are dropped;
 * - elements hidden by their attributes (`hidden`, `style="display:none"`, zero size or opacity)
 *   and `script`, `style`, `template`, `noscript`, `title`, `head`, with everything inside them.
 *   `<details>` stays: it is one click away from every reader. `aria-hidden` content stays: it
 *   is shown on the page (the attribute itself is dropped);
 * - entities that stand for invisible characters (`&#8203;`, `&zwj;`, …).
 *
 * Code spans and fenced code blocks are shown verbatim on GitHub, so they are kept as written
 * (HTML comments and tags inside them are visible text) apart from invisible characters, which are
 * removed everywhere. Where unsure, text is treated as Markdown rather than code (a code span is
 * kept to one line and never spans a table cell), so stripping errs on the side of removing too
 * much. Link destinations stay where there is link text: they show on hover, and the task may
 * need them.
 *
 * Text that imitates the task prompt's own block delimiters or chat-template tokens is escaped
 * everywhere (`<` becomes `&lt;`). Role markers — `System:`, `User:`, … at the start of a line and
 * tags such as `<system>` — are escaped outside fenced code blocks, where YAML keys and generics
 * (`Promise<User>`) are common.
 *
 * Every function here is pure and idempotent.
 */
import { normalizeLabel, scanBlocks } from './markdown-blocks.js';
import {
  backtickRunLength,
  codeSpanEnd,
  findElementEnd,
  isEscapable,
  isHiddenElement,
  matchInertHtml,
  matchInvisibleHtml,
  matchOpenTag,
  REMOVED_ELEMENTS,
} from './markdown-scan.js';
import type { HtmlTag } from './markdown-scan.js';

/** The block the task prompt puts GitHub text in. */
export const UNTRUSTED_DATA_TAG = 'untrusted-data';
/** The block the task prompt puts the instruction in. */
export const INSTRUCTION_TAG = 'trigger-instruction';
/** The tag names the task prompt frames its blocks with; imitations in GitHub text are escaped. */
export const FRAMING_TAG_NAMES = [UNTRUSTED_DATA_TAG, INSTRUCTION_TAG] as const;

const ZERO_WIDTH_JOINER = '\u200D';
const PRESENTATION_SELECTORS = new Set(['\uFE0E', '\uFE0F']);
// Combining marks, selectors and modifiers are matched one by one on purpose: each is examined
// alone, never as part of the character before it.
/* eslint-disable no-misleading-character-class */
const INVISIBLE =
  /^[\p{Cf}\p{Cc}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u3164\uFFA0\uFE00-\uFE0D\u{E0100}-\u{E01EF}]$/u;
/** What {@link cleanCharacters} looks at: the invisible characters and the ones kept in context. */
const CANDIDATE =
  /[\p{Cf}\p{Cc}\u034F\u115F\u1160\u17B4\u17B5\u180B-\u180F\u3164\uFFA0\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/gu;
const EMOJI_MODIFIER = /^[\uFE0F\u{1F3FB}-\u{1F3FF}]$/u;
/* eslint-enable no-misleading-character-class */
const PICTOGRAPHIC = /^\p{Extended_Pictographic}$/u;
const MAX_PASSES = 8;

/** HTML attributes kept on tags: what a reader sees or what makes the element work. */
const KEPT_ATTRIBUTES: ReadonlySet<string> = new Set([
  'href',
  'src',
  'srcset',
  'media',
  'width',
  'height',
  'align',
  'valign',
  'colspan',
  'rowspan',
  'open',
  'start',
  'reversed',
  'type',
  'checked',
  'disabled',
]);

const INVISIBLE_NAMED_ENTITIES: ReadonlySet<string> = new Set([
  'zwj',
  'zwnj',
  'lrm',
  'rlm',
  'shy',
  'nobreak',
  'zerowidthspace',
  'negativeverythinspace',
  'negativethinspace',
  'negativemediumspace',
  'negativethickspace',
  'invisibletimes',
  'invisiblecomma',
  'applyfunction',
  'it',
  'ic',
  'af',
]);
const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9A-Fa-f]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/y;

const FRAMING_TAG = new RegExp(
  `[<\uFF1C\uFE64](?=[ \\t]*/?[ \\t]*(?:${FRAMING_TAG_NAMES.join('|')}|start_of_turn|end_of_turn)(?![\\w-]))`,
  'giu',
);
const CHAT_TOKEN = /<(?=\|[\w-]{1,40}\|>)/g;
const ROLE_TAG =
  /[<\uFF1C\uFE64](?=[ \t]*\/?[ \t]*(?:system|user|assistant|model|instructions?)(?![\w-]))/giu;
const ROLE_LINE = /^([ \t>*_#~-]*)(system|assistant|user|model|human|developer)([ \t]*):/gimu;

/** Markdown from GitHub (titles, bodies, comments, labels) with hidden content removed. */
export function sanitizeUntrustedText(markdown: string): string {
  // Removing one construct can complete another (`<!<!-- -->-- x -->`), so repeat until stable.
  let current = markdown;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const next = sanitizeOnce(current);
    if (next === current) return next;
    current = next;
  }
  return current;
}

/**
 * Code from GitHub (diffs, diff hunks, file paths): kept as written, except that invisible
 * characters are made visible as `⟨U+202E⟩` (a reviewer must see a bidi control hidden in code)
 * and delimiter imitations are escaped.
 */
export function sanitizeUntrustedCode(code: string): string {
  return escapeFraming(cleanCharacters(code.replace(/\r\n/g, '\n'), { reveal: true }));
}

function sanitizeOnce(text: string): string {
  const cleaned = cleanCharacters(text.replace(/\r\n?/g, '\n'), { reveal: false });
  const { segments, definitions } = scanBlocks(cleaned);
  return segments
    .map((segment) => {
      if (segment.kind === 'code') return escapeFraming(segment.text);
      const inline = sanitizeInline(segment.text, {
        codeSpans: segment.kind === 'markdown',
        definitions,
      });
      return escapeRoleMarkers(escapeFraming(inline));
    })
    .join('');
}

function cleanCharacters(text: string, options: { reveal: boolean }): string {
  return text.replace(CANDIDATE, (character: string, offset: number) => {
    if (character === '\n' || character === '\t') return character;
    const keep =
      character === ZERO_WIDTH_JOINER
        ? joinsEmoji(text, offset)
        : PRESENTATION_SELECTORS.has(character)
          ? // One selector directly after a visible character chooses how it looks; more carry
            // no meaning and could carry a hidden message.
            isVisibleBase(characterBefore(text, offset))
          : false;
    if (keep) return character;
    return options.reveal ? revealed(character) : '';
  });
}

function characterBefore(text: string, offset: number): string {
  const low = text.charCodeAt(offset - 1);
  const start = low >= 0xdc00 && low <= 0xdfff && offset >= 2 ? offset - 2 : offset - 1;
  return start < 0 ? '' : String.fromCodePoint(text.codePointAt(start) ?? 0);
}

function isVisibleBase(character: string): boolean {
  return (
    character !== '' &&
    character !== '\n' &&
    !INVISIBLE.test(character) &&
    !PRESENTATION_SELECTORS.has(character)
  );
}

function joinsEmoji(text: string, offset: number): boolean {
  let before = characterBefore(text, offset);
  if (EMOJI_MODIFIER.test(before)) {
    before = characterBefore(text, offset - before.length);
  }
  const after = String.fromCodePoint(text.codePointAt(offset + 1) ?? 0);
  return PICTOGRAPHIC.test(before) && PICTOGRAPHIC.test(after);
}

function revealed(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

function escapeFraming(text: string): string {
  return text.replace(FRAMING_TAG, '&lt;').replace(CHAT_TOKEN, '&lt;');
}

function escapeRoleMarkers(text: string): string {
  return text.replace(ROLE_TAG, '&lt;').replace(ROLE_LINE, '$1$2$3\\:');
}

interface InlineOptions {
  /** Whether backticks make code spans (not in HTML blocks, where they are literal). */
  codeSpans: boolean;
  definitions: ReadonlyMap<string, string>;
}

interface Bracket {
  /** The index in the output chunks where `[` or `![` was written. */
  chunk: number;
  image: boolean;
}

/** One Markdown or HTML segment with hidden inline content removed. */
function sanitizeInline(text: string, options: InlineOptions): string {
  // Output as chunks: slicing a string built with `+=` would copy it whole at every link.
  const out: string[] = [];
  let brackets: Bracket[] = [];
  let index = 0;
  while (index < text.length) {
    const character = text[index] ?? '';
    if (character === '\\' && isEscapable(text[index + 1])) {
      out.push(text.slice(index, index + 2));
      index += 2;
      continue;
    }
    if (character === '\n' && /^[ \t>]*(?:\n|$)/.test(text.slice(index + 1, index + 200))) {
      // Link text never spans a blank line.
      brackets = [];
    }
    if (character === '`') {
      const end =
        (options.codeSpans ? codeSpanEnd(text, index) : undefined) ??
        index + backtickRunLength(text, index);
      out.push(text.slice(index, end));
      index = end;
      continue;
    }
    if (character === '<') {
      const html = inlineHtml(text, index);
      if (html) {
        out.push(html.replacement);
        index = html.end;
        continue;
      }
    }
    if (character === '&') {
      ENTITY.lastIndex = index;
      const entity = ENTITY.exec(text);
      if (entity) {
        if (!isInvisibleEntity(entity)) out.push(entity[0]);
        index += entity[0].length;
        continue;
      }
    }
    if (character === '[' || (character === '!' && text[index + 1] === '[')) {
      brackets.push({ chunk: out.length, image: character === '!' });
      out.push(character === '!' ? '![' : '[');
      index += character === '!' ? 2 : 1;
      continue;
    }
    if (character === ']') {
      const opener = brackets.pop();
      const end = opener ? closeLink(text, index, out, opener, options.definitions) : undefined;
      if (end !== undefined) {
        index = end;
        continue;
      }
    }
    out.push(character);
    index += 1;
  }
  return out.join('');
}

function inlineHtml(text: string, at: number): { end: number; replacement: string } | undefined {
  const invisible = matchInvisibleHtml(text, at);
  if (invisible !== undefined) return { end: invisible, replacement: '' };
  const inert = matchInertHtml(text, at);
  if (inert !== undefined) return { end: inert, replacement: text.slice(at, inert) };
  const tag = matchOpenTag(text, at);
  if (!tag) return undefined;
  if (REMOVED_ELEMENTS.has(tag.name.toLowerCase()) || isHiddenElement(tag)) {
    return { end: findElementEnd(text, tag, tag.end), replacement: '' };
  }
  return { end: tag.end, replacement: rewriteTag(text.slice(at, tag.end), tag) };
}

/** The tag with only the kept attributes; unchanged (byte for byte) when nothing is dropped. */
function rewriteTag(written: string, tag: HtmlTag): string {
  const kept = tag.attributes.filter((attribute) => KEPT_ATTRIBUTES.has(attribute.name));
  if (kept.length === tag.attributes.length) return written;
  const attributes = kept.map((attribute) => ` ${attribute.raw}`).join('');
  return `<${tag.name}${attributes}${tag.selfClosing ? ' /' : ''}>`;
}

function isInvisibleEntity(entity: RegExpExecArray): boolean {
  const [, decimal, hex, name] = entity;
  if (name !== undefined) return INVISIBLE_NAMED_ENTITIES.has(name.toLowerCase());
  const code = decimal !== undefined ? Number(decimal) : parseInt(hex ?? '', 16);
  if (code > 0x10ffff) return true;
  const character = String.fromCodePoint(code);
  return (
    INVISIBLE.test(character) ||
    character === ZERO_WIDTH_JOINER ||
    PRESENTATION_SELECTORS.has(character)
  );
}

/**
 * At a `]` closing `opener`: an inline link or image (title dropped, image alt dropped) or a
 * reference to a definition (rewritten as an inline link) is written to `out`, and the index after
 * it returned; undefined when the bracket is plain text. A link whose text is blank is dropped
 * whole: the page shows nothing of it, not even something to hover over.
 */
function closeLink(
  text: string,
  at: number,
  out: string[],
  opener: Bracket,
  definitions: ReadonlyMap<string, string>,
): number | undefined {
  const finish = (target: string, end: number): number => {
    if (opener.image) {
      out.length = opener.chunk;
      out.push(`![]${target}`);
    } else if (isBlank(out.slice(opener.chunk + 1))) {
      out.length = opener.chunk;
    } else {
      out.push(`]${target}`);
    }
    return end;
  };
  if (text[at + 1] === '(') {
    const inline = parseInlineTarget(text, at + 1);
    if (!inline) return undefined;
    const target = inline.hasTitle ? `(${inline.destination})` : text.slice(at + 1, inline.end);
    return finish(target, inline.end);
  }
  let label: string | undefined;
  let end = at + 1;
  if (text[at + 1] === '[') {
    const close = /^\[((?:[^[\]\\]|\\.){0,999})\]/.exec(text.slice(at + 1, at + 2100));
    if (close) {
      if ((close[1] ?? '').trim() !== '') label = close[1];
      end = at + 1 + close[0].length;
    }
  }
  if (definitions.size === 0) return undefined;
  label ??= out.slice(opener.chunk + 1).join('');
  const destination = definitions.get(normalizeLabel(label));
  if (destination === undefined) return undefined;
  return finish(`(${inlineDestination(destination)})`, end);
}

/** Whether link text written as these chunks shows nothing. */
function isBlank(chunks: readonly string[]): boolean {
  return chunks.every((chunk) => chunk.trim() === '');
}

/** A destination from a definition, written so it parses as one inline destination. */
function inlineDestination(destination: string): string {
  if (destination.startsWith('<') || !/[()]/.test(destination)) return destination;
  return `<${destination}>`;
}

/**
 * `(destination "title")` starting at `at` (the `(`): where it ends, the destination as written
 * and whether it has a title. Undefined when it is not a link target.
 */
function parseInlineTarget(
  text: string,
  at: number,
): { end: number; destination: string; hasTitle: boolean } | undefined {
  let index = skipSpace(text, at + 1);
  const destinationStart = index;
  if (text[index] === '<') {
    const close = /^<(?:[^<>\n\\]|\\.)*>/.exec(text.slice(index, index + 4096));
    if (!close) return undefined;
    index += close[0].length;
  } else {
    let depth = 0;
    while (index < text.length) {
      const character = text[index] ?? '';
      if (character === ')' && depth === 0) break;
      if (character <= ' ') break;
      if (character === '(') depth += 1;
      if (character === ')') depth -= 1;
      index += character === '\\' && isEscapable(text[index + 1]) ? 2 : 1;
    }
    if (depth !== 0) return undefined;
  }
  const destination = text.slice(destinationStart, index);
  const titleStart = skipSpace(text, index);
  let hasTitle = false;
  index = titleStart;
  if (titleStart > destinationStart + destination.length || destination === '') {
    const titleEnd = matchTitle(text, titleStart);
    if (titleEnd !== undefined) {
      hasTitle = true;
      index = skipSpace(text, titleEnd);
    }
  }
  if (text[index] !== ')') return undefined;
  return { end: index + 1, destination, hasTitle };
}

/** Spaces and tabs with at most one line ending among them. */
function skipSpace(text: string, at: number): number {
  const match = /^[ \t]*(?:\n[ \t]*)?/.exec(text.slice(at, at + 400));
  return at + (match?.[0].length ?? 0);
}

/** The end of a link title (`"…"`, `'…'` or `(…)`) at `at`; it may not contain a blank line. */
function matchTitle(text: string, at: number): number | undefined {
  const open = text[at];
  const close = open === '(' ? ')' : open;
  if (open !== '"' && open !== "'" && open !== '(') return undefined;
  for (let index = at + 1; index < text.length; index += 1) {
    const character = text[index];
    if (character === '\\') index += 1;
    else if (character === close) return index + 1;
    else if (open === '(' && character === '(') return undefined;
    else if (character === '\n' && /^[ \t]*\n/.test(text.slice(index + 1, index + 200))) {
      return undefined;
    }
  }
  return undefined;
}
