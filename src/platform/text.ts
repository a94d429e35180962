/** Small text helpers every layer uses, defined once so their output is the same everywhere. */

/** `1 finding`, `3 findings`: a count with its noun (nouns with a regular plural only). */
export function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}`;
}

/** `plural` with the count's thousands grouped: `12,345 tokens`. */
export function groupedPlural(count: number, noun: string): string {
  return `${groupDigits(count)} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * The text on one line: runs of whitespace (newlines included) become one space, and the ends are
 * trimmed unless `trim` is false (a quoted piece of source keeps its spaces at the ends).
 */
export function oneLine(text: string, options: { trim?: boolean } = {}): string {
  const line = text.replace(/\s+/gu, ' ');
  return options.trim === false ? line : line.trim();
}

/** The text cut to at most `max` characters, the last of them `…` where it was cut. */
export function ellipsize(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The value if it is a string with more than whitespace in it (untrimmed), else `undefined`. */
export function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/**
 * `text` as a regular expression that matches it literally. Only syntax characters and `/` are
 * escaped, so the result is valid with and without the `u` flag.
 */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/gu, '\\$&');
}

/**
 * How a duration is worded; each is the wording its messages have always had:
 * - `compact`: `500ms`, `1.5s`, `1m 30s`, `30m`, `1h 1m` (a run's limits and times);
 * - `whole-seconds`: `0s`, `45s`, `62m 3s` (the maintenance report's run time);
 * - `spaced`: `300 ms`, `2 s`, `10 minutes`, exact limits as written in settings;
 * - `gemini-cli`: `0.5 seconds`, `1 second`, `5.0 minutes`, as the Gemini CLI's shell tool says them.
 */
export type DurationStyle = 'compact' | 'whole-seconds' | 'spaced' | 'gemini-cli';

/** `ms` milliseconds in words for a person, in the `style` of the message it goes into. */
export function formatDuration(ms: number, style: DurationStyle = 'compact'): string {
  switch (style) {
    case 'compact':
      return compactDuration(ms);
    case 'whole-seconds': {
      const seconds = Math.max(0, Math.round(ms / 1000));
      const minutes = Math.floor(seconds / 60);
      return minutes > 0 ? `${minutes}m ${seconds % 60}s` : `${seconds}s`;
    }
    case 'spaced':
      if (ms >= 60_000 && ms % 60_000 === 0) {
        return `${ms / 60_000} minute${ms === 60_000 ? '' : 's'}`;
      }
      if (ms >= 1000 && ms % 1000 === 0) return `${ms / 1000} s`;
      return `${ms} ms`;
    case 'gemini-cli': {
      if (ms >= 60_000) return `${(ms / 60_000).toFixed(1)} minutes`;
      const seconds = ms / 1000;
      return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
    }
  }
}

function compactDuration(ms: number): string {
  if (ms < 1000) return `${ms}ms`;
  if (ms < 60_000) return `${Number((ms / 1000).toFixed(1))}s`;
  const totalSeconds = Math.round(ms / 1000);
  const hours = Math.floor(totalSeconds / 3600);
  const minutes = Math.floor((totalSeconds % 3600) / 60);
  const seconds = totalSeconds % 60;
  const parts = [hours > 0 ? `${hours}h` : '', `${minutes}m`, seconds > 0 ? `${seconds}s` : ''];
  return parts.filter(Boolean).join(' ');
}

/**
 * `12,345`: an integer with its thousands grouped as `toLocaleString('en-US')` writes it, without
 * ICU, whose data takes 7–15 ms to load on the first use in a process (once at every start, for a
 * label built when a module loads). Other numbers are left to ICU.
 */
export function groupDigits(value: number): string {
  if (!Number.isSafeInteger(value) || Object.is(value, -0)) return value.toLocaleString('en-US');
  const grouped = String(Math.abs(value)).replace(/\B(?=(\d{3})+$)/gu, ',');
  return value < 0 ? `-${grouped}` : grouped;
}

/**
 * Characters that act on a terminal or a log viewer instead of showing: the C0 controls other
 * than tab and newline (ESC opens cursor moves, screen clears, OSC 8 links and OSC 52 clipboard
 * writes; CR returns to the start of the line, so later text hides earlier text; the runner
 * also reads a CR as the end of a line), DEL, the C1 controls (0x9B is a one-character CSI to
 * some terminals), and the bidirectional controls that reorder what a reader sees. Zero-width
 * characters stay: they move nothing, and joiners carry meaning in emoji and in some scripts.
 */
/* eslint-disable no-control-regex -- matching control characters is the point */
const ACTIVE_CHARACTER =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/u;
const ACTIVE_CHARACTERS =
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
/* eslint-enable no-control-regex */

/**
 * Text from outside the program (a repository, a pull request, a manifest, the model, a tool)
 * made inert for a terminal and for the runner's log, every character still visible: line
 * endings become `\n` (a lone CR too, so it starts a line a reader sees rather than overwriting
 * one), a C0 control becomes its Unicode control picture (ESC shows as `␛`, so `\x1b[2J` prints
 * as `␛[2J`), DEL as `␡`, and a C1 or bidirectional control as `⟨U+202E⟩`. Tab and newline stay.
 * Idempotent, and the identity on text without such characters.
 */
export function neutralText(text: string): string {
  if (!ACTIVE_CHARACTER.test(text)) return text;
  return text.replace(/\r\n?/gu, '\n').replace(ACTIVE_CHARACTERS, revealCharacter);
}

function revealCharacter(character: string): string {
  const code = character.charCodeAt(0);
  if (code < 0x20) return String.fromCharCode(0x2400 + code);
  if (code === 0x7f) return '\u2421';
  return `⟨U+${code.toString(16).toUpperCase().padStart(4, '0')}⟩`;
}

/**
 * What JSON.stringify leaves raw although a terminal acts on it: DEL, the C1 controls and the
 * bidirectional controls (it escapes only the C0 controls), and the line and paragraph
 * separators some readers take for line breaks.
 */
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/gu;

/**
 * `JSON.stringify(value, null, indent)` with every character a terminal could act on written as
 * a `\uXXXX` escape: the same JSON value, printable as it stands. Such characters only ever
 * occur inside strings of JSON.stringify's output, where the escape means the same character.
 */
export function inertJson(value: object, indent?: number): string {
  return JSON.stringify(value, null, indent).replace(
    RAW_IN_JSON,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
