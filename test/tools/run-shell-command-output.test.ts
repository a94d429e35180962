// How the shell tool turns raw output bytes into what the model reads.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AnsiStripper,
  DEFAULT_MAX_OUTPUT_CHARS,
  ShellOutput,
  formatBytes,
  stripAnsi,
} from '../../src/tools/shell-output.js';

function collect(chunks: (string | Buffer)[], maxChars?: number): ShellOutput {
  const output = new ShellOutput(maxChars === undefined ? {} : { maxChars });
  for (const chunk of chunks) output.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  output.finish();
  return output;
}

describe('stripAnsi', () => {
  it.each([
    ['\x1b[1;31mred\x1b[0m', 'red'],
    ['\x1b]0;window title\x07text', 'text'],
    ['\x1b]8;;https://example.com\x1b\\link\x1b]8;;\x1b\\', 'link'],
    ['\x1b(Bplain\x1b=', 'plain'],
    ['\x1b[2K\x1b[1Gprogress', 'progress'],
    ['no escapes', 'no escapes'],
  ])('%j → %j', (input, expected) => {
    expect(stripAnsi(input)).toBe(expected);
  });
});

describe('AnsiStripper', () => {
  it('removes sequences split across chunks', () => {
    const text = 'a\x1b[38;5;196mb\x1b]0;title\x1b\\c\x1b[0md';
    for (let cut = 0; cut <= text.length; cut += 1) {
      const stripper = new AnsiStripper();
      const out =
        stripper.push(text.slice(0, cut)) + stripper.push(text.slice(cut)) + stripper.flush();
      expect(out, `cut at ${cut}`).toBe('abcd');
    }
  });

  it('shows an escape sequence that never finished', () => {
    const stripper = new AnsiStripper();
    expect(stripper.push('end\x1b[')).toBe('end');
    expect(stripper.flush()).toBe('\x1b[');
  });
});

describe('ShellOutput', () => {
  it('decodes UTF-8 characters split across chunks', () => {
    const bytes = Buffer.from('héllo wörld ✓');
    const output = collect([bytes.subarray(0, 2), bytes.subarray(2, 13), bytes.subarray(13)]);
    expect(output.text()).toBe('héllo wörld ✓');
  });

  it('trims surrounding whitespace', () => {
    expect(collect(['\n  hello\n', 'world  \n\n']).text()).toBe('hello\nworld');
  });

  it('is empty for no output', () => {
    expect(collect([]).text()).toBe('');
  });

  it('keeps output up to the limit whole', () => {
    const text = 'x'.repeat(DEFAULT_MAX_OUTPUT_CHARS);
    expect(collect([text]).text()).toBe(text);
  });

  it('keeps the first 20% and the last 80% of longer output, saying how much was cut', () => {
    const output = collect(['0123456789', 'abcdefghij', 'ABCDEFGHIJ'], 10);
    expect(output.text()).toBe('01\n\n... [20 characters omitted] ...\n\nCDEFGHIJ');
  });

  it('cuts any output the same way, however it arrives', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.string({ unit: 'binary-ascii', maxLength: 30 }).filter((s) => !s.includes('\0')),
        ),
        fc.integer({ min: 5, max: 60 }),
        (chunks, maxChars) => {
          // Escape sequences are covered above; here only the cutting is checked.
          const plain = chunks.map((chunk) => chunk.replaceAll('\x1b', ''));
          const whole = plain.join('');
          const output = collect(plain, maxChars);
          const head = Math.floor(maxChars * 0.2);
          const tail = maxChars - head;
          const expected =
            whole.length <= maxChars
              ? whole.trim()
              : `${whole.slice(0, head).trimStart()}\n\n... [${(whole.length - maxChars).toLocaleString('en-US')} characters omitted] ...\n\n${whole.slice(-tail).trimEnd()}`;
          expect(output.text()).toBe(expected);
        },
      ),
    );
  });

  it('summarises binary output and keeps the text before it', () => {
    const output = collect(['compiling...\n', Buffer.from([0x89, 0x50, 0x00, 0x01]), 'more']);
    expect(output.isBinary).toBe(true);
    expect(output.text()).toBe('compiling...\n[Binary output detected: 21 B received, not shown.]');
    expect(output.liveText()).toBe('[Receiving binary output... 21 B received]');
  });

  it('treats a NUL byte after the first 4 KB as text', () => {
    const output = collect(['a'.repeat(5000), Buffer.from([0x00]), 'b']);
    expect(output.isBinary).toBe(false);
    expect(output.text()).toBe(`${'a'.repeat(5000)}\u0000b`);
  });
});

describe('formatBytes', () => {
  it.each([
    [512, '512 B'],
    [1536, '1.5 KB'],
    [52_428_800, '50.0 MB'],
  ])('%d → %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });
});
