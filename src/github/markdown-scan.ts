/**
 * The parts of GitHub-flavoured Markdown the sanitizer must recognise to know what a reader of the
 * rendered page sees: raw HTML constructs, code spans, and the block structure that decides which
 * lines are code (shown verbatim), HTML blocks (no code spans) or ordinary Markdown.
 *
 * This is not a full CommonMark parser. Where its approximation differs from GitHub, it errs
 * towards treating text as ordinary Markdown (where hidden content is stripped) rather than as
 * code (kept verbatim), so nothing GitHub hides can survive by being mistaken for code.
 */

const ATTRIBUTE_SOURCE = String.raw`\s+[A-Za-z_:][\w.:-]*(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>\x60]+))?`;
const OPEN_TAG = new RegExp(
  String.raw`<([A-Za-z][A-Za-z0-9-]*)((?:${ATTRIBUTE_SOURCE})*)\s*(\/?)>`,
  'y',
);
const CLOSE_TAG = /<\/([A-Za-z][A-Za-z0-9-]*)\s*>/y;
const ATTRIBUTE = /\s+([A-Za-z_:][\w.:-]*)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s"'=<>`]+))?/g;
const URI_AUTOLINK = /<[A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*>/y;
const EMAIL_AUTOLINK =
  /<[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*>/y;
const ASCII_PUNCTUATION = /^[!-/:-@[-`{-~]$/;

/** Elements removed with everything in them: their content is never shown as text. */
export const REMOVED_ELEMENTS: ReadonlySet<string> = new Set([
  'script',
  'style',
  'template',
  'noscript',
  'title',
  'head',
]);

const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'source',
  'track',
  'wbr',
]);

export interface HtmlAttribute {
  /** Lower-case name. */
  name: string;
  /** The value without quotes; '' for a bare attribute. */
  value: string;
  /** The attribute as written, without the whitespace before it. */
  raw: string;
}

export interface HtmlTag {
  /** The name as written. */
  name: string;
  attributes: HtmlAttribute[];
  selfClosing: boolean;
  end: number;
}

/** An opening tag starting at `at`, as CommonMark recognises raw HTML. */
export function matchOpenTag(text: string, at: number): HtmlTag | undefined {
  OPEN_TAG.lastIndex = at;
  const match = OPEN_TAG.exec(text);
  if (!match) return undefined;
  const [whole, name = '', attributeText = '', slash = ''] = match;
  const attributes: HtmlAttribute[] = [];
  for (const attribute of attributeText.matchAll(ATTRIBUTE)) {
    const value = attribute[2] ?? '';
    attributes.push({
      name: (attribute[1] ?? '').toLowerCase(),
      value: /^["']/.test(value) ? value.slice(1, -1) : value,
      raw: attribute[0].trimStart(),
    });
  }
  return { name, attributes, selfClosing: slash === '/', end: at + whole.length };
}

function stickyEnd(pattern: RegExp, text: string, at: number): number | undefined {
  pattern.lastIndex = at;
  const match = pattern.exec(text);
  return match ? at + match[0].length : undefined;
}

/** A closing tag or an autolink at `at`: shown as written, and nothing inside it is markup. */
export function matchInertHtml(text: string, at: number): number | undefined {
  return (
    stickyEnd(CLOSE_TAG, text, at) ??
    stickyEnd(URI_AUTOLINK, text, at) ??
    stickyEnd(EMAIL_AUTOLINK, text, at)
  );
}

/**
 * Raw HTML that never shows on the page: comments, processing instructions, CDATA and
 * declarations. Returns where it ends; an unterminated one runs to the end of the text, so an
 * unclosed `<!--` hides everything after it.
 */
export function matchInvisibleHtml(text: string, at: number): number | undefined {
  if (text.startsWith('<!--', at)) {
    if (text.startsWith('<!-->', at)) return at + 5;
    if (text.startsWith('<!--->', at)) return at + 6;
    return endAfter(text, '-->', at + 4);
  }
  if (text.startsWith('<?', at)) return endAfter(text, '?>', at + 2);
  if (text.startsWith('<![CDATA[', at)) return endAfter(text, ']]>', at + 9);
  if (/^<![A-Za-z]/.test(text.slice(at, at + 3))) return endAfter(text, '>', at + 2);
  return undefined;
}

function endAfter(text: string, terminator: string, from: number): number {
  const index = text.indexOf(terminator, from);
  return index < 0 ? text.length : index + terminator.length;
}

/** Whether an element is hidden from readers by its attributes (`hidden`, or hiding CSS). */
export function isHiddenElement(tag: HtmlTag): boolean {
  return tag.attributes.some(
    (attribute) =>
      attribute.name === 'hidden' ||
      (attribute.name === 'style' && HIDING_STYLE.test(normalizeStyle(attribute.value))),
  );
}

const HIDING_STYLE =
  /(?:^|;)(?:display:none|visibility:(?:hidden|collapse)|(?:font-size|line-height|(?:max-)?height|(?:max-)?width|opacity):0(?:\.0*)?(?:[a-z%]+)?)(?:!important)?(?:;|$)/;

/** CSS as browsers read it: entities decoded, comments and whitespace removed, lower case. */
function normalizeStyle(style: string): string {
  return style
    .replace(/&#(\d{1,7});?|&#x([0-9a-f]{1,6});?|&(colon|semi);/gi, (_, dec, hex, named) => {
      if (typeof named === 'string') return named.toLowerCase() === 'colon' ? ':' : ';';
      const code = typeof dec === 'string' ? Number(dec) : parseInt(String(hex), 16);
      return code <= 0x10ffff ? String.fromCodePoint(code) : '';
    })
    .replace(/\/\*[\s\S]*?(?:\*\/|$)/g, '')
    .replace(/\s+/g, '')
    .toLowerCase();
}

/**
 * Where a removed or hidden element that opened before `from` ends: after its matching closing tag
 * (same-name elements nest), or at the end of the text when it is never closed. Comments inside
 * are skipped so a `</div>` in a comment cannot end the element early.
 */
export function findElementEnd(text: string, tag: HtmlTag, from: number): number {
  const name = tag.name.toLowerCase();
  if (tag.selfClosing || VOID_ELEMENTS.has(name)) return from;
  const escaped = name.replace(/[-]/g, '\\-');
  const pattern = new RegExp(`<!--[\\s\\S]*?(?:-->|$)|<(/?)${escaped}(?![\\w-])[^>]*>`, 'gi');
  pattern.lastIndex = from;
  let depth = 1;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[0].startsWith('<!--')) continue;
    if (match[1] === '/') depth -= 1;
    else if (!match[0].endsWith('/>')) depth += 1;
    if (depth === 0) return pattern.lastIndex;
  }
  return text.length;
}

export function isEscapable(character: string | undefined): boolean {
  return character !== undefined && ASCII_PUNCTUATION.test(character);
}

export function backtickRunLength(text: string, at: number): number {
  let end = at;
  while (text[end] === '`') end += 1;
  return end - at;
}

/**
 * The end of a code span opening at `at`, or undefined when the backticks are literal. Spans are
 * kept to one line and may not contain `|`: a span GitHub would not render as code (split by a
 * block boundary or a table cell) must not shelter hidden content.
 */
export function codeSpanEnd(text: string, at: number): number | undefined {
  const length = backtickRunLength(text, at);
  let index = at + length;
  while (index < text.length) {
    const character = text[index];
    if (character === '\n' || character === '|') return undefined;
    if (character === '`') {
      const run = backtickRunLength(text, index);
      if (run === length) return index + run;
      index += run;
    } else {
      index += 1;
    }
  }
  return undefined;
}

/**
 * Where a construct that starts between `from` and `lineEnd` and hides or encloses what follows
 * (a comment, processing instruction, CDATA, declaration, a removed or hidden element, or a tag
 * whose attributes continue on the next line) ends, when that is past `lineEnd`. Block structure
 * (code fences) is not recognised inside such a construct, as on GitHub.
 */
export function openConstructEnd(
  text: string,
  from: number,
  lineEnd: number,
  options: { codeSpans: boolean },
): number | undefined {
  let index = from;
  while (index < lineEnd) {
    const character = text[index];
    if (character === '\\' && isEscapable(text[index + 1])) {
      index += 2;
    } else if (character === '`') {
      index =
        (options.codeSpans ? codeSpanEnd(text, index) : undefined) ??
        index + backtickRunLength(text, index);
    } else if (character === '<') {
      const end = constructEnd(text, index) ?? index + 1;
      if (end > lineEnd) return end;
      index = end;
    } else {
      index += 1;
    }
  }
  return undefined;
}

function constructEnd(text: string, at: number): number | undefined {
  const invisible = matchInvisibleHtml(text, at);
  if (invisible !== undefined) return invisible;
  const inert = matchInertHtml(text, at);
  if (inert !== undefined) return inert;
  const tag = matchOpenTag(text, at);
  if (!tag) return undefined;
  if (REMOVED_ELEMENTS.has(tag.name.toLowerCase()) || isHiddenElement(tag)) {
    return findElementEnd(text, tag, tag.end);
  }
  return tag.end;
}
