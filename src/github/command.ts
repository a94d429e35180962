/**
 * The `/gemini` command in a comment or review body: where the trigger phrase is, and what the
 * maintainer asked for.
 *
 * Matching rules (a user notices every one of them):
 * - The phrase matches case-insensitively and only as a whole word: `/gemini` and `/Gemini:` do,
 *   `/geminis`, `/gemini-cli`, `x/gemini`, `https://example.com/gemini` and `/gemini.js` do not.
 * - The phrase counts only in text GitHub shows as the comment's own prose. It is ignored inside
 *   fenced code blocks (``` and ~~~), indented code blocks, inline code spans, HTML comments
 *   (hidden from readers, so never a command), and quoted lines (`> /gemini …`, as a reply that
 *   quotes an earlier command has; lines a quote swallows without their own `>` count as quoted
 *   too, as GitHub renders them).
 * - The first phrase that counts starts the command; everything after it, to the end of the
 *   comment, is the instruction (code blocks and quotes after the phrase belong to it).
 * - A first word `review` or `triage` picks that mode, and the rest is extra guidance;
 *   anything else is a free-form instruction (invoke). An empty instruction stays empty here: the
 *   trigger fills in a default derived from where the comment is ({@link defaultInstruction}).
 */
import { ConfigurationError } from '../platform/errors.js';
import type { RunMode } from '../platform/run-mode.js';
import { escapeRegExp } from '../platform/text.js';

export type CommandKind = 'review' | 'triage' | 'invoke';

export interface Command {
  kind: CommandKind;
  /** What to do: the text after the phrase and after a `review`/`triage` keyword, trimmed. */
  instruction: string;
  /**
   * Everything after the phrase, trimmed, keyword included: the instruction to use when the
   * workflow's `mode` input overrides the command's mode (the keyword was then just a word).
   */
  text: string;
  /** Offset of the phrase in the searched text. */
  index: number;
}

// Characters that glue the phrase to a longer word, path, URL, e-mail address or mention.
const BEFORE = String.raw`(?<![\p{L}\p{N}_\-./@])`;
const AFTER = String.raw`(?![\p{L}\p{N}_\-/@]|\.[\p{L}\p{N}_])`;
const KEYWORD = /^(review|triage)(?![\p{L}\p{N}_\-/])[\s:,.;!-]*/iu;
// Punctuation people put between the phrase and the instruction (`/gemini: fix it`).
const LEADING_PUNCTUATION = /^[\s:,;\-–—]+/u;

/** The phrase from the `trigger_phrase` input, checked once. */
export function validateTriggerPhrase(phrase: string): string {
  const trimmed = phrase.trim();
  if (trimmed === '' || /[\r\n]/.test(trimmed)) {
    throw new ConfigurationError(
      `expected a short phrase such as "/gemini" on one line, got ${JSON.stringify(phrase)}.`,
      { input: 'trigger_phrase' },
    );
  }
  return trimmed;
}

/**
 * The command in `text`, or undefined when the phrase does not occur where it counts (see the
 * module comment).
 */
export function findCommand(
  text: string | null | undefined,
  triggerPhrase: string,
): Command | undefined {
  if (!text) return undefined;
  const phrase = validateTriggerPhrase(triggerPhrase);
  const pattern = new RegExp(`${BEFORE}${escapeRegExp(phrase)}${AFTER}`, 'iu');
  const match = pattern.exec(maskNonProse(text));
  if (!match) return undefined;
  const after = text
    .slice(match.index + match[0].length)
    .replace(LEADING_PUNCTUATION, '')
    .trim();
  // `/gemini.` or `/gemini!` at the end of a sentence asks for nothing in particular.
  const rest = /^[\p{P}\s]*$/u.test(after) ? '' : after;
  const keyword = KEYWORD.exec(rest);
  if (keyword?.[1]) {
    return {
      kind: keyword[1].toLowerCase() as CommandKind,
      instruction: rest.slice(keyword[0].length).trim(),
      text: rest,
      index: match.index,
    };
  }
  return { kind: 'invoke', instruction: rest, text: rest, index: match.index };
}

/** Where the command was given, for the instruction used when it came without one. */
export type InstructionContext =
  | { scope: 'issue'; number: number }
  | { scope: 'pull_request'; number: number }
  | { scope: 'review_thread'; number: number; path: string; line: number | undefined }
  | { scope: 'review'; number: number };

/**
 * The instruction for a bare `/gemini` (or `/gemini review` without guidance), or for an automatic
 * review or triage: the obvious task for the place the run is about (a maintenance run on an issue
 * gets the invoke one). The trigger marks it `instructionSource: 'default'` so reports can say so.
 */
export function defaultInstruction(mode: RunMode, context: InstructionContext): string {
  if (mode === 'review') return `Review pull request #${context.number}.`;
  if (mode === 'triage') {
    const what = context.scope === 'issue' ? 'issue' : 'pull request';
    return `Triage ${what} #${context.number}.`;
  }
  switch (context.scope) {
    case 'issue':
      return `Look into issue #${context.number} and resolve what it reports or requests.`;
    case 'pull_request':
      return `Look at pull request #${context.number} and its discussion, and address the latest request in it.`;
    case 'review_thread': {
      const where = context.line === undefined ? context.path : `${context.path}:${context.line}`;
      return `Address the review comment thread on ${where} in pull request #${context.number}.`;
    }
    case 'review':
      return `Address the feedback of this review of pull request #${context.number}.`;
  }
}

/**
 * `text` with everything that is not the comment's own prose replaced by spaces (newlines kept),
 * so offsets still point into the original.
 */
export function maskNonProse(text: string): string {
  const lines = splitLines(text);
  const masked: string[] = [];
  let fence: { char: string; length: number } | undefined;
  let inQuote = false;
  let previousBlank = true;
  let inIndentedCode = false;
  for (const line of lines) {
    const content = line.replace(/\r?\n$/, '');
    const blank = content.trim() === '';
    if (fence) {
      masked.push(blankOut(line));
      if (isClosingFence(content, fence)) fence = undefined;
      continue;
    }
    const opening = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(content);
    if (opening?.[1] && !(opening[1].startsWith('`') && opening[2]?.includes('`'))) {
      fence = { char: opening[1].charAt(0), length: opening[1].length };
      masked.push(blankOut(line));
      inQuote = false;
      inIndentedCode = false;
      previousBlank = false;
      continue;
    }
    // A quote runs until a blank line; lines without `>` inside it are lazy continuations.
    if (/^ {0,3}>/.test(content) || (inQuote && !blank)) {
      inQuote = true;
      masked.push(blankOut(line));
      previousBlank = false;
      continue;
    }
    inQuote = false;
    // An indented code block can only start after a blank line (a paragraph would absorb it).
    const indented = /^( {4}|\t)/.test(content);
    if (!blank && indented && (previousBlank || inIndentedCode)) {
      inIndentedCode = true;
      masked.push(blankOut(line));
      previousBlank = false;
      continue;
    }
    if (!blank) inIndentedCode = false;
    masked.push(line);
    previousBlank = blank;
  }
  return maskInline(masked.join(''));
}

function splitLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
}

function isClosingFence(content: string, fence: { char: string; length: number }): boolean {
  const match = /^ {0,3}(`{3,}|~{3,})\s*$/.exec(content);
  return !!match?.[1] && match[1].charAt(0) === fence.char && match[1].length >= fence.length;
}

function blankOut(text: string): string {
  return text.replace(/[^\r\n]/g, ' ');
}

/**
 * Inline code spans and HTML comments, scanned left to right so whichever starts first wins.
 * A backslash escapes the next character; an unmatched backtick run is literal text.
 */
function maskInline(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const char = text.charAt(i);
    if (char === '\\') {
      out += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      const stop = end === -1 ? text.length : end + 3;
      out += blankOut(text.slice(i, stop));
      i = stop;
      continue;
    }
    if (char === '`') {
      const run = /^`+/.exec(text.slice(i))?.[0] ?? '`';
      const close = findClosingRun(text, i + run.length, run.length);
      if (close === -1) {
        out += run;
        i += run.length;
      } else {
        out += blankOut(text.slice(i, close + run.length));
        i = close + run.length;
      }
      continue;
    }
    out += char;
    i += 1;
  }
  return out;
}

/** The start of the next backtick run of exactly `length`, within the same paragraph. */
function findClosingRun(text: string, from: number, length: number): number {
  const pattern = /`+|\n[ \t]*\n/g;
  pattern.lastIndex = from;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match[0].startsWith('\n')) return -1;
    if (match[0].length === length) return match.index;
  }
  return -1;
}
