/**
 * The output of a shell command as the model reads it: decoded as UTF-8, terminal escape codes
 * removed, binary output summarised rather than shown, and long output cut in the middle.
 *
 * Memory stays bounded whatever the command prints: only the first 20% and the last 80% of the
 * character budget are kept (a head that fills once and a rolling tail), plus a count of what
 * fell in between.
 */
import { TextDecoder } from 'node:util';
import { groupDigits } from '../platform/text.js';

/** Output longer than this keeps its first 20% and last 80% (the Gemini CLI's default). */
export const DEFAULT_MAX_OUTPUT_CHARS = 40_000;
const HEAD_FRACTION = 0.2;
/** A NUL byte this early in the output means the command printed binary data. */
const BINARY_SNIFF_BYTES = 4096;
/** The text between the kept head and tail of a cut output, saying how much was left out. */
export function omissionMarker(omittedChars: number): string {
  return `\n\n... [${groupDigits(omittedChars)} characters omitted] ...\n\n`;
}

/**
 * Text over `max` characters keeps its first 20% and last 80% around the omission marker (the end
 * of an output usually says how things ended): for whole texts, where `ShellOutput` handles a
 * stream.
 */
export function cutMiddle(text: string, max = DEFAULT_MAX_OUTPUT_CHARS): string {
  if (text.length <= max) return text;
  const head = Math.floor(max * HEAD_FRACTION);
  const tail = max - head;
  return `${text.slice(0, head)}${omissionMarker(text.length - head - tail)}${text.slice(-tail)}`;
}

/** An unfinished escape sequence longer than this is not one; it is shown as it is. */
const MAX_ESCAPE_LENGTH = 4096;

/**
 * Escape sequences a terminal interprets rather than shows: OSC (window titles, hyperlinks),
 * CSI (colours, cursor movement, erasing), and the short ESC sequences (charset selection,
 * keypad modes, save/restore cursor).
 */
const ESCAPE_SEQUENCE =
  // eslint-disable-next-line no-control-regex
  /\x1b\][^\x07\x1b]*(?:\x07|\x1b\\)|(?:\x1b\[|\x9b)[0-?]*[ -/]*[@-~]|\x1b[ -/]*[0-~]/g;
/** The start of an escape sequence whose end has not arrived yet. */
// eslint-disable-next-line no-control-regex
const UNFINISHED_ESCAPE = /^(?:\x1b\][^\x07\x1b]*\x1b?|(?:\x1b\[|\x9b)[0-?]*[ -/]*|\x1b[ -/]*)$/;

/** Removes escape sequences from text that arrives in pieces, which may split a sequence. */
export class AnsiStripper {
  private carry = '';

  push(text: string): string {
    let combined = this.carry + text;
    this.carry = '';
    const start = unfinishedEscapeStart(combined);
    if (start !== -1) {
      this.carry = combined.slice(start);
      combined = combined.slice(0, start);
    }
    return stripAnsi(combined);
  }

  /** What is held back at the end: an escape sequence that never finished is shown as is. */
  flush(): string {
    const rest = this.carry;
    this.carry = '';
    return rest;
  }
}

/**
 * Where an escape sequence starts that the text ends in the middle of, or -1. The last escape
 * character may itself be the first half of an OSC terminator (`ESC \\`), so the one before it
 * is tried first.
 */
function unfinishedEscapeStart(text: string): number {
  const last = lastEscape(text, text.length - 1);
  if (last === -1) return -1;
  const previous = lastEscape(text, last - 1);
  for (const start of [previous, last]) {
    if (start === -1 || text.length - start > MAX_ESCAPE_LENGTH) continue;
    if (UNFINISHED_ESCAPE.test(text.slice(start))) return start;
  }
  return -1;
}

function lastEscape(text: string, from: number): number {
  if (from < 0) return -1;
  return Math.max(text.lastIndexOf('\x1b', from), text.lastIndexOf('\x9b', from));
}

export function stripAnsi(text: string): string {
  if (!text.includes('\x1b') && !text.includes('\x9b')) return text;
  return text.replace(ESCAPE_SEQUENCE, '');
}

/** `512 B`, `1.5 KB`, `52.0 MB`. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export interface ShellOutputOptions {
  /** Default `DEFAULT_MAX_OUTPUT_CHARS`. */
  maxChars?: number;
}

type StreamName = 'stdout' | 'stderr';

/** Collects a command's output as it arrives, in arrival order. */
export class ShellOutput {
  private readonly headLimit: number;
  private readonly tailLimit: number;
  private readonly decoders = new Map<StreamName, TextDecoder>();
  private readonly strippers = new Map<StreamName, AnsiStripper>();
  private head = '';
  private tail = '';
  private totalChars = 0;
  private totalBytes = 0;
  private binary = false;

  constructor(options: ShellOutputOptions = {}) {
    const maxChars = Math.max(1, Math.floor(options.maxChars ?? DEFAULT_MAX_OUTPUT_CHARS));
    this.headLimit = Math.floor(maxChars * HEAD_FRACTION);
    this.tailLimit = maxChars - this.headLimit;
  }

  /** True once the output turned out to be binary; later bytes are only counted. */
  get isBinary(): boolean {
    return this.binary;
  }

  push(chunk: Buffer, stream: StreamName = 'stdout'): void {
    const before = this.totalBytes;
    this.totalBytes += chunk.length;
    if (this.binary) return;
    if (before < BINARY_SNIFF_BYTES && chunk.subarray(0, BINARY_SNIFF_BYTES - before).includes(0)) {
      this.binary = true;
      return;
    }
    this.append(this.stripper(stream).push(this.decoder(stream).decode(chunk, { stream: true })));
  }

  /** Call once the streams have ended: flushes partial characters and unfinished escapes. */
  finish(): void {
    if (this.binary) return;
    for (const stream of ['stdout', 'stderr'] as const) {
      const decoder = this.decoders.get(stream);
      if (!decoder) continue;
      const stripper = this.stripper(stream);
      this.append(stripper.push(decoder.decode()) + stripper.flush());
    }
  }

  /** The output for the model: trimmed, cut in the middle when long; `''` when there is none. */
  text(): string {
    const full = this.totalChars <= this.headLimit + this.tailLimit;
    let text: string;
    if (full) {
      text = (this.head + this.tail).trim();
    } else {
      const omitted = this.totalChars - this.head.length - this.tail.length;
      text = `${this.head.trimStart()}${omissionMarker(omitted)}${this.tail.trimEnd()}`;
    }
    if (!this.binary) return text;
    const summary = `[Binary output detected: ${formatBytes(this.totalBytes)} received, not shown.]`;
    return text === '' ? summary : `${text}\n${summary}`;
  }

  /** What a watching human sees while the command runs. */
  liveText(): string {
    if (!this.binary) return this.text();
    return `[Receiving binary output... ${formatBytes(this.totalBytes)} received]`;
  }

  private append(text: string): void {
    if (text === '') return;
    this.totalChars += text.length;
    let rest = text;
    if (this.head.length < this.headLimit) {
      const room = this.headLimit - this.head.length;
      this.head += rest.slice(0, room);
      rest = rest.slice(room);
    }
    if (rest === '') return;
    let tail = this.tail + rest;
    if (tail.length > this.tailLimit) {
      tail = tail.slice(tail.length - this.tailLimit);
      // Never start with the second half of a surrogate pair.
      const first = tail.charCodeAt(0);
      if (first >= 0xdc00 && first <= 0xdfff) {
        tail = tail.slice(1);
      }
    }
    this.tail = tail;
  }

  private decoder(stream: StreamName): TextDecoder {
    let decoder = this.decoders.get(stream);
    if (!decoder) {
      decoder = new TextDecoder('utf-8');
      this.decoders.set(stream, decoder);
    }
    return decoder;
  }

  private stripper(stream: StreamName): AnsiStripper {
    let stripper = this.strippers.get(stream);
    if (!stripper) {
      stripper = new AnsiStripper();
      this.strippers.set(stream, stripper);
    }
    return stripper;
  }
}
