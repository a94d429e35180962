// Just enough Markdown reading for the documentation tests: fenced code blocks, sections, links and
// the anchors GitHub gives headings. Not a Markdown parser; the docs are ordinary GFM.

export interface CodeBlock {
  /** The info string's first word (`sh`, `yaml`, `toml`, or '' for none). */
  lang: string;
  /** The block's lines, without the fences, joined by `\n`. */
  text: string;
  /** 1-based line of the opening fence. */
  line: number;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})\s*([^\s`]*)/;

/** Whether `line` closes a block opened with `fence`: the same character, at least as many. */
function closes(line: string, fence: string): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(line);
  return match?.[1] !== undefined && match[1][0] === fence[0] && match[1].length >= fence.length;
}

/** Every fenced code block, in order. */
export function codeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const open = FENCE.exec(lines[index] ?? '');
    if (!open) continue;
    const fence = open[1] ?? '```';
    const body: string[] = [];
    let end = index + 1;
    for (; end < lines.length; end += 1) {
      const line = lines[end] ?? '';
      if (closes(line, fence)) break;
      body.push(line);
    }
    blocks.push({ lang: open[2] ?? '', text: body.join('\n'), line: index + 1 });
    index = end;
  }
  return blocks;
}

/** Each line, and whether it is part of a fenced code block (its fences included). */
function classify(markdown: string): { text: string; code: boolean }[] {
  let fence: string | undefined;
  return markdown.split('\n').map((text) => {
    if (fence !== undefined) {
      if (closes(text, fence)) fence = undefined;
      return { text, code: true };
    }
    const open = FENCE.exec(text);
    if (open) fence = open[1];
    return { text, code: open !== null };
  });
}

/** Lines outside code blocks, with inline code spans blanked so they are not read as links. */
function proseLines(markdown: string): string[] {
  return classify(markdown).map(({ text, code }) =>
    code ? '' : text.replace(/(`+)[^`]*?\1/g, '`code`'),
  );
}

/**
 * The part of `markdown` under the heading whose text is `heading`, up to the next heading of the
 * same or a higher level; undefined when there is no such heading.
 */
export function section(markdown: string, heading: string): string | undefined {
  const lines = classify(markdown);
  const isHeading = ({ text, code }: { text: string; code: boolean }) =>
    !code && /^#{1,6} /.test(text);
  const start = lines.findIndex((line) => isHeading(line) && headingText(line.text) === heading);
  if (start === -1) return undefined;
  const level = headingLevel(lines[start]?.text ?? '#');
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((line) => isHeading(line) && headingLevel(line.text) <= level);
  return (end === -1 ? rest : rest.slice(0, end)).map((line) => line.text).join('\n');
}

function headingLevel(line: string): number {
  return /^#+/.exec(line)?.[0].length ?? 1;
}

function headingText(line: string): string {
  return line
    .replace(/^#+\s+/, '')
    .replace(/\s+#+\s*$/, '')
    .trim();
}

/**
 * The anchor GitHub gives a heading: its visible text, lowercased, with punctuation other than
 * `-` and `_` removed and spaces turned into hyphens.
 */
export function headingSlug(heading: string): string {
  // Code spans show their text as written (`<name>` included); elsewhere tags and link targets
  // are not part of the visible text.
  const visible = heading
    .split(/(`+[^`]*`+)/)
    .map((part, index) =>
      index % 2 === 1
        ? part.replace(/^`+|`+$/g, '')
        : part.replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1').replace(/<[^>]+>/g, ''),
    )
    .join('');
  return visible
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of every heading in `markdown`, with GitHub's `-1`, `-2` suffixes for repeats. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const line of headingLines(markdown)) {
    const slug = headingSlug(headingText(line));
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** The heading lines outside fenced code blocks. */
function headingLines(markdown: string): string[] {
  return classify(markdown)
    .filter(({ text, code }) => !code && /^#{1,6} /.test(text))
    .map(({ text }) => text);
}

export interface Link {
  target: string;
  /** 1-based line of the link. */
  line: number;
}

/** Inline links and images (`[text](target)`) and reference definitions (`[label]: target`). */
export function links(markdown: string): Link[] {
  const found: Link[] = [];
  proseLines(markdown).forEach((line, index) => {
    for (const match of line.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      if (match[1] !== undefined) found.push({ target: match[1], line: index + 1 });
    }
    const definition = /^ {0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/.exec(line);
    if (definition?.[1] !== undefined) found.push({ target: definition[1], line: index + 1 });
  });
  return found;
}
