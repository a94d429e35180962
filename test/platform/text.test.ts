import { describe, expect, it } from 'vitest';
import { neutralSink, rawSink, streamLogger } from '../../src/platform/logger.js';
import {
  escapeRegExp,
  formatDuration,
  groupDigits,
  groupedPlural,
  inertJson,
  neutralText,
  oneLine,
  plural,
} from '../../src/platform/text.js';

describe('text helpers', () => {
  it('counts with the noun in the right number', () => {
    expect(plural(0, 'finding')).toBe('0 findings');
    expect(plural(1, 'finding')).toBe('1 finding');
    expect(plural(2, 'tool call')).toBe('2 tool calls');
    expect(groupedPlural(1, 'token')).toBe('1 token');
    expect(groupedPlural(12_345, 'token')).toBe('12,345 tokens');
  });

  it('puts text on one line', () => {
    expect(oneLine('  fatal: refused\n\thint:  retry \r\n')).toBe('fatal: refused hint: retry');
    expect(oneLine(' cat <<EOF\nx\nEOF\n', { trim: false })).toBe(' cat <<EOF x EOF ');
  });

  it('words a duration in the style of the message it goes into', () => {
    const cases: [number, string, string, string, string][] = [
      // ms, compact, whole-seconds, spaced, gemini-cli
      [300, '300ms', '0s', '300 ms', '0.3 seconds'],
      [1000, '1s', '1s', '1 s', '1 second'],
      [1500, '1.5s', '2s', '1500 ms', '1.5 seconds'],
      [60_000, '1m', '1m 0s', '1 minute', '1.0 minutes'],
      [90_000, '1m 30s', '1m 30s', '90 s', '1.5 minutes'],
      [600_000, '10m', '10m 0s', '10 minutes', '10.0 minutes'],
      [3_660_000, '1h 1m', '61m 0s', '61 minutes', '61.0 minutes'],
    ];
    for (const [ms, compact, wholeSeconds, spaced, geminiCli] of cases) {
      expect(formatDuration(ms)).toBe(compact);
      expect(formatDuration(ms, 'whole-seconds')).toBe(wholeSeconds);
      expect(formatDuration(ms, 'spaced')).toBe(spaced);
      expect(formatDuration(ms, 'gemini-cli')).toBe(geminiCli);
    }
  });

  it.each(['', 'u', 'g', 'iu'])(
    'escapes a literal so it matches only itself (flags %j)',
    (flags) => {
      const literal = 'a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o/p-q';
      const pattern = new RegExp(`^${escapeRegExp(literal)}$`, flags);
      expect(pattern.test(literal)).toBe(true);
      expect(pattern.test(literal.replace('.', 'X'))).toBe(false);
    },
  );

  it('groups thousands as toLocaleString does, for every size of integer and sign', () => {
    const values = [0, -0, 7, -7, 999, 1000, -1000, 65_535, 999_999, 1_000_000, -12_345_678];
    for (let digits = 1; digits <= 16; digits += 1) {
      values.push(Number('9'.repeat(digits)), -Number('1'.padEnd(digits, '0')));
    }
    values.push(Number.MAX_SAFE_INTEGER, 2 ** 53, 1.5, -0.25, 1e21, Number.NaN, Infinity);
    for (const value of values) {
      expect([value, groupDigits(value)]).toEqual([value, value.toLocaleString('en-US')]);
    }
  });
});

describe('neutral text', () => {
  it('shows every control character instead of letting a terminal act on it', () => {
    expect(neutralText('a\u001b[2Jb')).toBe('a␛[2Jb');
    expect(neutralText('\u001b]52;c;cHduZWQ=\u0007')).toBe('␛]52;c;cHduZWQ=␇');
    expect(neutralText('x\u007fy\u009b1m')).toBe('x␡y⟨U+009B⟩1m');
    expect(neutralText('evil\u202eexe.txt')).toBe('evil⟨U+202E⟩exe.txt');
    expect(neutralText('\u0000\b')).toBe('␀␈');
  });

  it('keeps tabs and newlines, and makes every line break a newline', () => {
    expect(neutralText('a\tb\nc')).toBe('a\tb\nc');
    expect(neutralText('one\r\ntwo\rthree')).toBe('one\ntwo\nthree');
  });

  it('leaves ordinary text, emoji sequences and zero-width joiners alone, and is idempotent', () => {
    for (const text of ['plain', 'über 東京 👩‍👩‍👧 🏳️‍🌈', 'a\u200db', '', '%0A::x']) {
      expect(neutralText(text)).toBe(text);
    }
    const once = neutralText('\u001b[31m\r\u009b\u2066');
    expect(neutralText(once)).toBe(once);
  });

  it('writes JSON whose characters a terminal would act on are escapes of the same value', () => {
    const value = { text: 'a\u001b[2J\u009b\u202e\u2028b', n: 1 };
    const json = inertJson(value);
    // eslint-disable-next-line no-control-regex -- the assertion is about control characters
    expect(json).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u202e\u2028]/);
    expect(JSON.parse(json)).toEqual(value);
    expect(inertJson({ a: [1] }, 2)).toBe(JSON.stringify({ a: [1] }, null, 2));
  });
});

describe('neutral sinks', () => {
  it('make every write neutral, keep the terminal facts, and wrap once', () => {
    const written: string[] = [];
    const below = { write: (text: string) => written.push(text), isTTY: true, columns: 120 };
    const sink = neutralSink(below);
    sink.write('a\u001b[2J\r\n');
    expect(written).toEqual(['a␛[2J\n']);
    expect(sink.isTTY).toBe(true);
    expect(sink.columns).toBe(120);
    expect(neutralSink(sink)).toBe(sink);
    expect(rawSink(sink)).toBe(below);
    expect(rawSink(below)).toBe(below);
  });

  it('back the stream logger, whatever the message holds', () => {
    const written: string[] = [];
    const logger = streamLogger({ write: (text: string) => written.push(text) });
    logger.warning('manifest 1.0\u001b]8;;https://evil.test\u0007click\u001b]8;;\u0007');
    expect(written).toEqual(['warning: manifest 1.0␛]8;;https://evil.test␇click␛]8;;␇\n']);
  });
});
