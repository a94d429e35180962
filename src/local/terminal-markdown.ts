/**
 * GitHub comment Markdown made legible as plain terminal text, the way the comment reads on
 * GitHub rather than as its source: hidden markers removed, a collapsed `<details>` block shown as
 * the one line its summary is, headings underlined, code blocks indented, links written out and
 * HTML entities decoded. Deliberately small: the exact text is in the files the run writes.
 *
 * The body is the model's text: what comes out is neutral (text.ts `neutralText`), and an entity
 * never decodes to a character a terminal would act on (`&#27;` stays as written).
 */
import { neutralText } from '../platform/text.js';

const ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name.startsWith('#x') || name.startsWith('#X')) {
      return characterOf(Number.parseInt(name.slice(2), 16)) ?? whole;
    }
    if (name.startsWith('#')) return characterOf(Number(name.slice(1))) ?? whole;
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The character a numeric entity stands for; none for a code point that does not exist, a
 * surrogate, or a character that would change the text around it rather than show.
 */
function characterOf(code: number): string | undefined {
  if (!Number.isInteger(code) || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
    return undefined;
  }
  const character = String.fromCodePoint(code);
  return neutralText(character) === character ? character : undefined;
}

/**
 * Markdown's backslash escapes (`GOOGLE\_GEMINI\_BASE\_URL`, `\*`) as the characters they stand
 * for, outside code spans, where a backslash is itself.
 */
function unescapeMarkdown(text: string): string {
  return text
    .split(/(`+[^`]*`+)/)
    .map((piece, index) => (index % 2 === 1 ? piece : piece.replace(/\\([!-/:-@[-`{-~])/g, '$1')))
    .join('');
}

/** Inline Markdown and HTML as the reader sees it. */
function inline(text: string): string {
  const plain = text
    .replace(/<br\s*\/?>/gi, ' ')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, (_whole, alt: string) => (alt ? `[${alt}]` : ''))
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (_whole, label: string, url: string) =>
      label === url ? url : `${label} (${url})`,
    )
    .replace(/\*\*([^*]+)\*\*/g, '$1');
  return decodeEntities(unescapeMarkdown(plain));
}

function summaryOf(text: string): string | undefined {
  const match = /<summary>([\s\S]*?)<\/summary>/i.exec(text);
  return match?.[1] === undefined ? undefined : inline(match[1]).trim();
}

function count(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

/** Renders a comment body for the terminal; `indent` starts every line. */
export function renderMarkdownForTerminal(
  markdown: string,
  options: { indent?: string } = {},
): string {
  const indent = options.indent ?? '';
  // A marker on a line of its own goes with its line; one inside a line leaves the rest.
  const source = markdown
    .replace(/\r\n/g, '\n')
    .replace(/^[ \t]*<!--[\s\S]*?-->[ \t]*(\n|$)/gm, '')
    .replace(/<!--[\s\S]*?-->/g, '');
  const out: string[] = [];
  let fence: string | undefined;
  let details: { depth: number; summary: string | undefined } | undefined;

  for (const line of source.split('\n')) {
    if (details !== undefined) {
      details.summary ??= summaryOf(line);
      details.depth += count(line, /<details\b/gi) - count(line, /<\/details>/gi);
      if (details.depth <= 0) {
        out.push(`▸ ${details.summary ?? 'Details'} (collapsed)`);
        details = undefined;
      }
      continue;
    }
    if (fence !== undefined) {
      if (line.trim().startsWith(fence) && line.trim().replace(/[`~]/g, '') === '') {
        fence = undefined;
      } else {
        out.push(`    ${line}`);
      }
      continue;
    }
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (opening?.[1] !== undefined) {
      fence = opening[1];
      continue;
    }
    if (/<details\b/i.test(line)) {
      const depth = count(line, /<details\b/gi) - count(line, /<\/details>/gi);
      const summary = summaryOf(line);
      if (depth <= 0) out.push(`▸ ${summary ?? 'Details'} (collapsed)`);
      else details = { depth, summary };
      continue;
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line);
    if (heading?.[1] !== undefined && heading[2] !== undefined) {
      const title = inline(heading[2]).trim();
      out.push(title);
      if (heading[1].length <= 2) {
        out.push((heading[1].length === 1 ? '═' : '─').repeat(Math.min(title.length, 72)));
      }
      continue;
    }
    out.push(inline(line));
  }
  if (details !== undefined) out.push(`▸ ${details.summary ?? 'Details'} (collapsed)`);

  const text = out
    .map((line) => line.replace(/\s+$/, ''))
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
  return neutralText(text)
    .split('\n')
    .map((line) => (line === '' ? '' : `${indent}${line}`))
    .join('\n');
}
