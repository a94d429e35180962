/**
 * The note a triage run may post next to its labels, made safe to publish. The model wrote it and
 * is assumed hostile, so the note is plain text: it cannot ping anyone (`@user`, `@org/team`),
 * cannot back-link into other repositories, cannot load an image (a tracking pixel is an
 * exfiltration channel), cannot render HTML or links with misleading text, and links to hosts
 * other than GitHub's are shown as code, not as something to click. It is redacted, cut to a
 * short length and carries the Action's hidden marker, so it never starts a run itself.
 */
import { ownMarker } from '../github/own-marker.js';
import type { Redact } from '../platform/redaction.js';
import { codeSpan, neutralizeMentions, truncate } from '../report/markdown.js';

/** The longest note posted, in characters (before the marker). */
export const MAX_TRIAGE_COMMENT_CHARS = 2000;

/** Hosts whose links stay clickable, with their subdomains. */
export const DEFAULT_LINK_HOSTS: readonly string[] = ['github.com', 'githubusercontent.com'];

export interface LabelCommentOptions {
  redact: Redact;
  /** Default {@link MAX_TRIAGE_COMMENT_CHARS}. */
  maxChars?: number;
  /** Default {@link DEFAULT_LINK_HOSTS}; add a GitHub Enterprise host here. */
  linkHosts?: readonly string[];
  /**
   * The event's key (github/trigger-claim.ts), kept in the marker: a re-run of the same event
   * finds its note and edits it instead of posting a second one.
   */
  triggerKey?: string | undefined;
}

/** `https://…` and `www.…` runs, which GitHub would turn into links. */
const URL_LIKE = /\b(?:https?:\/\/|www\.)[^\s<>()[\]`"']+/gi;
/**
 * Characters that start Markdown or HTML constructs (emphasis, code, links and images, tables,
 * tags); escaped so the note reads as written. `#` only makes a heading at the start of a line;
 * elsewhere `#12` stays a reference to an issue of this repository.
 */
const MARKDOWN_SPECIAL = /[\\`*_~[\]|<>]/g;
const LEADING_HASH = /^(\s*)#/;

/** The note as the body of an issue comment; undefined when nothing is left of it. */
export function renderLabelComment(text: string, options: LabelCommentOptions): string | undefined {
  const max = options.maxChars ?? MAX_TRIAGE_COMMENT_CHARS;
  const hosts = options.linkHosts ?? DEFAULT_LINK_HOSTS;
  const normalized = options
    .redact(text)
    .replace(/\r\n?/g, '\n')
    .replace(/[ \t]+$/gm, '')
    // More than one blank line in a row only stretches the comment.
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  if (normalized === '') return undefined;
  const lines = truncate(normalized, max)
    .split('\n')
    .map((line) => plainLine(line, hosts));
  const fields: Record<string, string> =
    options.triggerKey === undefined ? {} : { trigger: options.triggerKey };
  return `${lines.join('\n')}\n\n${ownMarker('triage', fields)}`;
}

function plainLine(line: string, hosts: readonly string[]): string {
  let out = '';
  let last = 0;
  for (const match of line.matchAll(URL_LIKE)) {
    const url = trimTrailingPunctuation(match[0]);
    const start = match.index;
    out += plainText(line.slice(last, start));
    out += isAllowedLink(url, hosts) ? url : codeSpan(url, { maxLength: 300 });
    last = start + url.length;
  }
  return (out + plainText(line.slice(last))).replace(LEADING_HASH, '$1\\#');
}

/** A sentence's closing `.` or `,` after a URL is not part of it. */
function trimTrailingPunctuation(url: string): string {
  return url.replace(/[.,;:!?]+$/, '');
}

function plainText(text: string): string {
  // Mentions first: once `_` is escaped, GitHub may still see a reference the regex would miss.
  return neutralizeMentions(text)
    .replace(/&/g, '&amp;')
    .replace(MARKDOWN_SPECIAL, (character) =>
      character === '<' ? '&lt;' : character === '>' ? '&gt;' : `\\${character}`,
    );
}

function isAllowedLink(url: string, hosts: readonly string[]): boolean {
  if (!/^https:\/\//i.test(url)) return false;
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  // A URL with credentials (`https://github.com@evil.example`) names another host; URL parsing
  // already resolves that, and a mention-like `@` is never left clickable either way.
  if (url.includes('@')) return false;
  return hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}
