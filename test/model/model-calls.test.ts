// Each request to the model's API, as the model layer reports it: through the real @google/genai
// client against the fake Gemini server, inside the retries, so every attempt is one record.
import type { GenerateContentParameters } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { createContentGenerator } from '../../src/model/create-content-generator.js';
import { resolveModelAuth } from '../../src/model/model-auth.js';
import type { ModelCall } from '../../src/model/model-calls.js';
import { ModelCalls } from '../../src/model/model-calls.js';
import {
  collect,
  cutStream,
  chunk,
  httpError,
  instantRetry,
  textPart,
  textReply,
  usage,
  useFakeGemini,
} from '../support/fake-gemini.js';

const request: GenerateContentParameters = { model: 'gemini-2.5-flash', contents: 'Hi' };

async function reportingGenerator(url: string) {
  const calls: ModelCall[] = [];
  const generator = await createContentGenerator(
    resolveModelAuth({ GEMINI_API_KEY: 'key', GOOGLE_GEMINI_BASE_URL: url }),
    { retry: instantRetry(), onModelCall: (call) => calls.push(call) },
  );
  return { generator, calls };
}

describe('model call reports', () => {
  it('reports a streamed reply once it is read: model, prompt id, usage, finish reason, time', async () => {
    const server = await useFakeGemini([
      textReply('Hello', { usage: usage({ prompt: 120, candidates: 7, thoughts: 3, cached: 40 }) }),
    ]);
    const { generator, calls } = await reportingGenerator(server.url);
    const before = Date.now();

    await collect(await generator.generateContentStream(request, 'session########1'));

    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      model: 'gemini-2.5-flash',
      promptId: 'session########1',
      finishReasons: ['STOP'],
      usage: {
        promptTokenCount: 120,
        candidatesTokenCount: 7,
        thoughtsTokenCount: 3,
        cachedContentTokenCount: 40,
      },
    });
    expect(calls[0]?.error).toBeUndefined();
    expect(calls[0]?.startedAt).toBeGreaterThanOrEqual(before);
    expect(calls[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('reports every attempt of a retried request: the failures with their status, then the reply', async () => {
    const server = await useFakeGemini([
      httpError(503, 'overloaded'),
      cutStream([chunk([textPart('Hel')]), chunk([textPart('lo')])], { after: 1 }),
      textReply('Hello'),
    ]);
    const { generator, calls } = await reportingGenerator(server.url);

    await collect(await generator.generateContentStream(request, 'p'));

    expect(calls.map((call) => call.error?.kind ?? 'ok')).toEqual(['http', 'stream_cut', 'ok']);
    expect(calls[0]?.error).toMatchObject({ status: 503 });
    expect(calls[0]?.error?.message).toContain('overloaded');
  });

  it('reports a whole reply and a failed one of generateContent', async () => {
    const server = await useFakeGemini([textReply('Yes'), httpError(400, 'bad request')]);
    const { generator, calls } = await reportingGenerator(server.url);

    await generator.generateContent(request, 'a');
    await expect(generator.generateContent(request, 'b')).rejects.toThrow('bad request');

    expect(calls.map((call) => [call.promptId, call.error?.status])).toEqual([
      ['a', undefined],
      ['b', 400],
    ]);
  });
});

describe('ModelCalls', () => {
  it('tells its listeners until they unsubscribe, and a broken one stops nobody', () => {
    const feed = new ModelCalls();
    const seen: string[] = [];
    feed.subscribe(() => {
      throw new Error('broken reporter');
    });
    const unsubscribe = feed.subscribe((call) => seen.push(call.promptId));
    const call = { model: 'm', startedAt: 0, durationMs: 1, finishReasons: [] };

    feed.report({ ...call, promptId: 'first' });
    unsubscribe();
    feed.report({ ...call, promptId: 'second' });

    expect(seen).toEqual(['first']);
  });
});
