import { createPartFromFunctionResponse } from '@google/genai';
import type { Content } from '@google/genai';
import { describe, expect, it } from 'vitest';
import {
  COMPRESSION_ACK,
  compressHistory,
  findCompressionSplit,
  needsCompression,
  resolveCompression,
  tokenLimitForModel,
} from '../../src/agent/compression.js';
import { ConfigurationError } from '../../src/platform/errors.js';
import { ScriptedGenerator, call, reply, text } from './support/scripted-generator.js';

const user = (value: string): Content => ({ role: 'user', parts: [{ text: value }] });
const model = (value: string): Content => ({ role: 'model', parts: [{ text: value }] });
const modelCall = (id: string): Content => ({
  role: 'model',
  parts: [call('read_file', { path: id }, { id })],
});
const answer = (id: string, size = 10): Content => ({
  role: 'user',
  parts: [createPartFromFunctionResponse(id, 'read_file', { output: 'x'.repeat(size) })],
});

describe('findCompressionSplit', () => {
  it('never starts the tail at a function response: it moves on to the model call after it', () => {
    const history = [
      user('env'),
      model('ack'),
      user('task'),
      modelCall('a'),
      answer('a', 500),
      modelCall('b'),
      answer('b', 500),
      modelCall('c'),
      answer('c', 100),
    ];
    const split = findCompressionSplit(history, 0.3);
    expect(split).toBe(7);
    expect(history[split ?? 0]?.role).toBe('model');
  });

  it('splits before a plain user message when that comes first', () => {
    const history = [
      user('env'),
      model('ack'),
      user('x'.repeat(500)),
      model('y'.repeat(500)),
      user('follow-up'),
      modelCall('a'),
      answer('a'),
    ];
    expect(findCompressionSplit(history, 0.3)).toBe(4);
    expect(history[4]).toEqual(user('follow-up'));
  });

  it('falls back to the latest valid start when none lies past the target', () => {
    const history = [user('env'), model('ack'), user('task'), modelCall('a'), answer('a', 5000)];
    expect(findCompressionSplit(history, 0.3)).toBe(3);
  });

  it('gives up when too little would be summarised', () => {
    expect(
      findCompressionSplit([user('task'), modelCall('a'), answer('a', 5000)], 0.3),
    ).toBeUndefined();
  });
});

describe('compressHistory', () => {
  it('adds the acknowledgement when the tail starts with a user message', async () => {
    const history = [
      user('env'),
      model('ack'),
      user('x'.repeat(2000)),
      model('y'.repeat(2000)),
      user('next task'),
      model('ok'),
    ];
    const generator = new ScriptedGenerator([reply([text('SUMMARY')])]);
    const result = await compressHistory({
      history,
      generator,
      model: 'gemini-2.5-flash',
      promptId: 'p',
      signal: new AbortController().signal,
      preserveFraction: 0.3,
      tokensBefore: 1234,
    });
    expect(result.history).toEqual([
      user('SUMMARY'),
      model(COMPRESSION_ACK),
      user('next task'),
      model('ok'),
    ]);
    expect(result.tokensBefore).toBe(1234);
    const chars = result.history.reduce((sum, content) => sum + JSON.stringify(content).length, 0);
    expect(result.tokensAfterEstimate).toBe(Math.ceil(chars / 4));
    // The summarised part ends with a model content, so the request becomes a new user content.
    expect(generator.requests[0]?.request.contents).toEqual([
      ...history.slice(0, 4),
      user('Write the <state_snapshot> of our work so far now.'),
    ]);
  });

  it('fails rather than replace history with an empty summary', async () => {
    const history = [
      user('env'),
      model('ack'),
      user('x'.repeat(2000)),
      model('y'.repeat(2000)),
      user('next'),
      model('ok'),
    ];
    const generator = new ScriptedGenerator([reply([{ text: 'thinking', thought: true }])]);
    await expect(
      compressHistory({
        history,
        generator,
        model: 'm',
        promptId: 'p',
        signal: new AbortController().signal,
        preserveFraction: 0.3,
        tokensBefore: 1,
      }),
    ).rejects.toThrow('empty summary');
  });
});

describe('compression options', () => {
  it('uses the 1M-token window of Gemini 2.5 and 3 and the default fractions', () => {
    expect(tokenLimitForModel('gemini-2.5-test')).toBe(1_048_576);
    expect(tokenLimitForModel('models/gemini-3-pro-preview')).toBe(1_048_576);
    expect(resolveCompression('gemini-2.5-flash')).toEqual({
      tokenLimit: 1_048_576,
      threshold: 0.7,
      preserveFraction: 0.3,
    });
    expect(needsCompression(734_004, resolveCompression('gemini-2.5-flash'))).toBe(true);
    expect(needsCompression(734_003, resolveCompression('gemini-2.5-flash'))).toBe(false);
  });

  it('rejects fractions that cannot work', () => {
    expect(() => resolveCompression('m', { threshold: 0 })).toThrow(ConfigurationError);
    expect(() => resolveCompression('m', { preserveFraction: 1 })).toThrow(/preserveFraction/);
    expect(() => resolveCompression('m', { tokenLimit: -5 })).toThrow(/tokenLimit/);
  });
});
