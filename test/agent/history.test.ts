import { createPartFromFunctionResponse } from '@google/genai';
import { describe, expect, it } from 'vitest';
import {
  curateHistory,
  curateModelParts,
  isPlainUserContent,
  textOfParts,
} from '../../src/agent/history.js';
import { parseThought } from '../../src/agent/thought.js';

describe('curateModelParts', () => {
  it('drops thoughts and empty chunks and joins text split over chunks', () => {
    expect(
      curateModelParts([
        { text: '**Plan**', thought: true },
        {},
        { text: 'Hello, ' },
        { text: '' },
        { text: 'world.' },
        { functionCall: { name: 'read_file', args: { path: 'a' } } },
        { text: 'After.' },
      ]),
    ).toEqual([
      { text: 'Hello, world.' },
      { functionCall: { name: 'read_file', args: { path: 'a' } } },
      { text: 'After.' },
    ]);
  });

  it('keeps signatures on calls and text, and does not merge two signed text parts', () => {
    expect(
      curateModelParts([
        { text: 'one', thoughtSignature: 's1' },
        { text: 'two', thoughtSignature: 's2' },
        { functionCall: { name: 'f', args: {} }, thoughtSignature: 's3' },
        { functionCall: { name: 'g', args: {} } },
      ]),
    ).toEqual([
      { text: 'one', thoughtSignature: 's1' },
      { text: 'two', thoughtSignature: 's2' },
      { functionCall: { name: 'f', args: {} }, thoughtSignature: 's3' },
      { functionCall: { name: 'g', args: {} } },
    ]);
  });

  it('merges a signed text chunk into the unsigned text before it, keeping the signature', () => {
    expect(curateModelParts([{ text: 'a' }, { text: 'b', thoughtSignature: 's' }])).toEqual([
      { text: 'ab', thoughtSignature: 's' },
    ]);
  });

  it('moves a signature from a dropped thought or empty part to the next part without one', () => {
    expect(
      curateModelParts([
        { text: 'thinking', thought: true, thoughtSignature: 'from-thought' },
        { functionCall: { name: 'f', args: {} } },
      ]),
    ).toEqual([{ functionCall: { name: 'f', args: {} }, thoughtSignature: 'from-thought' }]);
    // A trailing empty part that only carries the signature gives it to the part before.
    expect(curateModelParts([{ text: 'Done.' }, { text: '', thoughtSignature: 'tail' }])).toEqual([
      { text: 'Done.', thoughtSignature: 'tail' },
    ]);
  });

  it('does not change the parts it was given', () => {
    const parts = [{ text: 'a' }, { text: 'b' }];
    curateModelParts(parts);
    expect(parts).toEqual([{ text: 'a' }, { text: 'b' }]);
  });
});

describe('curateHistory', () => {
  it('cleans model contents and drops those left empty; user contents pass through', () => {
    expect(
      curateHistory([
        { role: 'user', parts: [{ text: 'hi' }] },
        { role: 'model', parts: [{ text: 'thinking only', thought: true }] },
        { role: 'user', parts: [{ text: '' }] },
        { role: 'model', parts: [{ text: 'a' }, { text: 'b' }] },
      ]),
    ).toEqual([
      { role: 'user', parts: [{ text: 'hi' }] },
      { role: 'user', parts: [{ text: '' }] },
      { role: 'model', parts: [{ text: 'ab' }] },
    ]);
  });
});

describe('small helpers', () => {
  it('tells plain user messages from tool results', () => {
    expect(isPlainUserContent({ role: 'user', parts: [{ text: 'x' }] })).toBe(true);
    expect(
      isPlainUserContent({
        role: 'user',
        parts: [createPartFromFunctionResponse('id', 'f', {}), { text: 'note' }],
      }),
    ).toBe(false);
    expect(isPlainUserContent({ role: 'model', parts: [{ text: 'x' }] })).toBe(false);
  });

  it('reads only visible text', () => {
    expect(textOfParts([{ text: 'a' }, { text: 'b', thought: true }, { text: 'c' }])).toBe('ac');
  });
});

describe('parseThought', () => {
  it('takes the first bold span as the subject and the rest as the description', () => {
    expect(parseThought('**Reading the tests**\n\nI need to find the failing case.')).toEqual({
      subject: 'Reading the tests',
      description: 'I need to find the failing case.',
    });
    expect(parseThought('Before **Subject** after **second**')).toEqual({
      subject: 'Subject',
      description: 'Before  after **second**',
    });
  });

  it('keeps everything as the description without a complete bold span', () => {
    expect(parseThought('  just thinking  ')).toEqual({
      subject: '',
      description: 'just thinking',
    });
    expect(parseThought('**unterminated')).toEqual({ subject: '', description: '**unterminated' });
  });
});
