/**
 * Finding the text a model meant to replace when it did not copy the file's whitespace exactly.
 *
 * Three strategies, tried in order, each on LF text; the first that finds anything decides:
 * 1. exact: `old_string` occurs verbatim;
 * 2. line: whole lines equal once leading and trailing whitespace is ignored; `new_string` is
 *    re-indented to the indentation found in the file;
 * 3. token: the same tokens with any whitespace between them (none needed next to punctuation),
 *    anywhere in a line; later lines of `new_string` are re-indented like the first.
 * A strategy that finds more than one place is ambiguous: nothing is replaced, and the count says
 * so. The file's trailing newline (or its absence) is kept.
 */
import { escapeRegExp } from '../platform/text.js';

export type MatchStrategy = 'exact' | 'line' | 'token';

export interface EditMatch {
  /** Which strategy found the places; null when none found anything. */
  strategy: MatchStrategy | null;
  /** Places found by that strategy; the edit applies only when this is exactly 1. */
  occurrences: number;
  /** The content with the replacement made (when `occurrences` is 1), else the content as given. */
  newContent: string;
}

/**
 * Replaces the single place in `content` (LF line breaks) that `oldString` designates.
 * `oldString` and `newString` may use CRLF; they are compared and inserted with LF.
 */
export function findTolerantEdit(content: string, oldString: string, newString: string): EditMatch {
  const search = oldString.replace(/\r\n/g, '\n');
  const replacement = newString.replace(/\r\n/g, '\n');
  const none: EditMatch = { strategy: null, occurrences: 0, newContent: content };
  if (search === '') return none;
  for (const [strategy, attempt] of STRATEGIES) {
    const found = attempt(content, search, replacement);
    if (found.count === 0) continue;
    if (found.count > 1) return { strategy, occurrences: found.count, newContent: content };
    return {
      strategy,
      occurrences: 1,
      newContent: keepTrailingNewline(content, found.apply()),
    };
  }
  return none;
}

interface Found {
  count: number;
  /** The content with the one place replaced; only called when `count` is 1. */
  apply: () => string;
}

type Strategy = (content: string, search: string, replacement: string) => Found;

const STRATEGIES: readonly (readonly [MatchStrategy, Strategy])[] = [
  ['exact', exactMatch],
  ['line', lineMatch],
  ['token', tokenMatch],
];

function exactMatch(content: string, search: string, replacement: string): Found {
  const first = content.indexOf(search);
  let count = 0;
  for (let at = first; at !== -1; at = content.indexOf(search, at + search.length)) count += 1;
  return {
    count,
    apply: () => content.slice(0, first) + replacement + content.slice(first + search.length),
  };
}

function lineMatch(content: string, search: string, replacement: string): Found {
  const endsWithBreak = content.endsWith('\n');
  const fileLines = (endsWithBreak ? content.slice(0, -1) : content).split('\n');
  const searchLines = withoutFinalBreak(search).split('\n');
  if (searchLines.every((line) => line.trim() === '')) return { count: 0, apply: () => content };
  const wanted = searchLines.map((line) => line.trim());

  const trimmed = fileLines.map((line) => line.trim());
  const starts: number[] = [];
  for (let i = 0; i + wanted.length <= trimmed.length;) {
    if (wanted.every((line, k) => trimmed[i + k] === line)) {
      starts.push(i);
      i += wanted.length;
    } else {
      i += 1;
    }
  }
  const [start = 0] = starts;
  return {
    count: starts.length,
    apply: () => {
      const window = fileLines.slice(start, start + wanted.length);
      const indents = indentationMap(searchLines, window);
      const inserted = replacement === '' ? [] : withoutFinalBreak(replacement).split('\n');
      const lines = [
        ...fileLines.slice(0, start),
        ...reindent(inserted, indents, firstIndent(searchLines)),
        ...fileLines.slice(start + wanted.length),
      ];
      return lines.join('\n') + (endsWithBreak ? '\n' : '');
    },
  };
}

const DELIMITERS = new Set(['(', ')', '[', ']', '{', '}', '<', '>', ':', ';', ',', '=']);

function tokenMatch(content: string, search: string, replacement: string): Found {
  const tokens = tokenize(search);
  if (tokens.length === 0) return { count: 0, apply: () => content };
  // Two word tokens were separated by whitespace, so some whitespace must separate them in the
  // file too ("int x" must not match "intx"); next to punctuation, whitespace is optional.
  const pattern = tokens
    .map((token, index) => {
      const previous = tokens[index - 1];
      const escaped = escapeRegExp(token);
      if (previous === undefined) return escaped;
      return isWord(previous) && isWord(token) ? `\\s+${escaped}` : `\\s*${escaped}`;
    })
    .join('');
  const matches = Array.from(content.matchAll(new RegExp(pattern, 'g')));
  const [first] = matches;
  return {
    count: matches.length,
    apply: () => {
      if (!first) return content;
      const start = first.index;
      const end = start + first[0].length;
      const lineStart = content.lastIndexOf('\n', start - 1) + 1;
      const fileIndent = leadingWhitespace(content.slice(lineStart, start + 1));
      const baseIndent = firstIndent(search.split('\n'));
      const inserted = withoutFinalBreak(replacement).split('\n');
      const lines = reindent(inserted, new Map([[baseIndent, fileIndent]]), baseIndent);
      // The match starts at its first token, after whatever indentation the line already has.
      const text = lines.join('\n').replace(/^[ \t]*/, '');
      return content.slice(0, start) + text + content.slice(end);
    },
  };
}

function tokenize(text: string): string[] {
  const tokens: string[] = [];
  let word = '';
  const flush = () => {
    if (word !== '') tokens.push(word);
    word = '';
  };
  for (const char of text) {
    if (/\s/.test(char)) {
      flush();
    } else if (DELIMITERS.has(char)) {
      flush();
      tokens.push(char);
    } else {
      word += char;
    }
  }
  flush();
  return tokens;
}

function isWord(token: string): boolean {
  return !DELIMITERS.has(token);
}

/**
 * For each indentation used in `searchLines`, the indentation the matching file line has: this
 * carries a different indentation unit (2 vs 4 spaces, tabs) over to the replacement.
 */
function indentationMap(searchLines: string[], fileLines: string[]): Map<string, string> {
  const map = new Map<string, string>();
  searchLines.forEach((line, index) => {
    const fileLine = fileLines[index];
    if (line.trim() === '' || fileLine === undefined) return;
    const indent = leadingWhitespace(line);
    if (!map.has(indent)) map.set(indent, leadingWhitespace(fileLine));
  });
  return map;
}

/**
 * Re-indents replacement lines: an indentation the search text used becomes the file's
 * indentation for it; deeper lines keep their extra indentation on top of the base; shallower
 * lines keep their distance below it. Blank lines stay empty.
 */
function reindent(lines: string[], indents: Map<string, string>, baseIndent: string): string[] {
  const fileBase = indents.get(baseIndent) ?? baseIndent;
  return lines.map((line) => {
    if (line.trim() === '') return '';
    const indent = leadingWhitespace(line);
    const rest = line.slice(indent.length);
    const mapped = indents.get(indent);
    if (mapped !== undefined) return mapped + rest;
    if (indent.startsWith(baseIndent)) return fileBase + indent.slice(baseIndent.length) + rest;
    const shallower = Math.max(0, baseIndent.length - indent.length);
    return fileBase.slice(0, Math.max(0, fileBase.length - shallower)) + rest;
  });
}

function firstIndent(lines: string[]): string {
  const line = lines.find((candidate) => candidate.trim() !== '');
  return line === undefined ? '' : leadingWhitespace(line);
}

function leadingWhitespace(line: string): string {
  return /^[ \t]*/.exec(line)?.[0] ?? '';
}

/** One final line break is not a line of its own when matching or inserting whole lines. */
function withoutFinalBreak(text: string): string {
  return text.endsWith('\n') ? text.slice(0, -1) : text;
}

function keepTrailingNewline(original: string, updated: string): string {
  const had = original.endsWith('\n');
  if (had && !updated.endsWith('\n')) return `${updated}\n`;
  if (!had && updated.endsWith('\n')) return updated.slice(0, -1);
  return updated;
}
