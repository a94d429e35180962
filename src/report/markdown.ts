/**
 * Making untrusted text (the model's words, tool output, file names) safe to put into a GitHub
 * comment: it must not break our layout (close a `<details>`, open a code fence that swallows the
 * rest), must not ping people (`@user`, `@org/team`), must not back-link into other repositories
 * (`owner/repo#1`), and must not load remote images (a tracking pixel is an exfiltration channel).
 * Redaction is the caller's job and happens before any of this, on the raw text.
 */
import { oneLine } from '../platform/text.js';

/** A zero-width space: GitHub no longer sees a mention or reference, a reader sees no change. */
const ZWSP = '\u200B';

/** `@login` and `@org/team` where GitHub would link them: not after a word character. */
const MENTION = /(^|\W)@(?=[a-z0-9])/gi;
/**
 * `owner/repo#123` and `owner/repo@sha` cross-references into other repositories (not inside a
 * URL path, where `#` starts a fragment).
 */
const CROSS_REFERENCE = /(?<![\w./-])([a-z0-9][\w.-]*\/[\w.-]+)(#(?=\d)|@(?=[0-9a-f]{7}))/gi;

/** Breaks `@mentions` and cross-repository references so the bot never notifies anyone. */
export function neutralizeMentions(text: string): string {
  return text
    .replace(MENTION, (_match, before: string) => `${before}@${ZWSP}`)
    .replace(CROSS_REFERENCE, (_match, repo: string, sign: string) => `${repo}${sign}${ZWSP}`);
}

/** For text inside HTML (e.g. `<summary>`), where Markdown escapes do not apply. */
export function escapeHtml(text: string): string {
  return neutralizeMentions(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Cuts to `max` characters (UTF-16 units, never splitting a surrogate pair), marking the cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end--;
  return `${text.slice(0, end)}…`;
}

/**
 * Untrusted text as plain inline Markdown on one line (a list item, a status line): every
 * character that could start emphasis, code, a link, an image, a table cell or an HTML tag is
 * escaped, so the text reads exactly as written and cannot change the layout around it.
 */
export function inlineText(text: string, options: { maxLength?: number } = {}): string {
  // Mentions first: once `_` is escaped, `my\_org/repo#1` no longer looks like a reference here,
  // but GitHub still sees one in the rendered text.
  return neutralizeMentions(truncate(oneLine(text), options.maxLength ?? 200))
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/[\\`*_~[\]|]/g, (char) => `\\${char}`);
}

/** Untrusted text as an inline code span on one line (commands, paths, rule locations). */
export function codeSpan(text: string, options: { maxLength?: number } = {}): string {
  const line = truncate(oneLine(text), options.maxLength ?? 200);
  if (line === '') return '';
  // A code span ends at the first backtick run as long as its opening one; use a longer run.
  const longest = Math.max(0, ...Array.from(line.matchAll(/`+/g), (m) => m[0].length));
  const ticks = '`'.repeat(longest + 1);
  const pad = line.startsWith('`') || line.endsWith('`') ? ' ' : '';
  return `${ticks}${pad}${line}${pad}${ticks}`;
}

/** A fence that no line of `text` can close early: longer than any backtick run in it. */
export function fenceFor(text: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`{3,}/g), (m) => m[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** Untrusted text as a fenced code block: shown verbatim, nothing in it renders or pings. */
export function codeBlock(text: string, language = ''): string {
  const fence = fenceFor(text);
  const body = text.endsWith('\n') ? text : `${text}\n`;
  return `${fence}${language}\n${body}${fence}`;
}

const FENCE_LINE = /^ {0,3}(`{3,}|~{3,})/;

/** The fence a line opens (its backticks or tildes), if it is a fence line. */
export function fenceOpening(line: string): string | undefined {
  return FENCE_LINE.exec(line)?.[1];
}

/** A closing fence uses the same character, at least as many, and nothing else on the line. */
export function closesFence(line: string, fence: string): boolean {
  const marker = fenceOpening(line);
  return (
    marker !== undefined &&
    marker[0] === fence[0] &&
    marker.length >= fence.length &&
    line.trim() === marker
  );
}

/**
 * The model's answer as Markdown that still renders (lists, code blocks, links, emphasis) but
 * cannot break out of its place: raw HTML is shown as text (so `</details>` or `<!--` cannot
 * close or hide our blocks), images become plain links, mentions are neutralised outside code,
 * and a code fence left open is closed.
 */
export function modelMarkdown(text: string): string {
  const out: string[] = [];
  let fence: string | undefined;
  for (const line of text.replace(/\r\n?/g, '\n').split('\n')) {
    const marker = fenceOpening(line);
    if (fence !== undefined) {
      out.push(line);
      if (closesFence(line, fence)) fence = undefined;
    } else if (marker !== undefined) {
      fence = marker;
      out.push(line);
    } else {
      out.push(outsideCodeSpans(line, escapeProse));
    }
  }
  if (fence !== undefined) out.push(fence);
  return out.join('\n');
}

function escapeProse(text: string): string {
  // An entity such as `&#64;` would render as `@` and then be linked, so entities stay literal.
  return neutralizeMentions(text)
    .replace(/&(?=[#a-z0-9]+;)/gi, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/!\[/g, '!\\[');
}

/** Applies `transform` to the parts of a line that are not inline code spans. */
function outsideCodeSpans(line: string, transform: (text: string) => string): string {
  let result = '';
  let rest = line;
  for (;;) {
    const open = /`+/.exec(rest);
    if (!open) return result + transform(rest);
    const ticks = open[0];
    const afterOpen = open.index + ticks.length;
    // The span closes at the next run of exactly the same length.
    const close = new RegExp(`(?<!\`)${ticks}(?!\`)`).exec(rest.slice(afterOpen));
    if (!close) {
      // No closing run: the backticks are literal text.
      result += transform(rest.slice(0, afterOpen));
      rest = rest.slice(afterOpen);
      continue;
    }
    const end = afterOpen + close.index + ticks.length;
    result += transform(rest.slice(0, open.index)) + rest.slice(open.index, end);
    rest = rest.slice(end);
  }
}

/** A URL as a Markdown link target: only http(s), without the characters that end a target. */
export function linkTarget(url: string): string {
  if (!/^https?:\/\//i.test(url)) return '#';
  return url.replace(/[\s()<>]/g, (char) => encodeURIComponent(char));
}
