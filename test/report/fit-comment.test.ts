import { describe, expect, it } from 'vitest';
import type { LinesBlock } from '../../src/report/fit-comment.js';
import {
  characters,
  cutMarkdown,
  fitMarkdown,
  fitSections,
  shrinkLinesBlock,
  utf8Bytes,
} from '../../src/report/fit-comment.js';
import { structureProblems } from './agent-events.js';

describe('cutMarkdown', () => {
  it('cuts between lines and closes an open code fence and details block before the note', () => {
    const text = [
      'Intro',
      '<details><summary>Log</summary>',
      '',
      '````text',
      ...Array.from({ length: 100 }, (_, i) => `log line ${i}`),
      '````',
      '',
      '</details>',
      'Outro',
    ].join('\n');
    const cut = cutMarkdown(text, 300, { note: '> cut' });
    expect(cut.length).toBeLessThanOrEqual(300);
    expect(structureProblems(cut)).toEqual([]);
    expect(cut).toMatch(/log line \d+\n````\n\n<\/details>\n\n> cut$/);
    // Whole lines only.
    expect(
      cut
        .split('\n')
        .filter((l) => l.startsWith('log line'))
        .every((l) => /^log line \d+$/.test(l)),
    ).toBe(true);
  });

  it('treats a shorter or different fence inside a block as content', () => {
    const text = [
      '````md',
      '```',
      'inner',
      '~~~',
      ...Array.from({ length: 50 }, () => 'x'.repeat(20)),
    ].join('\n');
    const cut = cutMarkdown(text, 200, { note: 'n' });
    expect(cut).toMatch(/\n````\n\nn$/);
    expect(structureProblems(cut)).toEqual([]);
  });

  it('never exceeds the limit, even when not even the note fits', () => {
    expect(cutMarkdown('a\nb\nc', 3, { note: 'a long note' })).toBe('a l');
    // Whole lines or nothing; and the last-resort cut never splits a surrogate pair.
    expect(cutMarkdown('😀😀😀', 3, { note: '' })).toBe('');
    expect(cutMarkdown('x', 3, { note: '😀😀' })).toBe('😀');
  });

  it('keeps the beginning of a line too long to keep whole, cut between words', () => {
    const paragraph = Array.from({ length: 2000 }, (_, i) => `w${i}`).join(' ');
    const cut = cutMarkdown(`Title\n${paragraph}\nLast`, 1000, { note: '> rest in the artifact' });
    expect(cut.length).toBeLessThanOrEqual(1000);
    expect(cut).toMatch(/^Title\nw0 w1 w2 w3 .* w\d+…\n\n> rest in the artifact$/);
    expect(cut).not.toContain('Last');
    // Shorter lines are still kept whole or not at all.
    expect(cutMarkdown(`a\n${'b'.repeat(150)}`, 100, { note: 'n' })).toBe('a\n\nn');
  });

  it('holds a byte limit in multi-byte text, never splitting a character', () => {
    const paragraph = 'ünïcödé 😀 漢字 '.repeat(500);
    const cut = cutMarkdown(paragraph, 700, { note: '> cut', measure: utf8Bytes });
    expect(utf8Bytes(cut)).toBeLessThanOrEqual(700);
    expect(utf8Bytes(cut)).toBeGreaterThan(600);
    expect(cut.startsWith('ünïcödé 😀 漢字 ünïcödé')).toBe(true);
    expect(cut.endsWith('…\n\n> cut')).toBe(true);
    expect(Buffer.from(cut, 'utf8').toString('utf8')).toBe(cut);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });

  it('counts bytes when asked', () => {
    const text = Array(10).fill('ééééé').join('\n');
    const cut = cutMarkdown(text, 40, { note: 'n', measure: utf8Bytes });
    expect(utf8Bytes(cut)).toBeLessThanOrEqual(40);
    expect(cut).toBe('ééééé\nééééé\nééééé\n\nn');
  });
});

describe('fitMarkdown', () => {
  it('leaves a document that fits alone', () => {
    expect(fitMarkdown('```\nopen', { limit: 100, note: 'n' })).toBe('```\nopen');
  });
});

describe('shrinkLinesBlock', () => {
  const block: LinesBlock = {
    before: '<details><summary>Calls</summary>\n\n',
    lines: Array.from({ length: 10 }, (_, i) => `- call ${i}`),
    after: '\n\n</details>',
    note: (omitted) => `> ${omitted} more`,
  };

  it('keeps the leading lines that fit and says how many were left out', () => {
    const shrunk = shrinkLinesBlock(block, 90, characters);
    expect(shrunk.length).toBeLessThanOrEqual(90);
    expect(shrunk).toBe(
      '<details><summary>Calls</summary>\n\n- call 0\n- call 1\n- call 2\n\n</details>\n\n> 7 more',
    );
  });

  it('is unchanged when it fits, and just the note when no line fits', () => {
    expect(shrinkLinesBlock(block, 10_000, characters)).not.toContain('more');
    expect(shrinkLinesBlock(block, 5, characters)).toBe('> 10 more');
  });
});

describe('fitSections', () => {
  const lines = (name: string, count: number): LinesBlock => ({
    before: '',
    lines: Array.from({ length: count }, (_, i) => `${name} ${i} ${'.'.repeat(20)}`),
    after: '',
    note: (omitted) => `${omitted} ${name} lines cut`,
  });
  const section = (block: LinesBlock, shrinkOrder: number) => ({
    text: block.lines.join('\n'),
    shrinkOrder,
    shrink: (max: number) => shrinkLinesBlock(block, max, characters),
  });

  it('shrinks sections in order, only as far as needed', () => {
    const fitted = fitSections(
      [
        { text: 'HEADER' },
        section(lines('summary', 10), 3),
        section(lines('transcript', 10), 2),
        section(lines('diff', 10), 1),
        { text: 'FOOTER' },
      ],
      { limit: 600, note: 'whole cut' },
    );
    expect(fitted.length).toBeLessThanOrEqual(600);
    expect(fitted.startsWith('HEADER\n\nsummary 0')).toBe(true);
    expect(fitted.endsWith('FOOTER')).toBe(true);
    expect(fitted).toContain('10 diff lines cut');
    expect(fitted).toMatch(/transcript 0 .*\n[^]*\d transcript lines cut/);
    expect(fitted).not.toContain('summary lines cut');
    expect(fitted.match(/^summary \d+/gm)).toHaveLength(10);
    expect(fitted).not.toContain('whole cut');
  });

  it('cuts the whole document as a last resort when fixed sections are too big', () => {
    const fitted = fitSections([{ text: 'x'.repeat(500) }, { text: 'tail' }], {
      limit: 100,
      note: 'whole cut',
    });
    expect(fitted.length).toBeLessThanOrEqual(100);
  });
});
